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

#include "compiler/export/gltf_bytes.h"

namespace anim {

namespace {

using gltf_bytes::BufferBuilder;
using gltf_bytes::Json;
using gltf_bytes::Number;
using gltf_bytes::Numbers;

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

bool PlainFileName(const std::string& name) {
  if (name.empty() || name.front() == '.') return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '.';
  });
}

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
  if (options.host && (!options.matrix_bones.empty() ||
                       options.host->bone_nodes.size() != static_cast<std::size_t>(skeleton.bone_count()))) {
    error = "a host file takes no matrix bones, and must hold a node for every bone";
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

Json Animation(const Clip& clip, int clip_index, const GltfWriteOptions& options, BufferBuilder& builder) {
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
      const int node = options.host ? options.host->bone_nodes[static_cast<std::size_t>(bone)] : bone;
      channels.push_back({{"sampler", samplers.size()}, {"target", {{"node", node}, {"path", info.path}}}});
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

// A new document: the skeleton's nodes and skin, the animations after them.
Json SkeletonDocument(const Skeleton& skeleton, const std::set<int>& matrix_bones, BufferBuilder& builder) {
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
  return {{"asset", {{"version", "2.0"}, {"generator", "animtc"}}},
          {"scene", 0},
          {"scenes", Json::array({{{"nodes", std::move(scene_nodes)}}})},
          {"nodes", std::move(nodes)},
          {"skins", Json::array({std::move(skin)})}};
}

// `clip` with each folded bone's keys as its host node's locals.
Clip WithNodeLocals(const Clip& clip, const GltfHost& host) {
  Clip converted = clip;
  for (int bone : clip.tracked_bones()) {
    if (!host.folded[static_cast<std::size_t>(bone)]) continue;
    for (int k = 0; k < clip.frame_count(); ++k)
      SetBoneTransform(converted.frame(k), bone, host.NodeLocal(bone, GetBoneTransform(clip.frame(k), bone)));
  }
  return converted;
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

  Json doc;
  BufferBuilder builder;
  std::vector<Clip> node_locals;
  if (const GltfHost* host = options.host) {
    doc = Json::parse(host->json);
    builder = BufferBuilder(host->bytes, std::move(doc["bufferViews"]), std::move(doc["accessors"]));
    node_locals.reserve(clips.size());
    for (const Clip*& clip : clips)
      clip = &node_locals.emplace_back(WithNodeLocals(*clip, *host));
  } else {
    doc = SkeletonDocument(skeleton, matrix_bones, builder);
  }
  Json animations = Json::array();
  for (std::size_t c = 0; c < clips.size(); ++c)
    animations.push_back(Animation(*clips[c], static_cast<int>(c), options, builder));
  if (!animations.empty()) doc["animations"] = std::move(animations);
  doc["buffers"] = nullptr;  // filled by Pack, here in the key order
  doc["bufferViews"] = std::move(builder.views());
  doc["accessors"] = std::move(builder.accessors());
  return gltf_bytes::Pack(std::move(doc), std::move(builder.bytes()), options.container, options.buffer_uri,
                          error);
}

}  // namespace anim
