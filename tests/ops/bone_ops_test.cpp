#include <catch2/catch.hpp>

#include <limits>

#include "executor/ops/bone_ops.h"
#include "executor/ops/model_space.h"
#include "tests/ops/ops_test_rigs.h"
#include "tests/ops/ops_test_util.h"

using namespace anim;
using namespace anim::test;

namespace {

const Transform kValue{
    {0.1f, -0.2f, 0.3f}, FromAxisAngle(NormalizeOr(Vec3{1, 2, 3}, Vec3{}), 0.7f), {1.5f, 1.5f, 1.5f}};

void RequireSameTransform(const Transform& a, const Transform& b, float eps) {
  RequireNear(a.translation, b.translation, eps);
  RequireSameRotation(a.rotation, b.rotation, eps);
  RequireNear(a.scale, b.scale, eps);
}

}  // namespace

TEST_CASE("BoneTransform in local space adds or replaces the local transform", "[ops][bone-ops]") {
  const Skeleton skeleton = HumanoidRig();
  const Pose input = BindPose(skeleton);
  const Transform before = input.Get(kNeck);
  const int n = skeleton.bone_count();

  Pose added = BindPose(skeleton);
  ApplyBoneTransform(added.view(), skeleton, n, kNeck, BoneSpace::Local, BoneOpMode::Additive, kValue, 1.0f);
  RequireSameTransform(added.Get(kNeck),
                       {before.translation + kValue.translation, kValue.rotation * before.rotation,
                        Mul(before.scale, kValue.scale)},
                       1e-5f);

  Pose replaced = BindPose(skeleton);
  ApplyBoneTransform(replaced.view(), skeleton, n, kNeck, BoneSpace::Local, BoneOpMode::Replace, kValue,
                     1.0f);
  RequireSameTransform(replaced.Get(kNeck), kValue, 1e-5f);

  Pose half = BindPose(skeleton);
  ApplyBoneTransform(half.view(), skeleton, n, kNeck, BoneSpace::Local, BoneOpMode::Replace, kValue, 0.5f);
  RequireNear(half.Get(kNeck).translation, Lerp(before.translation, kValue.translation, 0.5f), 1e-5f);
  RequireNear(half.Get(kNeck).scale, Lerp(before.scale, kValue.scale, 0.5f), 1e-5f);
  const float whole = RotationDistance(before.rotation, kValue.rotation);
  REQUIRE(RotationDistance(before.rotation, half.Get(kNeck).rotation) == Approx(whole / 2).epsilon(0.05));

  // Only the bone itself changes.
  for (const Pose* pose : {&added, &replaced, &half}) {
    REQUIRE(SameBones(pose->view(), input.view(), 0, kNeck));
    REQUIRE(SameBones(pose->view(), input.view(), kNeck + 1, n));
  }
}

TEST_CASE("BoneTransform in component space works in model space under a scaled, turned parent",
          "[ops][bone-ops]") {
  const Skeleton skeleton = HumanoidRig(2.0f);
  const Pose input = BindPose(skeleton);
  const int n = skeleton.bone_count();
  const Vec3 position_before = ModelPosition(input.view(), skeleton, kElbow);
  const Quat rotation_before = ModelRotation(input.view(), skeleton, kElbow);
  const Vec3 child_offset =
      Rotate(Conjugate(rotation_before), ModelPosition(input.view(), skeleton, kHand) - position_before);

  Pose replaced = BindPose(skeleton);
  ApplyBoneTransform(replaced.view(), skeleton, n, kElbow, BoneSpace::Component, BoneOpMode::Replace, kValue,
                     1.0f);
  RequireNear(ModelPosition(replaced.view(), skeleton, kElbow), kValue.translation, 1e-5f);
  RequireSameRotation(ModelRotation(replaced.view(), skeleton, kElbow), kValue.rotation, 1e-5f);
  // The model-space scale is the requested one: the parent's 2x is divided out locally.
  RequireNear(replaced.Get(kElbow).scale, kValue.scale / 2.0f, 1e-5f);
  // The child follows through forward kinematics, carried rigidly (and scaled) by its parent.
  RequireNear(ModelPosition(replaced.view(), skeleton, kHand),
              kValue.translation + Rotate(kValue.rotation, child_offset * (1.5f / 2.0f)), 1e-4f);

  Pose added = BindPose(skeleton);
  ApplyBoneTransform(added.view(), skeleton, n, kElbow, BoneSpace::Component, BoneOpMode::Additive, kValue,
                     1.0f);
  RequireNear(ModelPosition(added.view(), skeleton, kElbow), position_before + kValue.translation, 1e-5f);
  RequireSameRotation(ModelRotation(added.view(), skeleton, kElbow), kValue.rotation * rotation_before,
                      1e-5f);
  RequireNear(added.Get(kElbow).scale, Mul(input.Get(kElbow).scale, kValue.scale), 1e-5f);

  Pose half = BindPose(skeleton);
  ApplyBoneTransform(half.view(), skeleton, n, kElbow, BoneSpace::Component, BoneOpMode::Additive, kValue,
                     0.5f);
  RequireNear(ModelPosition(half.view(), skeleton, kElbow), position_before + kValue.translation * 0.5f,
              1e-5f);
}

TEST_CASE("TranslateBone moves a bone in component space by offset times alpha", "[ops][bone-ops]") {
  const Skeleton skeleton = HumanoidRig(2.0f);
  const Pose input = BindPose(skeleton);
  const int n = skeleton.bone_count();
  const Vec3 offset{0.3f, -0.1f, 0.25f};
  for (float alpha : {1.0f, 0.5f, 0.0f}) {
    Pose pose = BindPose(skeleton);
    TranslateBone(pose.view(), skeleton, n, kSpine, offset, alpha);
    RequireNear(ModelPosition(pose.view(), skeleton, kSpine),
                ModelPosition(input.view(), skeleton, kSpine) + offset * alpha, 1e-5f);
    // The whole subtree moves with it; nothing else does.
    RequireNear(ModelPosition(pose.view(), skeleton, kHand),
                ModelPosition(input.view(), skeleton, kHand) + offset * alpha, 1e-5f);
    REQUIRE(SameBones(pose.view(), input.view(), 0, kSpine));
    REQUIRE(SameBones(pose.view(), input.view(), kSpine + 1, n));
  }
}

TEST_CASE("bone ops ignore bad bones and bad alphas", "[ops][bone-ops][bad-input]") {
  const Skeleton skeleton = HumanoidRig();
  const Pose input = BindPose(skeleton);
  const int n = skeleton.bone_count();
  for (int bone : {-1, n, 40000}) {
    Pose pose = BindPose(skeleton);
    ApplyBoneTransform(pose.view(), skeleton, n, bone, BoneSpace::Component, BoneOpMode::Replace, kValue,
                       1.0f);
    TranslateBone(pose.view(), skeleton, n, bone, {1, 1, 1}, 1.0f);
    REQUIRE(SameBones(pose.view(), input.view(), 0, n));
  }
  for (float alpha : {0.0f, -2.0f, std::nanf("")}) {
    Pose pose = BindPose(skeleton);
    ApplyBoneTransform(pose.view(), skeleton, n, kHead, BoneSpace::Local, BoneOpMode::Replace, kValue, alpha);
    TranslateBone(pose.view(), skeleton, n, kHead, {1, 1, 1}, alpha);
    REQUIRE(SameBones(pose.view(), input.view(), 0, n));
  }
  // Non-finite values are refused.
  Pose nan_value = BindPose(skeleton);
  Transform bad = kValue;
  bad.rotation.w = std::nanf("");
  ApplyBoneTransform(nan_value.view(), skeleton, n, kHead, BoneSpace::Component, BoneOpMode::Additive, bad,
                     1.0f);
  TranslateBone(nan_value.view(), skeleton, n, kHead, {0, std::numeric_limits<float>::infinity(), 0}, 1.0f);
  REQUIRE(SameBones(nan_value.view(), input.view(), 0, n));
  // Alpha above 1 is clamped to 1.
  Pose over = BindPose(skeleton);
  TranslateBone(over.view(), skeleton, n, kHead, {1, 0, 0}, 4.0f);
  RequireNear(ModelPosition(over.view(), skeleton, kHead),
              ModelPosition(input.view(), skeleton, kHead) + Vec3{1, 0, 0}, 1e-5f);
}
