#include "compiler/import/gltf_markers.h"

#include <algorithm>

namespace anim::gltf {

std::vector<SyncMarker> ReadMarkers(const tinygltf::Animation& animation, double start, double duration,
                                    std::vector<std::string>& skipped) {
  std::vector<SyncMarker> markers;
  if (!animation.extras.IsObject() || !animation.extras.Has("markers")) return markers;
  const tinygltf::Value& list = animation.extras.Get("markers");
  if (!list.IsArray()) {
    skipped.push_back("extras.markers is not an array");
    return markers;
  }
  for (std::size_t i = 0; i < list.ArrayLen(); ++i) {
    const tinygltf::Value& entry = list.Get(static_cast<int>(i));
    const std::string where = "extras.markers[" + std::to_string(i) + "]";
    if (!entry.IsObject() || !entry.Has("name") || !entry.Get("name").IsString() || !entry.Has("time") ||
        !entry.Get("time").IsNumber()) {
      skipped.push_back(where + " is not {\"name\": string, \"time\": number}");
      continue;
    }
    const std::string name = entry.Get("name").Get<std::string>();
    const double time = entry.Get("time").GetNumberAsDouble() - start;
    // A ten-thousandth of a millisecond of rounding either side of the clip still lands on it.
    constexpr double kSlack = 1e-7;
    if (name.empty() || !(time >= -kSlack && time <= duration + kSlack)) {
      skipped.push_back(where + (name.empty() ? " has an empty name" : " lies outside the animation"));
      continue;
    }
    markers.push_back({name, static_cast<float>(std::clamp(time, 0.0, duration))});
  }
  return markers;
}

}  // namespace anim::gltf
