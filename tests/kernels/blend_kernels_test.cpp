// BlendPoses, BlendPosesMasked and CopyPose: SIMD against the scalar reference, aliasing, the LOD
// cut and bad counts.
#include <catch2/catch.hpp>

#include "executor/kernels/pose_kernels.h"
#include "tests/kernels/kernel_test_util.h"

using namespace anim;
using namespace anim::test;

namespace {

std::vector<float> RandomWeights(std::mt19937& rng, int bones) {
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  std::vector<float> w(bones);
  for (int i = 0; i < bones; ++i)
    w[i] = i % 3 == 0 ? 0.0f : (i % 5 == 0 ? 1.0f : u(rng));
  return w;
}

}  // namespace

TEST_CASE("BlendPoses matches the reference for every alpha, bone count and aliasing", "[kernels]") {
  std::mt19937 rng(1);
  for (int bones : kBoneCounts) {
    const Pose a = RandomPose(rng, bones);
    const Pose b = PartnerPose(rng, a);
    for (float alpha : kAlphas) {
      auto simd = [alpha](PoseView o, ConstPoseView x, ConstPoseView y, int n) {
        BlendPoses(o, x, y, alpha, n);
      };
      auto ref = [alpha](PoseView o, ConstPoseView x, ConstPoseView y, int n) {
        reference::BlendPoses(o, x, y, alpha, n);
      };
      const Pose expected = RunAliased(a, b, Alias::kNone, bones, ref);
      for (Alias alias : kAliasModes) {
        INFO("bones " << bones << " alpha " << alpha << " alias " << static_cast<int>(alias));
        REQUIRE(MaxDifference(RunAliased(a, b, alias, bones, simd).view(), expected.view(), bones) <=
                kTolerance);
        REQUIRE(MaxDifference(RunAliased(a, b, alias, bones, ref).view(), expected.view(), bones) <=
                kTolerance);
      }
    }
  }
}

TEST_CASE("BlendPoses lerps translations and scales and takes the short arc", "[kernels]") {
  std::mt19937 rng(2);
  const Pose a = RandomPose(rng, 13);
  const Pose b = PartnerPose(rng, a);
  for (float alpha : kAlphas) {
    Pose out(13);
    BlendPoses(out.view(), a.view(), b.view(), alpha, 13);
    for (int i = 0; i < 13; ++i) {
      const Transform x = a.Get(i), y = b.Get(i), r = out.Get(i);
      const Vec3 t = x.translation + (y.translation - x.translation) * alpha;
      REQUIRE(Length(r.translation - t) < kTolerance);
      REQUIRE(Length(r.scale - (x.scale + (y.scale - x.scale) * alpha)) < kTolerance);
      REQUIRE(std::fabs(Dot(r.rotation, r.rotation) - 1.0f) < kTolerance);  // unit, and so no NaN
    }
    // Bone 3's partner is its own negation: the same rotation, so every alpha gives it back.
    REQUIRE(std::fabs(std::fabs(Dot(out.Get(3).rotation, a.Get(3).rotation)) - 1.0f) < kTolerance);
  }
  Pose at_zero(13), at_one(13);
  BlendPoses(at_zero.view(), a.view(), b.view(), 0.0f, 13);
  BlendPoses(at_one.view(), a.view(), b.view(), 1.0f, 13);
  REQUIRE(MaxDifference(at_zero.view(), a.view(), 13) <= kTolerance);
  REQUIRE(MaxDifference(at_one.view(), b.view(), 13) <= kTolerance);
}

TEST_CASE("BlendPosesMasked matches the reference and counts the weighted bones", "[kernels]") {
  std::mt19937 rng(3);
  for (int bones : kBoneCounts) {
    const Pose a = RandomPose(rng, bones);
    const Pose b = PartnerPose(rng, a);
    const std::vector<float> weights = RandomWeights(rng, bones);
    const int expected_weighted =
        static_cast<int>(std::count_if(weights.begin(), weights.end(), [](float w) { return w != 0.0f; }));
    for (float alpha : kAlphas) {
      int simd_weighted = -1, ref_weighted = -1;
      auto simd = [&](PoseView o, ConstPoseView x, ConstPoseView y, int n) {
        simd_weighted = BlendPosesMasked(o, x, y, weights.data(), alpha, n);
      };
      auto ref = [&](PoseView o, ConstPoseView x, ConstPoseView y, int n) {
        ref_weighted = reference::BlendPosesMasked(o, x, y, weights.data(), alpha, n);
      };
      const Pose expected = RunAliased(a, b, Alias::kNone, bones, ref);
      REQUIRE(ref_weighted == expected_weighted);
      for (Alias alias : kAliasModes) {
        INFO("bones " << bones << " alpha " << alpha << " alias " << static_cast<int>(alias));
        REQUIRE(MaxDifference(RunAliased(a, b, alias, bones, simd).view(), expected.view(), bones) <=
                kTolerance);
        REQUIRE(simd_weighted == expected_weighted);
      }
      // Unweighted bones keep a; a bone of weight w matches a plain blend at w * alpha.
      for (int i = 0; i < bones; ++i) {
        Pose one_a(1), one_b(1), blended(1), from_mask(1);
        one_a.Set(0, a.Get(i));
        one_b.Set(0, b.Get(i));
        from_mask.Set(0, expected.Get(i));
        reference::BlendPoses(blended.view(), one_a.view(), one_b.view(), weights[i] * alpha, 1);
        REQUIRE(MaxDifference(blended.view(), from_mask.view(), 1) <= kTolerance);
      }
    }
  }
}

TEST_CASE("BlendPosesMasked with no weights takes a and weights no bone", "[kernels]") {
  std::mt19937 rng(4);
  const Pose a = RandomPose(rng, 13);
  const Pose b = PartnerPose(rng, a);
  Pose out = SentinelPose(13);
  REQUIRE(BlendPosesMasked(out.view(), a.view(), b.view(), nullptr, 1.0f, 13) == 0);
  REQUIRE(MaxDifference(out.view(), a.view(), 13) <= kTolerance);
  REQUIRE(reference::BlendPosesMasked(out.view(), a.view(), b.view(), nullptr, 1.0f, 13) == 0);
  REQUIRE(MaxDifference(out.view(), a.view(), 13) <= kTolerance);
}

TEST_CASE("CopyPose copies the prefix, in place or not", "[kernels]") {
  std::mt19937 rng(5);
  for (int bones : kBoneCounts) {
    const Pose a = RandomPose(rng, bones);
    for (auto copy : {CopyPose, reference::CopyPose}) {
      Pose out = SentinelPose(bones);
      copy(out.view(), a.view(), bones);
      REQUIRE(MaxDifference(out.view(), a.view(), bones) == 0.0f);
      Pose same = a;
      copy(same.view(), same.view(), bones);
      REQUIRE(MaxDifference(same.view(), a.view(), bones) == 0.0f);
    }
  }
}

TEST_CASE("kernels cut at count leave every bone past the LOD cut untouched", "[kernels][lod]") {
  std::mt19937 rng(6);
  const int bones = 67;
  const Pose a = RandomPose(rng, bones);
  const Pose b = PartnerPose(rng, a);
  const std::vector<float> weights = RandomWeights(rng, bones);
  for (int cut : {0, 1, 5, 8, 9, 40, 66}) {
    auto blend = [](PoseView o, ConstPoseView x, ConstPoseView y, int n) { BlendPoses(o, x, y, 0.3f, n); };
    auto masked = [&](PoseView o, ConstPoseView x, ConstPoseView y, int n) {
      BlendPosesMasked(o, x, y, weights.data(), 1.7f, n);
    };
    auto copy = [](PoseView o, ConstPoseView x, ConstPoseView, int n) { CopyPose(o, x, n); };
    for (Alias alias : kAliasModes) {
      INFO("cut " << cut << " alias " << static_cast<int>(alias));
      const Pose& before =
          alias == Alias::kOutIsFirst ? a : (alias == Alias::kOutIsSecond ? b : SentinelPose(bones));
      const Pose full = RunAliased(a, b, Alias::kNone, bones, blend);
      const Pose cut_blend = RunAliased(a, b, alias, cut, blend);
      REQUIRE(TailIdentical(before, cut_blend, cut));
      REQUIRE(MaxDifference(cut_blend.view(), full.view(), cut) <= kTolerance);
      REQUIRE(TailIdentical(before, RunAliased(a, b, alias, cut, masked), cut));
      REQUIRE(TailIdentical(before, RunAliased(a, b, alias, cut, copy), cut));
    }
  }
}

TEST_CASE("a count outside [0, bone_count] is clamped, never out of bounds", "[kernels][bad-input]") {
  std::mt19937 rng(7);
  const Pose a = RandomPose(rng, 13);
  const Pose b = PartnerPose(rng, a);
  Pose out = SentinelPose(13);
  const Pose untouched = out;
  BlendPoses(out.view(), a.view(), b.view(), 0.5f, -4);
  reference::BlendPoses(out.view(), a.view(), b.view(), 0.5f, -4);
  REQUIRE(TailIdentical(untouched, out, 0));

  // Past the end: only the 13 bones every view holds are written (ASan checks the rest).
  Pose expected(13);
  reference::BlendPoses(expected.view(), a.view(), b.view(), 0.5f, 13);
  BlendPoses(out.view(), a.view(), b.view(), 0.5f, 1000);
  REQUIRE(MaxDifference(out.view(), expected.view(), 13) <= kTolerance);
  REQUIRE(TailIdentical(untouched, out, 13));

  // A shorter output view limits the count too.
  Pose small = SentinelPose(5);
  const Pose small_before = small;
  BlendPoses(small.view(), a.view(), b.view(), 0.5f, 13);
  REQUIRE(MaxDifference(small.view(), expected.view(), 5) <= kTolerance);
  REQUIRE(TailIdentical(small_before, small, 5));
}
