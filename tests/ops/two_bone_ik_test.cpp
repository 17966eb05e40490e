#include <catch2/catch.hpp>

#include "executor/ops/model_space.h"
#include "executor/ops/two_bone_ik.h"
#include "tests/ops/ops_test_rigs.h"
#include "tests/ops/ops_test_util.h"

using namespace anim;
using namespace anim::test;

namespace {

Vec3 Position(const Pose& pose, const Skeleton& skeleton, int bone) {
  return ModelPosition(pose.view(), skeleton, bone);
}

// Unit direction of the knee off the hip-foot line.
Vec3 KneeOffset(const Pose& pose, const Skeleton& skeleton) {
  const Vec3 hip = Position(pose, skeleton, kThigh);
  const Vec3 knee = Position(pose, skeleton, kCalf);
  const Vec3 line = NormalizeOr(Position(pose, skeleton, kFoot) - hip, Vec3{});
  const Vec3 off = knee - hip;
  return NormalizeOr(off - line * Dot(off, line), Vec3{});
}

void Solve(Pose& pose, const Skeleton& skeleton, Vec3 target, const Vec3* pole = nullptr,
           float alpha = 1.0f) {
  SolveTwoBoneIK(pose.view(), skeleton, skeleton.bone_count(), kThigh, kCalf, kFoot, target, pole, alpha);
}

}  // namespace

TEST_CASE("two-bone IK reaches targets in front, behind and above with the knee bent forward", "[ops][ik]") {
  const Skeleton skeleton = LegRig();
  const Vec3 hip = ModelPosition(skeleton.bind_pose().view(), skeleton, kThigh);
  // Targets in the leg's sagittal plane (x = hip.x): the knee's bend plane is the y-z plane, and
  // "forward" for a leg pointing along d is d x (+x) rotated: cross(d, +x).
  const Vec3 targets[] = {hip + Vec3{0, -0.7f, 0.3f}, hip + Vec3{0, -0.6f, -0.35f},
                          hip + Vec3{0, 0.2f, 0.5f},  hip + Vec3{0, -0.4f, 0},
                          hip + Vec3{0, 0.5f, 0.1f},  hip + Vec3{0.2f, -0.6f, 0.1f}};
  for (const Vec3 target : targets) {
    Pose pose = BindPose(skeleton);
    const Quat foot_before = ModelRotation(pose.view(), skeleton, kFoot);
    Solve(pose, skeleton, target);
    RequireNear(Position(pose, skeleton, kFoot), target, 1e-4f);
    const Vec3 dir = NormalizeOr(target - hip, Vec3{});
    const Vec3 forward = NormalizeOr(Cross(dir, Vec3{1, 0, 0}), Vec3{});
    INFO("target " << target.x << ", " << target.y << ", " << target.z);
    REQUIRE(Dot(KneeOffset(pose, skeleton), forward) > 0.9f);
    // The end effector keeps its component-space rotation.
    RequireSameRotation(ModelRotation(pose.view(), skeleton, kFoot), foot_before, 1e-4f);
  }
}

TEST_CASE("two-bone IK bends the knee toward a pole target", "[ops][ik]") {
  const Skeleton skeleton = LegRig();
  const Vec3 hip = ModelPosition(skeleton.bind_pose().view(), skeleton, kThigh);
  const Vec3 target = hip + Vec3{0.05f, -0.65f, 0.1f};
  // In front, to the side, and behind: the last one turns the whole leg around, it never inverts
  // the knee's hinge.
  for (const Vec3 pole_offset : {Vec3{0, -0.3f, 1}, Vec3{1, -0.3f, 0}, Vec3{0, -0.3f, -1}}) {
    Pose pose = BindPose(skeleton);
    const Vec3 pole = hip + pole_offset;
    Solve(pose, skeleton, target, &pole);
    RequireNear(Position(pose, skeleton, kFoot), target, 1e-4f);
    const Vec3 dir = NormalizeOr(target - hip, Vec3{});
    const Vec3 toward_pole = NormalizeOr(pole_offset - dir * Dot(pole_offset, dir), Vec3{});
    REQUIRE(Dot(KneeOffset(pose, skeleton), toward_pole) > 0.999f);
  }
}

TEST_CASE("two-bone IK on a straight leg bends the way the bind pose bends", "[ops][ik]") {
  const Skeleton skeleton = LegRig();
  Pose pose = BindPose(skeleton);
  // Straighten the leg: the current pose has no bend plane.
  Transform calf = pose.Get(kCalf), foot = pose.Get(kFoot);
  calf.translation = {0, -kUpperLeg, 0};
  foot.translation = {0, -kLowerLeg, 0};
  pose.Set(kCalf, calf);
  pose.Set(kFoot, foot);
  const Vec3 hip = Position(pose, skeleton, kThigh);
  const Vec3 target = hip + Vec3{0, -0.6f, 0.1f};
  Solve(pose, skeleton, target);
  RequireNear(Position(pose, skeleton, kFoot), target, 1e-4f);
  const Vec3 forward = NormalizeOr(Cross(NormalizeOr(target - hip, Vec3{}), Vec3{1, 0, 0}), Vec3{});
  REQUIRE(Dot(KneeOffset(pose, skeleton), forward) > 0.9f);
}

TEST_CASE("two-bone IK clamps an unreachable target and points the leg straight at it", "[ops][ik]") {
  const Skeleton skeleton = LegRig();
  const Vec3 hip = ModelPosition(skeleton.bind_pose().view(), skeleton, kThigh);
  for (const Vec3 target : {hip + Vec3{0, -3, 1}, hip + Vec3{2, 0.5f, 0}, hip}) {
    Pose pose = BindPose(skeleton);
    Solve(pose, skeleton, target);
    const Vec3 foot = Position(pose, skeleton, kFoot);
    const float reach = Distance(hip, foot);
    const float chain = kUpperLeg + kLowerLeg;
    if (Distance(hip, target) > chain) {
      REQUIRE(reach == Approx(chain * kTwoBoneMaxReach).margin(1e-4));
      REQUIRE(reach < chain);
      REQUIRE(AngleBetweenVectors(foot - hip, target - hip) < 1e-3f);
    } else {
      // A target on the hip itself: the shortest reach, never a NaN.
      REQUIRE(std::isfinite(foot.x + foot.y + foot.z));
      REQUIRE(reach < 0.01f);
    }
  }
}

TEST_CASE("two-bone IK alpha blends from the input pose to the solution", "[ops][ik]") {
  const Skeleton skeleton = LegRig();
  const Vec3 hip = ModelPosition(skeleton.bind_pose().view(), skeleton, kThigh);
  const Vec3 target = hip + Vec3{0.1f, -0.5f, 0.4f};
  const Pose input = BindPose(skeleton);

  Pose none = BindPose(skeleton);
  Solve(none, skeleton, target, nullptr, 0.0f);
  REQUIRE(SameBones(none.view(), input.view(), 0, skeleton.bone_count()));
  Pose nan_alpha = BindPose(skeleton);
  Solve(nan_alpha, skeleton, target, nullptr, std::nanf(""));
  REQUIRE(SameBones(nan_alpha.view(), input.view(), 0, skeleton.bone_count()));

  Pose full = BindPose(skeleton), half = BindPose(skeleton);
  Solve(full, skeleton, target);
  Solve(half, skeleton, target, nullptr, 0.5f);
  for (int bone : {kThigh, kCalf}) {
    const float whole = RotationDistance(input.Get(bone).rotation, full.Get(bone).rotation);
    REQUIRE(whole > 0.05f);
    REQUIRE(RotationDistance(input.Get(bone).rotation, half.Get(bone).rotation) ==
            Approx(whole / 2).epsilon(0.05));
    REQUIRE(RotationDistance(half.Get(bone).rotation, full.Get(bone).rotation) ==
            Approx(whole / 2).epsilon(0.05));
  }
  const float start = Distance(Position(input, skeleton, kFoot), target);
  const float mid = Distance(Position(half, skeleton, kFoot), target);
  REQUIRE(mid < start);
  REQUIRE(mid > 1e-3f);
  // Alpha above 1 is clamped, never extrapolated.
  Pose over = BindPose(skeleton);
  Solve(over, skeleton, target, nullptr, 3.0f);
  REQUIRE(SameBones(over.view(), full.view(), 0, skeleton.bone_count()));
}

TEST_CASE("two-bone IK refuses chains that are not chains", "[ops][ik][bad-input]") {
  const Skeleton skeleton = LegRig();
  const Pose input = BindPose(skeleton);
  const Vec3 target{0.1f, 0.3f, 0.2f};
  const int bad[][3] = {{kThigh, kThigh, kFoot}, {kThigh, kOtherThigh, kFoot}, {kFoot, kCalf, kThigh},
                        {kThigh, kCalf, 99},     {-1, kCalf, kFoot},           {kThigh, kCalf, kOtherThigh}};
  for (const auto& chain : bad) {
    Pose pose = BindPose(skeleton);
    SolveTwoBoneIK(pose.view(), skeleton, skeleton.bone_count(), chain[0], chain[1], chain[2], target,
                   nullptr, 1.0f);
    REQUIRE(SameBones(pose.view(), input.view(), 0, skeleton.bone_count()));
  }
  // A NaN target or pole is refused, never smeared over the pose.
  const Vec3 nan_target{std::nanf(""), 0, 0};
  Pose nan_pose = BindPose(skeleton);
  SolveTwoBoneIK(nan_pose.view(), skeleton, kLegBoneCount, kThigh, kCalf, kFoot, nan_target, nullptr, 1.0f);
  SolveTwoBoneIK(nan_pose.view(), skeleton, kLegBoneCount, kThigh, kCalf, kFoot, target, &nan_target, 1.0f);
  REQUIRE(SameBones(nan_pose.view(), input.view(), 0, skeleton.bone_count()));
  // A chain whose end lies past the LOD cut is not solved either.
  Pose pose = BindPose(skeleton);
  SolveTwoBoneIK(pose.view(), skeleton, kFoot, kThigh, kCalf, kFoot, target, nullptr, 1.0f);
  REQUIRE(SameBones(pose.view(), input.view(), 0, skeleton.bone_count()));
}
