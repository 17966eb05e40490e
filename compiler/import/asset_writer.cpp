#include "compiler/import/asset_writer.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <initializer_list>

namespace anim {

namespace {

void AppendFloat(std::string& out, float v) {
  if (v == 0.0f) v = 0.0f;  // -0 prints as 0
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
  out.append(buffer, result.ptr);
}

// A double-quoted string, valid in both JSON and YAML.
void AppendQuoted(std::string& out, const std::string& s) {
  out += '"';
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20 || c == 0x7f) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", c);
      out += escape;
    } else {
      out += ch;
    }
  }
  out += '"';
}

void AppendList(std::string& out, std::initializer_list<float> values) {
  out += '[';
  bool first = true;
  for (float v : values) {
    if (!first) out += ", ";
    first = false;
    AppendFloat(out, v);
  }
  out += ']';
}

// One channel of a bone over every frame: `width` components per frame in one pose stream.
struct Channel {
  const char* key;
  int width;
  const float* (*stream)(ConstPoseView);
};

constexpr Channel kChannels[] = {
    {"translation", 3, [](ConstPoseView p) { return p.translations; }},
    {"rotation", 4, [](ConstPoseView p) { return p.rotations; }},
    {"scale", 3, [](ConstPoseView p) { return p.scales; }},
};

// `"curves": [...]`, each curve's keys as one constant when they do not change.
void AppendCurves(std::string& out, const std::vector<ClipCurve>& curves) {
  out += ",\n  \"curves\": [";
  for (std::size_t i = 0; i < curves.size(); ++i) {
    const ClipCurve& curve = curves[i];
    out += i == 0 ? "\n    {\"name\": " : ",\n    {\"name\": ";
    AppendQuoted(out, curve.name);
    const bool constant =
        std::all_of(curve.keys.begin(), curve.keys.end(), [&](float k) { return k == curve.keys.front(); });
    const std::size_t count = constant ? std::min<std::size_t>(curve.keys.size(), 1) : curve.keys.size();
    out += ",\n     \"values\": [";
    for (std::size_t k = 0; k < count; ++k) {
      if (k > 0) out += k % 8 == 0 ? ",\n       " : ", ";
      AppendFloat(out, curve.keys[k]);
    }
    out += "]";
    if (curve.step) out += ",\n     \"step\": true";
    out += "}";
  }
  out += "\n  ]";
}

}  // namespace

std::string WriteSkeletonYaml(const Skeleton& skeleton) {
  std::string out = "format: animtc.skeleton\nversion: 1\nname: ";
  AppendQuoted(out, skeleton.name());
  out += "\n";
  if (skeleton.low_detail_bone_count() != 0 && skeleton.low_detail_bone_count() != skeleton.bone_count()) {
    out += "low_detail_bone_count: " + std::to_string(skeleton.low_detail_bone_count()) + "\n";
  }
  out += "bones:\n";
  for (int b = 0; b < skeleton.bone_count(); ++b) {
    const Transform& t = skeleton.bind_local(b);
    out += "  - name: ";
    AppendQuoted(out, skeleton.bone_name(b));
    out += "\n";
    if (skeleton.parent(b) >= 0) {
      out += "    parent: ";
      AppendQuoted(out, skeleton.bone_name(skeleton.parent(b)));
      out += "\n";
    }
    out += "    translation: ";
    AppendList(out, {t.translation.x, t.translation.y, t.translation.z});
    out += "\n    rotation: ";
    AppendList(out, {t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w});
    out += "\n    scale: ";
    AppendList(out, {t.scale.x, t.scale.y, t.scale.z});
    out += "\n    inverse_bind: [";
    const Mat4& m = skeleton.inverse_bind()[static_cast<std::size_t>(b)];
    for (int i = 0; i < 16; ++i) {
      if (i > 0) out += ", ";
      AppendFloat(out, m.m[i / 4][i % 4]);
    }
    out += "]\n";
  }
  return out;
}

std::string WriteClipJson(const Clip& clip, const Skeleton& skeleton,
                          std::optional<ClipEncodingOptions> held_as) {
  const ClipEncodingOptions encoding = held_as.value_or(ClipEncodingOptions{clip.encoding(), 0.0});
  // The keys as the clip holds them, whatever its encoding.
  std::vector<Pose> keys(static_cast<std::size_t>(clip.frame_count()), Pose(clip.bone_count()));
  for (int k = 0; k < clip.frame_count(); ++k)
    clip.DecodeFrame(k, keys[static_cast<std::size_t>(k)].view());
  std::string out = "{\n  \"format\": \"animtc.clip\",\n  \"version\": 1,\n  \"name\": ";
  AppendQuoted(out, clip.name());
  out += ",\n  \"skeleton\": ";
  AppendQuoted(out, skeleton.name());
  out += ",\n  \"sample_rate\": ";
  AppendFloat(out, clip.sample_rate());
  out += ",\n  \"frame_count\": " + std::to_string(clip.frame_count());
  out += std::string(",\n  \"loop\": ") + (clip.looping() ? "true" : "false");
  out += ",\n  \"encoding\": \"" + std::string(EncodingName(encoding.encoding)) + "\"";
  if (encoding.precision > 0.0) {
    out += ",\n  \"precision\": ";
    AppendFloat(out, static_cast<float>(encoding.precision));
  }
  if (!clip.markers().empty()) {
    out += ",\n  \"markers\": [";
    for (std::size_t i = 0; i < clip.markers().size(); ++i) {
      out += i == 0 ? "\n    {\"name\": " : ",\n    {\"name\": ";
      AppendQuoted(out, clip.markers()[i].name);
      out += ", \"time\": ";
      AppendFloat(out, clip.markers()[i].time);
      out += "}";
    }
    out += "\n  ]";
  }
  if (!clip.curves().empty()) AppendCurves(out, clip.curves());
  out += ",\n  \"tracks\": [";
  bool first_track = true;
  for (int bone : clip.tracked_bones()) {
    out += first_track ? "\n    {\"bone\": " : ",\n    {\"bone\": ";
    first_track = false;
    AppendQuoted(out, skeleton.bone_name(bone));
    for (const Channel& channel : kChannels) {
      const auto value = [&](int k, int i) {
        return channel.stream(keys[static_cast<std::size_t>(k)].view())[StreamIndex(bone, i, channel.width)];
      };
      bool constant = true;
      for (int k = 1; k < clip.frame_count() && constant; ++k) {
        for (int i = 0; i < channel.width; ++i)
          constant = constant && value(k, i) == value(0, i);
      }
      out += ",\n     \"";
      out += channel.key;
      out += "\": [";
      const int frames = constant ? 1 : clip.frame_count();
      for (int k = 0; k < frames; ++k) {
        for (int i = 0; i < channel.width; ++i) {
          if (k > 0 || i > 0) out += i == 0 ? ",\n       " : ", ";
          AppendFloat(out, value(k, i));
        }
      }
      out += "]";
    }
    std::string steps;
    for (int c = 0; c < 3; ++c) {
      if (!clip.IsStep(bone, static_cast<TrackChannel>(c))) continue;
      steps += steps.empty() ? "\"" : ", \"";
      steps += kChannels[c].key;
      steps += "\"";
    }
    if (!steps.empty()) out += ",\n     \"step\": [" + steps + "]";
    out += "}";
  }
  out += first_track ? "]\n}\n" : "\n  ]\n}\n";
  return out;
}

}  // namespace anim
