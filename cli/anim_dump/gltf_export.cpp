#include "cli/anim_dump/gltf_export.h"

#include <fmt/format.h>

#include <optional>

#include "executor/pose/pose.h"

namespace anim::dump {
namespace {

// `bone` placed by the instance's root (a motion: yaw and ground translation, unit scale).
Transform Placed(const Transform& root, const Transform& bone) {
  return {.translation = TransformPoint(root, bone.translation),
          .rotation = root.rotation * bone.rotation,
          .scale = bone.scale};
}

}  // namespace

std::string ExportGltf(const DumpInput& input, const FrameRange& range, const std::string& name,
                       GltfContainer container, bool with_meshes) {
  const Skeleton* skeleton = input.skeleton();
  if (skeleton == nullptr) throw InputError{"export needs the graph's skeleton: pass --graph GRAPH"};
  const int frames = range.last - range.first + 1;
  const std::uint64_t key_bytes = static_cast<std::uint64_t>(frames) *
                                  static_cast<std::uint64_t>(PoseFloatCount(skeleton->bone_count())) *
                                  sizeof(float);
  if (key_bytes > kMaxExportKeyBytes)
    throw InputError{fmt::format(
        "an export holds at most {} MiB of keys; {} frames of {} bones need {} MiB (choose fewer with "
        "--frames A:B)",
        kMaxExportKeyBytes >> 20, frames, skeleton->bone_count(), (key_bytes + (1u << 20) - 1) >> 20)};

  // A skeleton imported from a glTF file is written back into that file, meshes and all.
  std::string error;
  std::optional<GltfHost> host;
  const SkeletonOrigin& origin = input.graph->skeleton_origin;
  if (with_meshes && !origin.gltf.empty()) {
    host = ReadGltfHost(origin.gltf, origin.skin, *skeleton, error);
    if (!host) throw InputError{error};
  }
  std::optional<Clip> clip =
      Clip::Create(*skeleton, name, 1.0f / input.scenario.delta_time, frames, false, error);
  if (!clip) throw InputError{"cannot export: " + error};
  for (int b = 0; b < skeleton->bone_count(); ++b)
    clip->MarkTracked(b);
  StreamFrames(input, range, FrameContent{.pose = true}, [&](const CapturedRun&, const DumpFrame& frame) {
    const PoseView keys = clip->frame(frame.frame - range.first);
    for (int b = 0; b < skeleton->bone_count(); ++b) {
      const Transform& local = frame.local_pose[static_cast<std::size_t>(b)];
      SetBoneTransform(keys, b, skeleton->parent(b) < 0 ? Placed(frame.root, local) : local);
    }
  });

  GltfWriteOptions options;
  options.container = container;
  if (host) options.host = &*host;
  const std::optional<GltfFiles> files = WriteGltf(*skeleton, {&*clip}, options, error);
  if (!files) throw InputError{"cannot export: " + error};
  return files->document;
}

}  // namespace anim::dump
