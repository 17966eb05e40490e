#include <catch2/catch.hpp>

#include "executor/ops/look_at.h"
#include "executor/ops/model_space.h"
#include "tests/ops/ops_test_rigs.h"
#include "tests/ops/ops_test_util.h"

using namespace anim;
using namespace anim::test;

namespace {

const Vec3 kForward{0, 0, 1};

Vec3 Facing(const Pose& pose, const Skeleton& skeleton, int bone) {
  return Rotate(ModelRotation(pose.view(), skeleton, bone), kForward);
}

}  // namespace

TEST_CASE("LookAt points the forward axis at the target", "[ops][look-at]") {
  for (float root_scale : {1.0f, 2.0f}) {
    const Skeleton skeleton = HumanoidRig(root_scale);
    for (const Vec3 target : {Vec3{1, 2, 3}, Vec3{-2, 1.2f, 0.5f}, Vec3{0.3f, 3, -0.1f}}) {
      Pose pose = BindPose(skeleton);
      SolveLookAt(pose.view(), skeleton, skeleton.bone_count(), kHead, target, kForward, kPi, 1.0f);
      const Vec3 head = ModelPosition(pose.view(), skeleton, kHead);
      REQUIRE(AngleBetweenVectors(Facing(pose, skeleton, kHead), target - head) < 1e-3f);
    }
  }
}

TEST_CASE("LookAt turns at most the maximum angle, toward the target", "[ops][look-at]") {
  const Skeleton skeleton = HumanoidRig();
  const Pose input = BindPose(skeleton);
  const Vec3 head = ModelPosition(input.view(), skeleton, kHead);
  const Vec3 before = Facing(input, skeleton, kHead);
  const Vec3 target = head - before * 2.0f + Vec3{0.5f, 0, 0};  // behind the head
  const float max_angle = 0.5f;
  Pose pose = BindPose(skeleton);
  SolveLookAt(pose.view(), skeleton, skeleton.bone_count(), kHead, target, kForward, max_angle, 1.0f);
  const Vec3 after = Facing(pose, skeleton, kHead);
  REQUIRE(AngleBetweenVectors(before, after) == Approx(max_angle).margin(1e-3));
  REQUIRE(AngleBetweenVectors(after, target - head) < AngleBetweenVectors(before, target - head));

  Pose half = BindPose(skeleton);
  SolveLookAt(half.view(), skeleton, skeleton.bone_count(), kHead, target, kForward, max_angle, 0.5f);
  REQUIRE(AngleBetweenVectors(before, Facing(half, skeleton, kHead)) == Approx(max_angle / 2).margin(1e-3));
}

TEST_CASE("LookAt ignores degenerate requests", "[ops][look-at][bad-input]") {
  const Skeleton skeleton = HumanoidRig();
  const Pose input = BindPose(skeleton);
  const Vec3 head = ModelPosition(input.view(), skeleton, kHead);
  const Vec3 target{1, 2, 3};
  const auto unchanged = [&](int count, int bone, Vec3 at, Vec3 axis, float max_angle, float alpha) {
    Pose pose = BindPose(skeleton);
    SolveLookAt(pose.view(), skeleton, count, bone, at, axis, max_angle, alpha);
    return SameBones(pose.view(), input.view(), 0, skeleton.bone_count());
  };
  const int n = skeleton.bone_count();
  REQUIRE(unchanged(n, kHead, head, kForward, kPi, 1.0f));                       // target on the bone
  REQUIRE(unchanged(n, kHead, target, Vec3{}, kPi, 1.0f));                       // no forward axis
  REQUIRE(unchanged(n, kHead, target, kForward, -1.0f, 1.0f));                   // no turn allowed
  REQUIRE(unchanged(n, kHead, target, kForward, std::nanf(""), 1));              // NaN limit
  REQUIRE(unchanged(n, kHead, target, kForward, kPi, 0.0f));                     // alpha 0
  REQUIRE(unchanged(n, kHead, Vec3{0, 0, std::nanf("")}, kForward, kPi, 1.0f));  // NaN target
  REQUIRE(unchanged(n, n, target, kForward, kPi, 1.0f));                         // out of range
  REQUIRE(unchanged(kHead, kHead, target, kForward, kPi, 1.0f));                 // past the cut
}
