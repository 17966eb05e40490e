#include <catch2/catch.hpp>

#include <limits>

#include "executor/ops/foot_ik.h"
#include "executor/ops/model_space.h"
#include "executor/ops/two_bone_ik.h"
#include "tests/ops/ops_test_rigs.h"
#include "tests/ops/ops_test_util.h"

using namespace anim;
using namespace anim::test;

namespace {

void Solve(Pose& pose, const Skeleton& skeleton, const FootGround& ground, float alpha = 1.0f) {
  SolveFootIK(pose.view(), skeleton, skeleton.bone_count(), kThigh, kCalf, kFoot, ground, alpha);
}

}  // namespace

TEST_CASE("foot IK plants a foot below the ground at the ground height", "[ops][foot-ik]") {
  const Skeleton skeleton = LegRig();
  const Pose input = BindPose(skeleton);
  const Vec3 foot_before = ModelPosition(input.view(), skeleton, kFoot);
  const FootGround ground{foot_before.y + 0.1f, {0, 1, 0}, 0.08f, 0.0f};
  Pose pose = BindPose(skeleton);
  Solve(pose, skeleton, ground);
  const Vec3 foot = ModelPosition(pose.view(), skeleton, kFoot);
  RequireNear(foot, {foot_before.x, ground.height + ground.ankle_height, foot_before.z}, 1e-4f);
  // Flat ground: the foot keeps its component-space rotation.
  RequireSameRotation(ModelRotation(pose.view(), skeleton, kFoot),
                      ModelRotation(input.view(), skeleton, kFoot), 1e-4f);
  REQUIRE(SameBones(pose.view(), input.view(), kToe, kLegBoneCount));
}

TEST_CASE("foot IK aligns the foot to a sloped ground's normal", "[ops][foot-ik]") {
  const Skeleton skeleton = LegRig();
  const Pose input = BindPose(skeleton);
  const Vec3 foot_before = ModelPosition(input.view(), skeleton, kFoot);
  const Quat rotation_before = ModelRotation(input.view(), skeleton, kFoot);
  const Vec3 normal = NormalizeOr(Vec3{0.2f, 1.0f, -0.3f}, Vec3{});
  const FootGround ground{foot_before.y + 0.05f, normal, 0.08f, 0.0f};
  Pose pose = BindPose(skeleton);
  Solve(pose, skeleton, ground);
  const Vec3 planted = Vec3{foot_before.x, ground.height, foot_before.z} + normal * ground.ankle_height;
  RequireNear(ModelPosition(pose.view(), skeleton, kFoot), planted, 1e-4f);
  // What was the foot's up is now the ground normal.
  const Vec3 foot_up = Rotate(Conjugate(rotation_before), {0, 1, 0});
  RequireNear(Rotate(ModelRotation(pose.view(), skeleton, kFoot), foot_up), normal, 1e-4f);
}

TEST_CASE("foot IK plants a foot near the ground and leaves a lifted foot alone", "[ops][foot-ik]") {
  const Skeleton skeleton = LegRig();
  // Lift the foot first, so the leg has the slack to reach down.
  Pose input = BindPose(skeleton);
  const Vec3 bind_foot = ModelPosition(input.view(), skeleton, kFoot);
  SolveTwoBoneIK(input.view(), skeleton, kLegBoneCount, kThigh, kCalf, kFoot, bind_foot + Vec3{0, 0.1f, 0},
                 nullptr, 1.0f);
  const float foot_y = ModelPosition(input.view(), skeleton, kFoot).y;
  // The foot is 0.03 above its planted height: planted within 0.05, left alone within 0.01.
  const float height = foot_y - 0.03f;
  Pose near = input;
  SolveFootIK(near.view(), skeleton, kLegBoneCount, kThigh, kCalf, kFoot, {height, {0, 1, 0}, 0.0f, 0.05f},
              1.0f);
  REQUIRE(ModelPosition(near.view(), skeleton, kFoot).y == Approx(height).margin(1e-4));
  Pose lifted = input;
  SolveFootIK(lifted.view(), skeleton, kLegBoneCount, kThigh, kCalf, kFoot, {height, {0, 1, 0}, 0.0f, 0.01f},
              1.0f);
  REQUIRE(SameBones(lifted.view(), input.view(), 0, kLegBoneCount));
}

TEST_CASE("foot IK alpha and bad grounds", "[ops][foot-ik][bad-input]") {
  const Skeleton skeleton = LegRig();
  const Pose input = BindPose(skeleton);
  const float foot_y = ModelPosition(input.view(), skeleton, kFoot).y;
  const FootGround ground{foot_y + 0.1f, {0, 1, 0}, 0.0f, 0.0f};
  Pose half = BindPose(skeleton);
  Solve(half, skeleton, ground, 0.5f);
  const float y = ModelPosition(half.view(), skeleton, kFoot).y;
  REQUIRE(y > foot_y + 0.01f);
  REQUIRE(y < ground.height - 0.01f);

  for (const FootGround bad :
       {FootGround{foot_y + 0.1f, {0, -1, 0}, 0, 0}, FootGround{foot_y + 0.1f, {0, 0, 0}, 0, 0},
        FootGround{foot_y + 0.1f, {1, 0, 0}, 0, 0}, FootGround{std::nanf(""), {0, 1, 0}, 0, 0},
        FootGround{std::numeric_limits<float>::infinity(), {0, 1, 0}, 0, 0}}) {
    Pose pose = BindPose(skeleton);
    Solve(pose, skeleton, bad);
    REQUIRE(SameBones(pose.view(), input.view(), 0, kLegBoneCount));
  }
  Pose none = BindPose(skeleton);
  Solve(none, skeleton, ground, 0.0f);
  REQUIRE(SameBones(none.view(), input.view(), 0, kLegBoneCount));
  Pose wrong_leg = BindPose(skeleton);
  SolveFootIK(wrong_leg.view(), skeleton, kLegBoneCount, kThigh, kOtherThigh, kFoot, ground, 1.0f);
  REQUIRE(SameBones(wrong_leg.view(), input.view(), 0, kLegBoneCount));
}
