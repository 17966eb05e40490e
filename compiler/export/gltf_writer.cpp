#include "compiler/export/gltf_writer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <exception>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <set>

#include <nlohmann/json.hpp>

namespace anim {

namespace {

using Json = nlohmann::ordered_json;

constexpr int kFloat = 5126;  // accessor componentType FLOAT
constexpr std::uint64_t kMaxBufferBytes = std::uint64_t{0xFFFFFFFF} - 1024;

// A float as a JSON number: the shortest decimal that reads back as the same float, when reading it
// as a double and rounding to float gives that float again (it always does but for rare halfway
// cases, where the float's exact double is written instead). -0 is written as 0.
Json Number(float v) {
  if (v == 0.0f) return 0;
  char text[64];
  const auto printed = std::to_chars(text, text + sizeof text, v);
  double parsed = 0.0;
  const auto read = std::from_chars(text, printed.ptr, parsed);
  if (read.ec == std::errc() && static_cast<float>(parsed) == v) return parsed;
  return static_cast<double>(v);
}

Json Numbers(std::initializer_list<float> values) {
  Json list = Json::array();
  for (float v : values)
    list.push_back(Number(v));
  return list;
}

bool Finite(const Transform& t) {
  for (float v : {t.translation.x, t.translation.y, t.translation.z, t.rotation.x, t.rotation.y, t.rotation.z,
                  t.rotation.w, t.scale.x, t.scale.y, t.scale.z}) {
    if (!std::isfinite(v)) return false;
  }
  return true;
}

// The node's local matrix T * R * S in double precision, column-major (glTF's `matrix`).
std::vector<double> ComposeMatrix(const Transform& t) {
  double x = t.rotation.x, y = t.rotation.y, z = t.rotation.z, w = t.rotation.w;
  const double length = std::sqrt(x * x + y * y + z * z + w * w);
  if (length > 0.0) {
    x /= length;
    y /= length;
    z /= length;
    w /= length;
  }
  const double rotation[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)},
                                 {2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)},
                                 {2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)}};
  const double scale[3] = {t.scale.x, t.scale.y, t.scale.z};
  std::vector<double> m(16, 0.0);
  for (int c = 0; c < 3; ++c) {
    for (int r = 0; r < 3; ++r)
      m[static_cast<std::size_t>(c * 4 + r)] = rotation[c][r] * scale[c];
  }
  m[12] = t.translation.x;
  m[13] = t.translation.y;
  m[14] = t.translation.z;
  m[15] = 1.0;
  return m;
}

std::string Base64(const std::string& bytes) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const std::uint32_t v = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16 |
                            static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8 |
                            static_cast<unsigned char>(bytes[i + 2]);
    for (int shift = 18; shift >= 0; shift -= 6)
      out += kDigits[(v >> shift) & 63];
  }
  if (i < bytes.size()) {
    std::uint32_t v = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16;
    if (i + 1 < bytes.size()) v |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8;
    out += kDigits[(v >> 18) & 63];
    out += kDigits[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? kDigits[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

bool PlainFileName(const std::string& name) {
  if (name.empty() || name.front() == '.') return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '.';
  });
}

void AppendU32(std::string& out, std::uint32_t v) {
  char bytes[4];
  for (int i = 0; i < 4; ++i)
    bytes[i] = static_cast<char>((v >> (8 * i)) & 0xFF);  // little-endian, as GLB specifies
  out.append(bytes, 4);
}

// The binary buffer with one buffer view and one accessor per float array.
class Builder {
 public:
  // An accessor of `count` elements of `type` ("SCALAR", "VEC3", "VEC4", "MAT4") over `values`.
  int AddAccessor(const std::vector<float>& values, int count, const char* type, bool min_max = false) {
    const std::size_t offset = bytes_.size();
    bytes_.resize(offset + values.size() * sizeof(float));
    for (std::size_t i = 0; i < values.size(); ++i) {
      // Little-endian IEEE 754 (the only platforms the project builds for).
      std::memcpy(bytes_.data() + offset + i * sizeof(float), &values[i], sizeof(float));
    }
    views_.push_back({{"buffer", 0}, {"byteOffset", offset}, {"byteLength", values.size() * sizeof(float)}});
    Json accessor = {
        {"bufferView", views_.size() - 1}, {"componentType", kFloat}, {"count", count}, {"type", type}};
    if (min_max && !values.empty()) {
      const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
      accessor["min"] = Numbers({*lo});
      accessor["max"] = Numbers({*hi});
    }
    accessors_.push_back(std::move(accessor));
    return static_cast<int>(accessors_.size() - 1);
  }

  std::string& bytes() { return bytes_; }
  Json& views() { return views_; }
  Json& accessors() { return accessors_; }

 private:
  std::string bytes_;
  Json views_ = Json::array();
  Json accessors_ = Json::array();
};

struct ChannelInfo {
  GltfChannel channel;
  const char* path;
  int width;
  const float* (*stream)(ConstPoseView);
};

constexpr ChannelInfo kChannels[] = {
    {GltfChannel::Translation, "translation", 3, [](ConstPoseView p) { return p.translations; }},
    {GltfChannel::Rotation, "rotation", 4, [](ConstPoseView p) { return p.rotations; }},
    {GltfChannel::Scale, "scale", 3, [](ConstPoseView p) { return p.scales; }},
};

const char* InterpolationName(GltfInterpolation i) {
  switch (i) {
    case GltfInterpolation::Step:
      return "STEP";
    case GltfInterpolation::CubicSpline:
      return "CUBICSPLINE";
    case GltfInterpolation::Linear:
      break;
  }
  return "LINEAR";
}

// One bone's channel over every frame of `clip`: `width` floats per key; rotations flipped into the
// hemisphere of the key before.
std::vector<float> ChannelKeys(const Clip& clip, int bone, const ChannelInfo& info) {
  std::vector<float> keys;
  keys.reserve(static_cast<std::size_t>(clip.frame_count() * info.width));
  for (int k = 0; k < clip.frame_count(); ++k) {
    const ConstPoseView frame = clip.frame(k);
    if (info.channel == GltfChannel::Rotation) {
      Quat q = GetQuat(frame.rotations, bone);
      if (k > 0) {
        const float* previous = keys.data() + keys.size() - 4;
        const float dot = q.x * previous[0] + q.y * previous[1] + q.z * previous[2] + q.w * previous[3];
        if (dot < 0.0f) q = Negate(q);
      }
      keys.insert(keys.end(), {q.x, q.y, q.z, q.w});
    } else {
      const Vec3 v = GetVec3(info.stream(frame), bone);
      keys.insert(keys.end(), {v.x, v.y, v.z});
    }
  }
  return keys;
}

// CUBICSPLINE output: per key its in-tangent, value and out-tangent, both tangents the finite
// difference of the neighbouring keys per second (one-sided at the ends, zero for a single key).
std::vector<float> CubicSplineKeys(const std::vector<float>& keys, int width, double rate) {
  const int count = static_cast<int>(keys.size()) / width;
  std::vector<float> out;
  out.reserve(keys.size() * 3);
  auto at = [&](int k, int c) { return static_cast<double>(keys[static_cast<std::size_t>(k * width + c)]); };
  std::vector<float> tangent(static_cast<std::size_t>(width));
  for (int k = 0; k < count; ++k) {
    for (int c = 0; c < width; ++c) {
      double slope = 0.0;
      if (count > 1) {
        const int lo = std::max(k - 1, 0), hi = std::min(k + 1, count - 1);
        slope = (at(hi, c) - at(lo, c)) * rate / static_cast<double>(hi - lo);
      }
      tangent[static_cast<std::size_t>(c)] = static_cast<float>(slope);
    }
    out.insert(out.end(), tangent.begin(), tangent.end());
    out.insert(out.end(), keys.begin() + k * width, keys.begin() + (k + 1) * width);
    out.insert(out.end(), tangent.begin(), tangent.end());
  }
  return out;
}

bool CheckInputs(const Skeleton& skeleton, const std::vector<const Clip*>& clips,
                 const GltfWriteOptions& options, std::set<int>& matrix_bones, std::string& error) {
  if (!std::isfinite(options.start_time) || options.start_time < 0.0) {
    error = "the start time must be 0 or more seconds";
    return false;
  }
  if (options.container == GltfContainer::GltfExternal && !PlainFileName(options.buffer_uri)) {
    error = "the buffer's file name '" + options.buffer_uri +
            "' must be letters, digits, '-', '_' and '.', not starting with '.'";
    return false;
  }
  for (int bone : options.matrix_bones) {
    if (bone < 0 || bone >= skeleton.bone_count()) {
      error = "matrix bone " + std::to_string(bone) + " does not exist (the skeleton has " +
              std::to_string(skeleton.bone_count()) + " bones)";
      return false;
    }
    matrix_bones.insert(bone);
  }
  for (int b = 0; b < skeleton.bone_count(); ++b) {
    bool finite = Finite(skeleton.bind_local(b));
    for (const auto& column : skeleton.inverse_bind()[static_cast<std::size_t>(b)].m) {
      for (float v : column)
        finite = finite && std::isfinite(v);
    }
    if (!finite) {
      error = "bone '" + skeleton.bone_name(b) + "' has a non-finite bind pose or inverse bind matrix";
      return false;
    }
  }
  for (const Clip* clip : clips) {
    if (clip->skeleton_hash() != skeleton.content_hash() || clip->bone_count() != skeleton.bone_count()) {
      error = "clip '" + clip->name() + "' is not bound to skeleton '" + skeleton.name() + "'";
      return false;
    }
    for (int bone : clip->tracked_bones()) {
      if (matrix_bones.count(bone)) {
        error = "bone '" + skeleton.bone_name(bone) + "' is animated by clip '" + clip->name() +
                "', so its node cannot be a matrix (glTF animates translation, rotation and scale)";
        return false;
      }
      for (int k = 0; k < clip->frame_count(); ++k) {
        if (!Finite(GetBoneTransform(clip->frame(k), bone))) {
          error = "clip '" + clip->name() + "' has a non-finite key for bone '" + skeleton.bone_name(bone) +
                  "' at frame " + std::to_string(k);
          return false;
        }
      }
    }
  }
  return true;
}

Json Nodes(const Skeleton& skeleton, const std::set<int>& matrix_bones, Json& scene_nodes) {
  Json nodes = Json::array();
  std::vector<std::vector<int>> children(static_cast<std::size_t>(skeleton.bone_count()));
  for (int b = 0; b < skeleton.bone_count(); ++b) {
    if (skeleton.parent(b) == kNoParent) {
      scene_nodes.push_back(b);
    } else {
      children[static_cast<std::size_t>(skeleton.parent(b))].push_back(b);
    }
  }
  for (int b = 0; b < skeleton.bone_count(); ++b) {
    Json node = {{"name", skeleton.bone_name(b)}};
    if (!children[static_cast<std::size_t>(b)].empty())
      node["children"] = children[static_cast<std::size_t>(b)];
    const Transform& t = skeleton.bind_local(b);
    if (matrix_bones.count(b)) {
      node["matrix"] = ComposeMatrix(t);
    } else {
      node["translation"] = Numbers({t.translation.x, t.translation.y, t.translation.z});
      node["rotation"] = Numbers({t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w});
      node["scale"] = Numbers({t.scale.x, t.scale.y, t.scale.z});
    }
    nodes.push_back(std::move(node));
  }
  return nodes;
}

Json Animation(const Clip& clip, int clip_index, const GltfWriteOptions& options, Builder& builder) {
  std::vector<float> times;
  times.reserve(static_cast<std::size_t>(clip.frame_count()));
  const double rate = clip.sample_rate();
  for (int k = 0; k < clip.frame_count(); ++k)
    times.push_back(static_cast<float>(options.start_time + k / rate));
  const int input = builder.AddAccessor(times, clip.frame_count(), "SCALAR", true);
  Json samplers = Json::array();
  Json channels = Json::array();
  for (int bone : clip.tracked_bones()) {
    for (const ChannelInfo& info : kChannels) {
      const GltfInterpolation asked = options.channel_interpolation
                                          ? options.channel_interpolation(clip_index, bone, info.channel)
                                          : options.interpolation;
      // A channel that steps is written as a STEP sampler, whatever was asked for the others.
      const GltfInterpolation interpolation =
          clip.IsStep(bone, static_cast<TrackChannel>(info.channel)) ? GltfInterpolation::Step : asked;
      std::vector<float> keys = ChannelKeys(clip, bone, info);
      int elements = clip.frame_count();
      if (interpolation == GltfInterpolation::CubicSpline) {
        keys = CubicSplineKeys(keys, info.width, rate);
        elements *= 3;
      }
      const int output = builder.AddAccessor(keys, elements, info.width == 4 ? "VEC4" : "VEC3");
      channels.push_back({{"sampler", samplers.size()}, {"target", {{"node", bone}, {"path", info.path}}}});
      samplers.push_back(
          {{"input", input}, {"interpolation", InterpolationName(interpolation)}, {"output", output}});
    }
  }
  Json animation = {
      {"name", clip.name()}, {"channels", std::move(channels)}, {"samplers", std::move(samplers)}};
  // Sync markers, as the importer reads them (compiler/import/gltf_markers.h), on the file's timeline.
  if (!clip.markers().empty()) {
    Json markers = Json::array();
    for (const SyncMarker& m : clip.markers())
      markers.push_back({{"name", m.name}, {"time", options.start_time + static_cast<double>(m.time)}});
    animation["extras"] = {{"markers", std::move(markers)}};
  }
  return animation;
}

}  // namespace

std::optional<GltfFiles> WriteGltf(const Skeleton& skeleton, const std::vector<const Clip*>& given,
                                   const GltfWriteOptions& options, std::string& error) {
  // Keys are written as the clips hold them: a compressed clip's decoded.
  std::vector<Clip> decoded;
  decoded.reserve(given.size());
  std::vector<const Clip*> clips;
  for (const Clip* clip : given) {
    if (clip->encoding() == ClipEncoding::Dense || clip->bone_count() != skeleton.bone_count()) {
      clips.push_back(clip);
    } else {
      clips.push_back(&decoded.emplace_back(clip->DenseCopy()));
    }
  }
  std::set<int> matrix_bones;
  if (!CheckInputs(skeleton, clips, options, matrix_bones, error)) return std::nullopt;

  Builder builder;
  std::vector<float> inverse_binds;
  inverse_binds.reserve(static_cast<std::size_t>(skeleton.bone_count()) * 16);
  for (const Mat4& m : skeleton.inverse_bind()) {
    for (const auto& column : m.m)
      inverse_binds.insert(inverse_binds.end(), std::begin(column), std::end(column));
  }
  Json skin = {{"name", skeleton.name()},
               {"inverseBindMatrices", builder.AddAccessor(inverse_binds, skeleton.bone_count(), "MAT4")}};
  Json joints = Json::array();
  for (int b = 0; b < skeleton.bone_count(); ++b)
    joints.push_back(b);
  skin["joints"] = std::move(joints);

  Json scene_nodes = Json::array();
  Json nodes = Nodes(skeleton, matrix_bones, scene_nodes);
  if (scene_nodes.size() == 1) skin["skeleton"] = scene_nodes[0];
  Json animations = Json::array();
  for (std::size_t c = 0; c < clips.size(); ++c)
    animations.push_back(Animation(*clips[c], static_cast<int>(c), options, builder));

  std::string& bytes = builder.bytes();
  if (bytes.size() > kMaxBufferBytes) {
    error = "the key data (" + std::to_string(bytes.size()) + " bytes) does not fit a glTF buffer of 4 GiB";
    return std::nullopt;
  }
  Json buffer = {{"byteLength", bytes.size()}};
  if (options.container == GltfContainer::GltfEmbedded) {
    buffer["uri"] = "data:application/octet-stream;base64," + Base64(bytes);
  } else if (options.container == GltfContainer::GltfExternal) {
    buffer["uri"] = options.buffer_uri;
  }

  Json doc = {{"asset", {{"version", "2.0"}, {"generator", "animtc"}}},
              {"scene", 0},
              {"scenes", Json::array({{{"nodes", std::move(scene_nodes)}}})},
              {"nodes", std::move(nodes)},
              {"skins", Json::array({std::move(skin)})}};
  if (!animations.empty()) doc["animations"] = std::move(animations);
  doc["buffers"] = Json::array({std::move(buffer)});
  doc["bufferViews"] = std::move(builder.views());
  doc["accessors"] = std::move(builder.accessors());

  std::string json;
  try {
    json = doc.dump(options.container == GltfContainer::Glb ? -1 : 2);
  } catch (const std::exception&) {
    error = "a bone, clip or skeleton name is not valid UTF-8, which glTF requires";
    return std::nullopt;
  }

  GltfFiles files;
  if (options.container == GltfContainer::Glb) {
    json.append((4 - json.size() % 4) % 4, ' ');
    bytes.append((4 - bytes.size() % 4) % 4, '\0');
    const std::uint64_t total = 12 + 8 + json.size() + (bytes.empty() ? 0 : 8 + bytes.size());
    if (total > std::numeric_limits<std::uint32_t>::max()) {
      error = "the file (" + std::to_string(total) + " bytes) does not fit a .glb of 4 GiB";
      return std::nullopt;
    }
    std::string& out = files.document;
    out.reserve(static_cast<std::size_t>(total));
    out += "glTF";
    AppendU32(out, 2);
    AppendU32(out, static_cast<std::uint32_t>(total));
    AppendU32(out, static_cast<std::uint32_t>(json.size()));
    out += "JSON";
    out += json;
    if (!bytes.empty()) {
      AppendU32(out, static_cast<std::uint32_t>(bytes.size()));
      out.append("BIN\0", 4);
      out += bytes;
    }
  } else {
    files.document = std::move(json);
    files.document += '\n';
    if (options.container == GltfContainer::GltfExternal) files.buffer = std::move(bytes);
  }
  return files;
}

}  // namespace anim
