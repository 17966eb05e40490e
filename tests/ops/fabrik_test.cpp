#include <catch2/catch.hpp>

#include "executor/ops/fabrik.h"
#include "executor/ops/model_space.h"
#include "tests/ops/ops_test_rigs.h"
#include "tests/ops/ops_test_util.h"

using namespace anim;
using namespace anim::test;

namespace {

constexpr int kLinks = 12;

Vec3 Position(const Pose& pose, const Skeleton& skeleton, int bone) {
  return ModelPosition(pose.view(), skeleton, bone);
}

}  // namespace

TEST_CASE("FABRIK converges within tolerance on a 12-bone chain and keeps the bone lengths",
          "[ops][fabrik]") {
  const Skeleton skeleton = ChainRig(kLinks);
  const float tolerance = 1e-3f;
  for (const Vec3 target : {Vec3{0.4f, 0.6f, 0.2f}, Vec3{-0.3f, 0.2f, -0.5f}, Vec3{0.2f, -0.3f, 0.1f}}) {
    Pose pose = BindPose(skeleton);
    const Quat tip_before = ModelRotation(pose.view(), skeleton, kLinks - 1);
    SolveFabrik(pose.view(), skeleton, kLinks, 0, kLinks - 1, target, 64, tolerance, 1.0f);
    RequireNear(Position(pose, skeleton, kLinks - 1), target, tolerance * 1.01f);
    for (int i = 1; i < kLinks; ++i) {
      REQUIRE(Distance(Position(pose, skeleton, i - 1), Position(pose, skeleton, i)) ==
              Approx(0.1f).margin(1e-5));
    }
    RequireSameRotation(ModelRotation(pose.view(), skeleton, kLinks - 1), tip_before, 1e-4f);
  }
}

TEST_CASE("FABRIK straightens the chain toward an out-of-reach target", "[ops][fabrik]") {
  const Skeleton skeleton = ChainRig(kLinks);
  Pose pose = BindPose(skeleton);
  const Vec3 target{3.0f, 2.0f, -1.0f};
  SolveFabrik(pose.view(), skeleton, kLinks, 0, kLinks - 1, target, 10, 1e-4f, 1.0f);
  const Vec3 root = Position(pose, skeleton, 0);
  for (int i = 1; i < kLinks; ++i) {
    REQUIRE(AngleBetweenVectors(Position(pose, skeleton, i) - root, target - root) < 1e-3f);
    REQUIRE(Distance(Position(pose, skeleton, i), root) == Approx(0.1f * static_cast<float>(i)).margin(1e-4));
  }
}

TEST_CASE("FABRIK solves a sub-chain, blends by alpha and leaves the rest alone", "[ops][fabrik]") {
  const Skeleton skeleton = ChainRig(kLinks);
  const Pose input = BindPose(skeleton);
  const Vec3 target{0.25f, 0.7f, 0.1f};
  Pose full = BindPose(skeleton), half = BindPose(skeleton);
  SolveFabrik(full.view(), skeleton, kLinks, 3, 9, target, 64, 1e-4f, 1.0f);
  SolveFabrik(half.view(), skeleton, kLinks, 3, 9, target, 64, 1e-4f, 0.5f);
  RequireNear(Position(full, skeleton, 9), target, 2e-4f);
  REQUIRE(SameBones(full.view(), input.view(), 0, 3));
  REQUIRE(SameBones(full.view(), input.view(), 10, kLinks));
  const float start = Distance(Position(input, skeleton, 9), target);
  const float mid = Distance(Position(half, skeleton, 9), target);
  REQUIRE(mid < start);
  REQUIRE(mid > 1e-3f);

  Pose none = BindPose(skeleton);
  SolveFabrik(none.view(), skeleton, kLinks, 3, 9, target, 64, 1e-4f, 0.0f);
  REQUIRE(SameBones(none.view(), input.view(), 0, kLinks));
}

TEST_CASE("FABRIK refuses bad chains and chains past the LOD cut", "[ops][fabrik][bad-input]") {
  const Skeleton skeleton = ChainRig(kLinks);
  const Pose input = BindPose(skeleton);
  const Vec3 target{0.3f, 0.5f, 0.0f};
  const int bad[][2] = {{5, 2}, {4, 4}, {-1, 6}, {0, kLinks}, {0, 40000}};
  for (const auto& chain : bad) {
    Pose pose = BindPose(skeleton);
    SolveFabrik(pose.view(), skeleton, kLinks, chain[0], chain[1], target, 10, 1e-4f, 1.0f);
    REQUIRE(SameBones(pose.view(), input.view(), 0, kLinks));
  }
  Pose nan_target = BindPose(skeleton);
  SolveFabrik(nan_target.view(), skeleton, kLinks, 0, kLinks - 1, {0, std::nanf(""), 0}, 10, 1e-4f, 1.0f);
  REQUIRE(SameBones(nan_target.view(), input.view(), 0, kLinks));
  Pose cut = BindPose(skeleton);
  SolveFabrik(cut.view(), skeleton, 8, 0, kLinks - 1, target, 10, 1e-4f, 1.0f);
  REQUIRE(SameBones(cut.view(), input.view(), 0, kLinks));
  // No iterations: a reachable target is left as it is (nothing to do but the straightening).
  Pose idle = BindPose(skeleton);
  SolveFabrik(idle.view(), skeleton, kLinks, 0, kLinks - 1, target, -3, 1e-4f, 1.0f);
  REQUIRE(SameBones(idle.view(), input.view(), 0, kLinks));
}
