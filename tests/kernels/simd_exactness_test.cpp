// The SIMD kernels evaluate the reference's expressions in the reference's order with correctly
// rounded operations, so they produce the same floats: the executor's output does not depend on
// the SIMD level or on which implementation ran.
#include <catch2/catch.hpp>

#include <cmath>

#include "executor/kernels/pose_kernels.h"
#include "tests/kernels/kernel_test_util.h"

using namespace anim;
using namespace anim::test;

TEST_CASE("SIMD kernels reproduce the reference exactly", "[kernels]") {
  std::mt19937 rng(51);
  for (int bones : kBoneCounts) {
    const Pose a = RandomPose(rng, bones);
    const Pose b = PartnerPose(rng, a);
    const std::vector<int16_t> parents = RandomParents(rng, bones);
    std::vector<float> weights(bones);
    std::uniform_real_distribution<float> u(-0.5f, 1.5f);
    for (float& w : weights)
      w = u(rng);
    Pose simd(bones), ref(bones), local_delta(bones), mesh_delta(bones);
    auto require_same = [&](const char* kernel) {
      INFO(kernel << " bones " << bones);
      REQUIRE(BitIdentical(simd.view(), ref.view(), 0, bones));
    };

    MakeAdditiveLocal(simd.view(), a.view(), b.view(), bones);
    reference::MakeAdditiveLocal(ref.view(), a.view(), b.view(), bones);
    require_same("MakeAdditiveLocal");
    CopyPose(local_delta.view(), ref.view(), bones);
    MakeAdditiveMesh(simd.view(), a.view(), b.view(), parents.data(), bones);
    reference::MakeAdditiveMesh(ref.view(), a.view(), b.view(), parents.data(), bones);
    require_same("MakeAdditiveMesh");
    CopyPose(mesh_delta.view(), ref.view(), bones);

    for (float alpha : kAlphas) {
      INFO("alpha " << alpha);
      BlendPoses(simd.view(), a.view(), b.view(), alpha, bones);
      reference::BlendPoses(ref.view(), a.view(), b.view(), alpha, bones);
      require_same("BlendPoses");
      BlendPosesMasked(simd.view(), a.view(), b.view(), weights.data(), alpha, bones);
      reference::BlendPosesMasked(ref.view(), a.view(), b.view(), weights.data(), alpha, bones);
      require_same("BlendPosesMasked");
      ApplyAdditiveLocal(simd.view(), b.view(), local_delta.view(), alpha, bones);
      reference::ApplyAdditiveLocal(ref.view(), b.view(), local_delta.view(), alpha, bones);
      require_same("ApplyAdditiveLocal");
      ApplyAdditiveMesh(simd.view(), b.view(), mesh_delta.view(), alpha, parents.data(), bones);
      reference::ApplyAdditiveMesh(ref.view(), b.view(), mesh_delta.view(), alpha, parents.data(), bones);
      require_same("ApplyAdditiveMesh");
    }
  }
}

// Lanes whose rotation has no length (all zero, or NaN) normalise to the identity, as the scalar
// Normalize does, while their neighbours in the same group of lanes are unaffected.
TEST_CASE("SIMD kernels reproduce the reference exactly on degenerate rotations", "[kernels]") {
  std::mt19937 rng(52);
  const int bones = 13;  // one whole group of lanes and a partial one
  Pose a = RandomPose(rng, bones);
  Pose b = PartnerPose(rng, a);
  for (int bone : {2, 9, 12}) {
    Transform t = a.Get(bone);
    t.rotation = {0, 0, 0, 0};
    a.Set(bone, t);
    b.Set(bone, t);
  }
  Transform nan_bone = a.Get(5);
  nan_bone.rotation = {std::nanf(""), 0, 0, 1};
  a.Set(5, nan_bone);
  Pose simd(bones), ref(bones);
  for (float alpha : kAlphas) {
    INFO("alpha " << alpha);
    BlendPoses(simd.view(), a.view(), b.view(), alpha, bones);
    reference::BlendPoses(ref.view(), a.view(), b.view(), alpha, bones);
    REQUIRE(BitIdentical(simd.view(), ref.view(), 0, bones));
    for (int bone : {2, 5, 9, 12})
      REQUIRE(simd.Get(bone).rotation == Quat::Identity());
    MakeAdditiveLocal(simd.view(), a.view(), b.view(), bones);
    reference::MakeAdditiveLocal(ref.view(), a.view(), b.view(), bones);
    REQUIRE(BitIdentical(simd.view(), ref.view(), 0, bones));
  }
}

// Deltas and bases with exact zero components (a half turn written as w = -1, turns about one
// axis, identities), for every alpha including 1 - alpha < 0. The final product by the base adds
// each zero to other terms, so a signed-zero slip inside the weighted delta rarely shows here; the
// degenerate-rotation test above is the one that sees the patched lanes.
TEST_CASE("SIMD additive application matches the reference on zero components", "[kernels]") {
  std::mt19937 rng(53);
  const int bones = 13;
  Pose base = RandomPose(rng, bones);
  Pose delta = RandomPose(rng, bones);
  for (int bone = 0; bone < bones; bone += 3) {
    Transform t = base.Get(bone);
    t.rotation = Quat::Identity();
    base.Set(bone, t);
  }
  const Quat zero_component_rotations[] = {
      {0, 0, 0, -1}, {0, 0.6f, 0, 0.8f}, {0, 0, 0, 1}, {-0.0f, 0, 0.6f, -0.8f}};
  for (int bone = 0; bone < bones; ++bone) {
    Transform t = delta.Get(bone);
    t.rotation = zero_component_rotations[bone % 4];
    delta.Set(bone, t);
  }
  Pose simd(bones), ref(bones);
  for (float alpha : kAlphas) {
    INFO("alpha " << alpha);
    ApplyAdditiveLocal(simd.view(), base.view(), delta.view(), alpha, bones);
    reference::ApplyAdditiveLocal(ref.view(), base.view(), delta.view(), alpha, bones);
    REQUIRE(BitIdentical(simd.view(), ref.view(), 0, bones));
  }
}
