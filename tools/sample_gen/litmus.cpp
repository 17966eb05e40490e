#include "tools/sample_gen/litmus.h"

#include <string>

namespace anim::sample_gen {

SkeletonDesc LitmusSkeleton() {
  SkeletonDesc desc;
  desc.name = "litmus";
  for (int i = 0; i < kLitmusBones; ++i) {
    const int link = i + 1;
    SkeletonDesc::Bone bone;
    bone.name = "link_" + std::to_string(link / 10) + std::to_string(link % 10);
    bone.parent = i - 1;  // kNoParent for the first link
    bone.bind_local.translation = {0.0f, 0.1f, 0.0f};
    desc.bones.push_back(bone);
  }
  return desc;
}

ClipFrames LitmusStraightClip(const SkeletonDesc& litmus) {
  ClipFrames clip;
  clip.name = "straight";
  clip.loop = true;
  clip.dense_rotations = true;
  std::vector<Transform> straight;
  for (const SkeletonDesc::Bone& bone : litmus.bones)
    straight.push_back(bone.bind_local);
  clip.frames.assign(31, straight);
  return clip;
}

}  // namespace anim::sample_gen
