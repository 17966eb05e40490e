#include "vm/baked_clips.h"

#include "vm/bytecode/limits.h"

namespace anim {
namespace {

Clip BuildOne(const BakedClipDesc& desc, const Program& program, const Skeleton& skeleton) {
  std::string unused;  // the verifier has checked the rate and frame count
  Clip clip = *Clip::Create(skeleton, desc.name, desc.sample_rate, static_cast<int>(desc.frame_count),
                            desc.looping, unused);
  clip.set_pose_kind(PoseKind::AdditiveLocal);
  const int frames = static_cast<int>(desc.frame_count);
  for (int k = 0; k < frames; ++k) {
    for (int b = 0; b < skeleton.bone_count(); ++b)
      SetBoneTransform(clip.frame(k), b, Transform{});  // a channel it does not list: the identity delta
  }
  for (const BakedChannel& c : desc.channels) {
    const int components = BakedKeyComponents(c.channel);
    for (int k = 0; k < frames; ++k) {
      float v[4] = {0.0f, 0.0f, 0.0f, 0.0f};
      for (int i = 0; i < components; ++i)
        v[i] = c.keys[static_cast<std::size_t>(k * components + i)];
      SetTrackChannel(clip.frame(k), c.bone, c.channel, v);
    }
    clip.MarkTracked(c.bone);
    if (c.step) clip.MarkStep(c.bone, c.channel);
  }
  for (const BakedCurve& c : desc.curves)
    clip.AddCurve(ClipCurve{program.curves[c.curve], c.keys, c.step});
  return clip;
}

}  // namespace

std::optional<std::vector<Clip>> BuildBakedClips(const Program& program, const Skeleton& skeleton,
                                                 std::span<const Clip* const> loaded, std::string& error) {
  const std::size_t pose_bytes =
      static_cast<std::size_t>(PoseFloatCount(skeleton.bone_count())) * sizeof(float);
  std::size_t bytes = 0;
  for (const BakedClipDesc& desc : program.baked_clips) {
    const std::string what = "baked clip '" + desc.name + "'";
    for (const BakedChannel& c : desc.channels) {
      if (c.bone >= skeleton.bone_count()) {
        error = what + " names bone " + std::to_string(c.bone) + ", past skeleton '" + skeleton.name() + "'";
        return std::nullopt;
      }
    }
    bytes += pose_bytes * desc.frame_count;
    if (bytes > kMaxBakedKeyBytes) {
      error = "the baked clips need more than " + std::to_string(kMaxBakedKeyBytes) + " bytes of keys";
      return std::nullopt;
    }
    const Clip& source = *loaded[desc.source_clip];
    if (BakedClipInputsHash(skeleton.content_hash(), source.content_hash()) != desc.inputs_hash) {
      error = what + " was baked from another '" + program.clips[desc.source_clip] +
              "' or skeleton than the ones bound: the program is stale; recompile the graph";
      return std::nullopt;
    }
  }
  std::vector<Clip> clips;
  clips.reserve(program.baked_clips.size());
  for (const BakedClipDesc& desc : program.baked_clips)
    clips.push_back(BuildOne(desc, program, skeleton));
  return clips;
}

}  // namespace anim
