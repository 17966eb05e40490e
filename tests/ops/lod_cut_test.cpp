#include <catch2/catch.hpp>

#include <functional>

#include "executor/ops/bone_ops.h"
#include "executor/ops/dead_blending.h"
#include "executor/ops/fabrik.h"
#include "executor/ops/foot_ik.h"
#include "executor/ops/inertialization.h"
#include "executor/ops/look_at.h"
#include "executor/ops/model_space.h"
#include "executor/ops/transition_blend.h"
#include "executor/ops/two_bone_ik.h"
#include "tests/ops/ops_test_rigs.h"
#include "tests/ops/ops_test_util.h"

using namespace anim;
using namespace anim::test;

namespace {

// The humanoid's bind pose, bent a little everywhere so no op finds its work already done.
Pose PosedHumanoid(const Skeleton& skeleton, float amount) {
  Pose pose = BindPose(skeleton);
  for (int i = 0; i < skeleton.bone_count(); ++i) {
    Transform t = pose.Get(i);
    t.rotation =
        FromAxisAngle(NormalizeOr(Vec3{1, static_cast<float>(i), 0.5f}, Vec3{}), amount) * t.rotation;
    pose.Set(i, t);
  }
  return pose;
}

using Op = std::function<void(PoseView, int count)>;

}  // namespace

TEST_CASE("no op modifies a bone past the LOD cut", "[ops][lod]") {
  const Skeleton skeleton = HumanoidRig(1.5f);
  const Transform value{{0.1f, 0.2f, 0.3f}, FromAxisAngle({0, 1, 0}, 0.5f), {1.2f, 1.2f, 1.2f}};
  const Vec3 target{0.8f, 1.4f, 0.5f};
  const Vec3 pole{0.5f, 1.0f, 2.0f};
  TransitionBlendState inert;
  TransitionBlendState dead;
  const std::pair<const char*, Op> ops[] = {
      {"BoneTransform local",
       [&](PoseView p, int c) {
         for (int b = 0; b < skeleton.bone_count(); ++b) {
           ApplyBoneTransform(p, skeleton, c, b, BoneSpace::Local, BoneOpMode::Additive, value, 1.0f);
         }
       }},
      {"BoneTransform component",
       [&](PoseView p, int c) {
         for (int b = 0; b < skeleton.bone_count(); ++b) {
           ApplyBoneTransform(p, skeleton, c, b, BoneSpace::Component, BoneOpMode::Replace, value, 1.0f);
         }
       }},
      {"TranslateBone",
       [&](PoseView p, int c) {
         for (int b = 0; b < skeleton.bone_count(); ++b)
           TranslateBone(p, skeleton, c, b, target, 1.0f);
       }},
      {"TwoBoneIK",
       [&](PoseView p, int c) {
         SolveTwoBoneIK(p, skeleton, c, kShoulder, kElbow, kHand, target, &pole, 1);
       }},
      {"TwoBoneIK spine",
       [&](PoseView p, int c) { SolveTwoBoneIK(p, skeleton, c, kHips, kSpine, kChest, target, nullptr, 1); }},
      {"FABRIK",
       [&](PoseView p, int c) { SolveFabrik(p, skeleton, c, kHips, kHead, target, 20, 1e-4f, 1.0f); }},
      {"FABRIK short",
       [&](PoseView p, int c) { SolveFabrik(p, skeleton, c, kRoot, kSpine, target, 20, 1e-4f, 1); }},
      {"LookAt",
       [&](PoseView p, int c) {
         for (int b = 0; b < skeleton.bone_count(); ++b)
           SolveLookAt(p, skeleton, c, b, target, {0, 0, 1}, 1.0f, 1);
       }},
      {"FootIK",
       [&](PoseView p, int c) {
         SolveFootIK(p, skeleton, c, kShoulder, kElbow, kHand, {3.0f, {0, 1, 0}, 0, 0}, 1);
       }},
      {"Inertialize",
       [&](PoseView p, int c) {
         Pose previous = PosedHumanoid(skeleton, 0.6f);
         ApplyInertialization(inert, previous.view(), c, false, 0.0f, 0.5f, 0.016f);
         ApplyInertialization(inert, p, c, true, 0.1f, 0.5f, 0.016f);
       }},
      {"DeadBlend",
       [&](PoseView p, int c) {
         Pose previous = PosedHumanoid(skeleton, 0.6f);
         ApplyDeadBlend(dead, previous.view(), c, false, 0.0f, 0.5f, 0.2f, 0.016f);
         ApplyDeadBlend(dead, p, c, true, 0.1f, 0.5f, 0.2f, 0.016f);
       }},
  };
  const int n = skeleton.bone_count();
  for (const auto& [name, op] : ops) {
    for (int count : {0, int{kSpine}, int{kChest}, int{kNeck}, int{kElbow}, n}) {
      INFO(name << " with " << count << " active bones");
      const Pose input = PosedHumanoid(skeleton, 0.2f);
      Pose pose = input;
      op(pose.view(), count);
      REQUIRE(SameBones(pose.view(), input.view(), count, n));
      if (count == n) REQUIRE_FALSE(SameBones(pose.view(), input.view(), 0, n));  // the op does work uncut
    }
  }
}
