#include "tests/executor/chain_rig.h"

#include <string>

namespace anim::test {
namespace {

Skeleton BuildChain() {
  SkeletonDesc desc;
  desc.name = "chain";
  for (int i = 0; i < 12; ++i) {
    SkeletonDesc::Bone b;
    b.name = "bone_" + std::to_string(i);
    b.parent = i - 1;
    b.bind_local.translation = {0.0f, i == 0 ? 0.0f : 0.1f, 0.0f};
    desc.bones.push_back(b);
  }
  std::string error;
  return *Skeleton::Build(desc, error);
}

// Every frame bends each bone about `axis` by an angle growing with time, and lifts the root.
Clip BendClip(const Skeleton& sk, const char* name, Vec3 axis) {
  std::string error;
  Clip clip = *Clip::Create(sk, name, 30.0f, 31, true, error);
  for (int k = 0; k < clip.frame_count(); ++k) {
    const float angle = 0.3f * std::sin(6.2831853f * static_cast<float>(k) / 30.0f) + 0.1f;
    for (int bone = 0; bone < sk.bone_count(); ++bone) {
      Transform t = sk.bind_local(bone);
      t.rotation = FromAxisAngle(axis, angle);
      if (bone == 0) t.translation = {0.0f, 0.05f * angle, 0.0f};
      SetBoneTransform(clip.frame(k), bone, t);
      clip.MarkTracked(bone);
    }
  }
  return clip;
}

}  // namespace

ChainRig::ChainRig() : skeleton(BuildChain()) {
  clips.push_back(BendClip(skeleton, "bend_x", {1, 0, 0}));
  clips.push_back(BendClip(skeleton, "bend_z", {0, 0, 1}));
  for (const Clip& c : clips)
    clip_table.push_back(&c);
  BoneMask upper;
  for (int b = 0; b < skeleton.bone_count(); ++b)
    upper.weights.push_back(b >= 6 ? 1.0f : 0.0f);
  masks.push_back(upper);
  BoneMask none;
  none.weights.assign(skeleton.bone_count(), 0.0f);
  masks.push_back(none);
  state.blends.resize(1);
  state.snapshots.resize(2);
}

AnimTaskList ChainRig::NewList() {
  AnimTaskList list;
  list.skeleton = &skeleton;
  list.clips = clip_table;
  list.masks = masks;
  list.state = &state;
  list.delta_time = 1.0f / 30.0f;
  return list;
}

AnimTask SampleTask(uint16_t clip, float time) {
  AnimTask t;
  t.type = AnimTaskType::SampleClip;
  t.resource = clip;
  t.time = time;
  return t;
}

AnimTask TaskOn(AnimTaskType type, int16_t a, int16_t b, float alpha) {
  AnimTask t;
  t.type = type;
  t.dep_a = a;
  t.dep_b = b;
  t.alpha = alpha;
  return t;
}

}  // namespace anim::test
