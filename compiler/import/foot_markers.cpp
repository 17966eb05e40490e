#include "compiler/import/foot_markers.h"

#include <algorithm>
#include <cmath>

#include "compiler/clips/clip_precision.h"
#include "executor/math/mat4.h"
#include "executor/resolve/forward_kinematics.h"

namespace anim {
namespace {

constexpr double kLowShare = 0.03;         // of the skeleton's height, above the foot's lowest
constexpr double kStillShare = 0.1;        // of the skeleton's height, per second
constexpr double kShortestContact = 0.08;  // seconds (and at least two frames)

// Per key frame, the lowest point of the foot: the lowest of the foot bone and the joints below it
// (a toe), and how fast that joint moves from this frame to the next (the last frame of a play-once
// clip: from the one before).
struct FootTrack {
  std::vector<double> height, speed;
};

FootTrack Track(const Clip& clip, const Skeleton& skeleton, int foot, int frames) {
  std::vector<int> joints{foot};
  for (int b = foot + 1; b < skeleton.bone_count(); ++b) {  // parents come first
    if (std::find(joints.begin(), joints.end(), skeleton.parent(b)) != joints.end()) joints.push_back(b);
  }
  Pose pose(clip.bone_count());
  std::vector<Mat4> model(static_cast<std::size_t>(skeleton.bone_count()));
  std::vector<std::vector<Vec3>> at(static_cast<std::size_t>(clip.frame_count()));
  for (int k = 0; k < clip.frame_count(); ++k) {
    clip.DecodeFrame(k, pose.view());
    LocalToModel(skeleton, pose.view(), model.data());
    for (int j : joints)
      at[k].push_back(model[static_cast<std::size_t>(j)].Translation());
  }
  FootTrack track;
  for (int k = 0; k < frames; ++k) {
    std::size_t lowest = 0;
    for (std::size_t j = 1; j < joints.size(); ++j) {
      if (at[k][j].y < at[k][lowest].y) lowest = j;
    }
    const int next = k + 1 < clip.frame_count() ? k + 1 : k;
    const int from = next == k ? k - 1 : k;
    track.height.push_back(at[k][lowest].y);
    track.speed.push_back(Distance(at[next][lowest], at[from][lowest]) * clip.sample_rate());
  }
  return track;
}

}  // namespace

std::vector<SyncMarker> DetectFootMarkers(const Clip& clip, const Skeleton& skeleton,
                                          std::span<const FootMarkerSpec> feet) {
  std::vector<SyncMarker> markers;
  const int keys = clip.frame_count();
  if (keys < 3 || clip.bone_count() != skeleton.bone_count()) return markers;
  const double height_of_skeleton = SkeletonHeight(skeleton);
  const double low = kLowShare * height_of_skeleton;
  const int shortest = std::max(2, static_cast<int>(std::ceil(kShortestContact * clip.sample_rate())));
  std::vector<FootTrack> tracks;
  bool cycle = clip.looping();
  for (const FootMarkerSpec& foot : feet) {
    if (foot.bone < 0 || foot.bone >= skeleton.bone_count()) return markers;
    tracks.push_back(Track(clip, skeleton, foot.bone, keys));
    // A clip whose feet end as they started is a cycle too (glTF has no looping flag).
    cycle = cycle || std::fabs(tracks.back().height.back() - tracks.back().height.front()) <= 0.1 * low;
  }
  // A cycle's last key is its first again: the cycle is the keys before it.
  const int frames = cycle ? keys - 1 : keys;
  for (std::size_t f = 0; f < feet.size(); ++f) {
    const std::vector<double>& height = tracks[f].height;
    const std::vector<double>& speed = tracks[f].speed;
    const double lowest = *std::min_element(height.begin(), height.begin() + frames);
    const auto [slowest, fastest] = std::minmax_element(speed.begin(), speed.begin() + frames);
    // Slow: below halfway from the foot's slowest to its fastest, and always below a tenth of the
    // skeleton's height a second (a foot that never lifts is down all along: no foot-down).
    const double slow = std::max(*slowest + 0.5 * (*fastest - *slowest), kStillShare * height_of_skeleton);
    std::vector<bool> down(static_cast<std::size_t>(frames));
    for (int k = 0; k < frames; ++k)
      down[k] = height[k] <= lowest + low && speed[k] <= slow;
    for (int k = 0; k < frames; ++k) {
      const bool starts = down[k] && (k > 0 ? !down[k - 1] : cycle && !down[frames - 1]);
      if (!starts) continue;
      int length = 0;
      while (length < frames && down[(k + length) % frames] && (cycle || k + length < frames))
        ++length;
      if (length >= shortest) markers.push_back({feet[f].marker, static_cast<float>(k / clip.sample_rate())});
    }
  }
  return markers;
}

}  // namespace anim
