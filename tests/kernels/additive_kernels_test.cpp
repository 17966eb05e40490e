// Local- and mesh-space additives: SIMD against the reference, round trips, the meaning of a
// mesh-space delta, zero scales and malformed parents.
#include <catch2/catch.hpp>

#include "executor/kernels/pose_kernels.h"
#include "executor/math/mat4.h"
#include "executor/resolve/forward_kinematics.h"
#include "tests/kernels/kernel_test_util.h"

using namespace anim;
using namespace anim::test;

namespace {

// Additive round trips go through two kernels and (mesh space) a chain of products.
constexpr float kRoundTripTolerance = 1e-4f;

struct AdditiveKernels {
  const char* name;
  decltype(&MakeAdditiveLocal) make_local;
  decltype(&ApplyAdditiveLocal) apply_local;
  decltype(&MakeAdditiveMesh) make_mesh;
  decltype(&ApplyAdditiveMesh) apply_mesh;
};

const AdditiveKernels kSimd{"simd", MakeAdditiveLocal, ApplyAdditiveLocal, MakeAdditiveMesh,
                            ApplyAdditiveMesh};
const AdditiveKernels kReference{"reference", reference::MakeAdditiveLocal, reference::ApplyAdditiveLocal,
                                 reference::MakeAdditiveMesh, reference::ApplyAdditiveMesh};

}  // namespace

TEST_CASE("additive kernels match the reference for every alpha, bone count and aliasing",
          "[kernels][additive]") {
  std::mt19937 rng(11);
  for (int bones : kBoneCounts) {
    const Pose source = RandomPose(rng, bones);
    const Pose base = PartnerPose(rng, source);
    const std::vector<int16_t> parents = RandomParents(rng, bones);
    const int16_t* p = parents.data();
    auto check = [&](const Pose& x, const Pose& y, auto simd, auto ref) {
      const Pose expected = RunAliased(x, y, Alias::kNone, bones, ref);
      for (Alias alias : kAliasModes) {
        INFO("bones " << bones << " alias " << static_cast<int>(alias));
        REQUIRE(MaxDifference(RunAliased(x, y, alias, bones, simd).view(), expected.view(), bones) <=
                kTolerance);
        REQUIRE(MaxDifference(RunAliased(x, y, alias, bones, ref).view(), expected.view(), bones) <=
                kTolerance);
      }
      return expected;
    };
    const Pose local_delta = check(
        source, base,
        [](PoseView o, ConstPoseView s, ConstPoseView b, int n) { MakeAdditiveLocal(o, s, b, n); },
        [](PoseView o, ConstPoseView s, ConstPoseView b, int n) {
          reference::MakeAdditiveLocal(o, s, b, n);
        });
    const Pose mesh_delta = check(
        source, base,
        [p](PoseView o, ConstPoseView s, ConstPoseView b, int n) { MakeAdditiveMesh(o, s, b, p, n); },
        [p](PoseView o, ConstPoseView s, ConstPoseView b, int n) {
          reference::MakeAdditiveMesh(o, s, b, p, n);
        });
    for (float alpha : kAlphas) {
      INFO("alpha " << alpha);
      check(
          base, local_delta,
          [alpha](PoseView o, ConstPoseView b, ConstPoseView d, int n) {
            ApplyAdditiveLocal(o, b, d, alpha, n);
          },
          [alpha](PoseView o, ConstPoseView b, ConstPoseView d, int n) {
            reference::ApplyAdditiveLocal(o, b, d, alpha, n);
          });
      check(
          base, mesh_delta,
          [alpha, p](PoseView o, ConstPoseView b, ConstPoseView d, int n) {
            ApplyAdditiveMesh(o, b, d, alpha, p, n);
          },
          [alpha, p](PoseView o, ConstPoseView b, ConstPoseView d, int n) {
            reference::ApplyAdditiveMesh(o, b, d, alpha, p, n);
          });
    }
  }
}

TEST_CASE("additive round trips give back the source in local and mesh space", "[kernels][additive]") {
  std::mt19937 rng(12);
  for (const AdditiveKernels& k : {kSimd, kReference}) {
    for (int bones : kBoneCounts) {
      INFO(k.name << " bones " << bones);
      const Pose source = RandomPose(rng, bones);
      const Pose base = PartnerPose(rng, source);
      const std::vector<int16_t> parents = RandomParents(rng, bones);
      Pose delta(bones), out(bones);

      k.make_local(delta.view(), source.view(), base.view(), bones);
      k.apply_local(out.view(), base.view(), delta.view(), 1.0f, bones);
      REQUIRE(MaxDifference(out.view(), source.view(), bones) <= kRoundTripTolerance);
      k.apply_local(out.view(), base.view(), delta.view(), 0.0f, bones);
      REQUIRE(MaxDifference(out.view(), base.view(), bones) <= kRoundTripTolerance);

      k.make_mesh(delta.view(), source.view(), base.view(), parents.data(), bones);
      k.apply_mesh(out.view(), base.view(), delta.view(), 1.0f, parents.data(), bones);
      REQUIRE(MaxDifference(out.view(), source.view(), bones) <= kRoundTripTolerance);
      k.apply_mesh(out.view(), base.view(), delta.view(), 0.0f, parents.data(), bones);
      REQUIRE(MaxDifference(out.view(), base.view(), bones) <= kRoundTripTolerance);

      // In place, as the executor runs it when it steals the base's buffer.
      Pose in_place = base;
      k.apply_mesh(in_place.view(), in_place.view(), delta.view(), 1.0f, parents.data(), bones);
      REQUIRE(MaxDifference(in_place.view(), source.view(), bones) <= kRoundTripTolerance);
    }
  }
}

TEST_CASE("a mesh-space delta is the rotation between model-space rotations", "[kernels][additive]") {
  std::mt19937 rng(13);
  const int bones = 13;
  std::vector<int> parents_int;
  std::vector<Transform> bind(bones);
  const std::vector<int16_t> parents = RandomParents(rng, bones);
  for (int16_t p : parents)
    parents_int.push_back(p);
  const Skeleton skeleton = BuildSkeleton(parents_int, bind);
  // Unit scales, so the model matrices' rotations are exactly the composed rotations.
  Pose source = RandomPose(rng, bones), base = PartnerPose(rng, source);
  for (int i = 0; i < bones; ++i) {
    Transform s = source.Get(i), b = base.Get(i);
    s.scale = b.scale = {1, 1, 1};
    source.Set(i, s), base.Set(i, b);
  }
  std::vector<Mat4> model_source(bones), model_base(bones);
  LocalToModel(skeleton, source.view(), model_source.data());
  LocalToModel(skeleton, base.view(), model_base.data());

  for (const AdditiveKernels& k : {kSimd, kReference}) {
    INFO(k.name);
    Pose mesh(bones), local(bones);
    k.make_mesh(mesh.view(), source.view(), base.view(), parents.data(), bones);
    k.make_local(local.view(), source.view(), base.view(), bones);
    for (int i = 0; i < bones; ++i) {
      const Quat expected = RotationOf(model_source[i]) * Conjugate(RotationOf(model_base[i]));
      const Quat got = mesh.Get(i).rotation;
      REQUIRE(std::fabs(std::fabs(Dot(got, expected)) - 1.0f) < kRoundTripTolerance);
      REQUIRE(Length(mesh.Get(i).translation - local.Get(i).translation) == 0.0f);
    }
  }
}

TEST_CASE("a zero base scale divides as if it were one, never to infinity",
          "[kernels][additive][bad-input]") {
  std::mt19937 rng(14);
  const int bones = 13;
  const Pose source = RandomPose(rng, bones);
  Pose base = PartnerPose(rng, source);
  for (int i = 0; i < bones; i += 2) {
    Transform t = base.Get(i);
    t.scale = {0.0f, i % 4 == 0 ? -0.0f : 1e-20f, 2.0f};
    base.Set(i, t);
  }
  for (const AdditiveKernels& k : {kSimd, kReference}) {
    INFO(k.name);
    Pose delta(bones), out(bones);
    k.make_local(delta.view(), source.view(), base.view(), bones);
    for (int i = 0; i < bones; ++i) {
      const Vec3 s = source.Get(i).scale, b = base.Get(i).scale, d = delta.Get(i).scale;
      if (i % 2 == 0) {
        REQUIRE(d.x == s.x);
        REQUIRE(d.y == s.y);
        REQUIRE(d.z == Approx(s.z / 2.0f));
      } else {
        REQUIRE(d.x == Approx(s.x / b.x));
      }
    }
    k.apply_local(out.view(), base.view(), delta.view(), 1.7f, bones);
    REQUIRE(AllFinite(delta.view(), bones));
    REQUIRE(AllFinite(out.view(), bones));
  }
}

TEST_CASE("mesh-space kernels read a malformed parent as a root and ignore null parents",
          "[kernels][additive][bad-input]") {
  std::mt19937 rng(15);
  const int bones = 13;
  const Pose source = RandomPose(rng, bones);
  const Pose base = PartnerPose(rng, source);
  std::vector<int16_t> parents = RandomParents(rng, bones);
  parents[3] = 3;      // itself
  parents[5] = 12;     // a later bone
  parents[7] = -9;     // negative but not -1
  parents[9] = 30000;  // past the end
  Pose simd_delta(bones), ref_delta(bones);
  MakeAdditiveMesh(simd_delta.view(), source.view(), base.view(), parents.data(), bones);
  reference::MakeAdditiveMesh(ref_delta.view(), source.view(), base.view(), parents.data(), bones);
  REQUIRE(MaxDifference(simd_delta.view(), ref_delta.view(), bones) <= kTolerance);
  Pose out(bones);
  ApplyAdditiveMesh(out.view(), base.view(), simd_delta.view(), 1.0f, parents.data(), bones);
  REQUIRE(MaxDifference(out.view(), source.view(), bones) <= kRoundTripTolerance);

  Pose untouched = SentinelPose(bones);
  const Pose sentinel = untouched;
  MakeAdditiveMesh(untouched.view(), source.view(), base.view(), nullptr, bones);
  ApplyAdditiveMesh(untouched.view(), base.view(), simd_delta.view(), 1.0f, nullptr, bones);
  reference::MakeAdditiveMesh(untouched.view(), source.view(), base.view(), nullptr, bones);
  reference::ApplyAdditiveMesh(untouched.view(), base.view(), simd_delta.view(), 1.0f, nullptr, bones);
  REQUIRE(TailIdentical(sentinel, untouched, 0));
}

TEST_CASE("additive kernels cut at count leave bones past the cut untouched", "[kernels][additive][lod]") {
  std::mt19937 rng(16);
  const int bones = 67;
  const Pose source = RandomPose(rng, bones);
  const Pose base = PartnerPose(rng, source);
  const std::vector<int16_t> parents = RandomParents(rng, bones);
  const int16_t* p = parents.data();
  for (int cut : {0, 3, 8, 17, 66}) {
    for (Alias alias : kAliasModes) {
      INFO("cut " << cut << " alias " << static_cast<int>(alias));
      const Pose before =
          alias == Alias::kOutIsFirst ? source : (alias == Alias::kOutIsSecond ? base : SentinelPose(bones));
      REQUIRE(TailIdentical(before,
                            RunAliased(source, base, alias, cut,
                                       [](PoseView o, ConstPoseView s, ConstPoseView b, int n) {
                                         MakeAdditiveLocal(o, s, b, n);
                                       }),
                            cut));
      REQUIRE(TailIdentical(before,
                            RunAliased(source, base, alias, cut,
                                       [](PoseView o, ConstPoseView b, ConstPoseView d, int n) {
                                         ApplyAdditiveLocal(o, b, d, 0.3f, n);
                                       }),
                            cut));
      REQUIRE(TailIdentical(before,
                            RunAliased(source, base, alias, cut,
                                       [p](PoseView o, ConstPoseView s, ConstPoseView b, int n) {
                                         MakeAdditiveMesh(o, s, b, p, n);
                                       }),
                            cut));
      REQUIRE(TailIdentical(before,
                            RunAliased(source, base, alias, cut,
                                       [p](PoseView o, ConstPoseView b, ConstPoseView d, int n) {
                                         ApplyAdditiveMesh(o, b, d, 1.7f, p, n);
                                       }),
                            cut));
    }
  }
}
