#include "tests/ops/ops_test_rigs.h"

#include <cmath>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>

namespace anim::test {
namespace {

Skeleton BuildOrThrow(const SkeletonDesc& desc) {
  std::string error;
  std::optional<Skeleton> skeleton = Skeleton::Build(desc, error);
  if (!skeleton) throw std::runtime_error("test rig failed to build: " + error);
  return *skeleton;
}

SkeletonDesc::Bone MakeBone(const char* name, int parent, Vec3 translation, Quat rotation = Quat::Identity(),
                            Vec3 scale = {1, 1, 1}) {
  SkeletonDesc::Bone bone;
  bone.name = name;
  bone.parent = parent;
  bone.bind_local = {translation, rotation, scale};
  return bone;
}

}  // namespace

Skeleton LegRig(bool bind_knee_bent) {
  const float knee_forward = bind_knee_bent ? 0.03f : 0.0f;
  const float shin = std::sqrt(kLowerLeg * kLowerLeg - knee_forward * knee_forward);
  const float thigh = std::sqrt(kUpperLeg * kUpperLeg - knee_forward * knee_forward);
  SkeletonDesc desc;
  desc.name = "leg";
  desc.bones = {MakeBone("pelvis", kNoParent, {0, 1.0f, 0}),
                MakeBone("thigh", kPelvis, {0.1f, -0.05f, 0}),
                MakeBone("calf", kThigh, {0, -thigh, knee_forward}),
                MakeBone("foot", kCalf, {0, -shin, -knee_forward}),
                MakeBone("toe", kFoot, {0, -0.05f, 0.12f}),
                MakeBone("other_thigh", kPelvis, {-0.1f, -0.05f, 0})};
  return BuildOrThrow(desc);
}

Skeleton ChainRig(int bones) {
  SkeletonDesc desc;
  desc.name = "chain";
  for (int i = 0; i < bones; ++i) {
    const float bend = (i % 2 == 0 ? 1.0f : -0.5f) * 0.08f;
    const std::string name = "link" + std::to_string(i);
    desc.bones.push_back(
        MakeBone(name.c_str(), i - 1, i == 0 ? Vec3{} : Vec3{0, 0.1f, 0}, FromAxisAngle({0, 0, 1}, bend)));
  }
  return BuildOrThrow(desc);
}

Skeleton HumanoidRig(float root_scale) {
  SkeletonDesc desc;
  desc.name = "humanoid";
  const float s = root_scale;
  desc.bones = {MakeBone("root", kNoParent, {0.3f, 0, -0.2f}, FromAxisAngle({0, 1, 0}, 0.4f), {s, s, s}),
                MakeBone("hips", kRoot, {0, 1.0f, 0}),
                MakeBone("spine", kHips, {0, 0.15f, 0}, FromAxisAngle({1, 0, 0}, 0.1f)),
                MakeBone("chest", kSpine, {0, 0.2f, 0}),
                MakeBone("neck", kChest, {0, 0.2f, 0}, FromAxisAngle({1, 0, 0}, -0.15f)),
                MakeBone("head", kNeck, {0, 0.1f, 0.02f}),
                MakeBone("shoulder", kChest, {0.18f, 0.12f, 0}, FromAxisAngle({0, 0, 1}, -1.2f)),
                MakeBone("elbow", kShoulder, {0, 0.28f, 0}, FromAxisAngle({1, 0, 0}, 0.3f)),
                MakeBone("hand", kElbow, {0, 0.25f, 0})};
  return BuildOrThrow(desc);
}

Pose BindPose(const Skeleton& skeleton) {
  Pose pose(skeleton.bone_count());
  for (int i = 0; i < skeleton.bone_count(); ++i)
    pose.Set(i, skeleton.bind_local(i));
  return pose;
}

bool SameBones(ConstPoseView a, ConstPoseView b, int first, int last) {
  for (int i = first; i < last; ++i) {
    const Transform x = GetBoneTransform(a, i);
    const Transform y = GetBoneTransform(b, i);
    if (std::memcmp(&x, &y, sizeof(Transform)) != 0) return false;
  }
  return true;
}

}  // namespace anim::test
