// The SIMD kernels evaluate the reference's expressions in the reference's order with correctly
// rounded operations, so they produce the same floats: the executor's output does not depend on
// the SIMD level or on which implementation ran.
#include <catch2/catch.hpp>

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
      REQUIRE(MaxDifference(simd.view(), ref.view(), bones) == 0.0f);
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
