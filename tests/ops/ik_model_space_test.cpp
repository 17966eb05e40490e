#include <catch2/catch.hpp>

#include <cmath>
#include <optional>
#include <random>
#include <string>

#include "executor/ops/fabrik.h"
#include "executor/ops/foot_ik.h"
#include "executor/ops/look_at.h"
#include "executor/ops/model_space.h"
#include "executor/ops/model_transform.h"
#include "executor/ops/two_bone_ik.h"
#include "tests/ops/ik_reference_solvers.h"
#include "tests/ops/ops_test_util.h"

using namespace anim;
using namespace anim::test;

namespace {

// A branch deep enough for spans between chain bones: root -> hips -> b2 -> ... -> b7, and a
// sibling of b2 under hips.
constexpr int kBones = 9;
constexpr int kSibling = 8;

Skeleton BranchRig() {
  SkeletonDesc desc;
  desc.name = "branch";
  for (int i = 0; i < kBones; ++i) {
    SkeletonDesc::Bone bone;
    bone.name = "b" + std::to_string(i);
    bone.parent = i == 0 ? kNoParent : (i == kSibling ? 1 : i - 1);
    bone.bind_local = {{0.0f, i == 0 ? 0.0f : 0.3f, 0.0f}, Quat::Identity(), {1, 1, 1}};
    desc.bones.push_back(bone);
  }
  std::string error;
  std::optional<Skeleton> skeleton = Skeleton::Build(desc, error);
  REQUIRE(skeleton);
  return *skeleton;
}

// How the random poses scale their bones: the model-space fast path holds for the first two, the
// others take the matrix path (a shear, a mirror, a rotation off unit length).
enum class Scales { kOne, kUniform, kNonUniform, kMirror, kOffUnit };

Quat RandomRotation(std::mt19937& rng) {
  std::normal_distribution<float> n(0.0f, 1.0f);
  return Normalize(Quat{n(rng), n(rng), n(rng), n(rng)});
}

Pose RandomPose(std::mt19937& rng, Scales scales) {
  std::uniform_real_distribution<float> offset(-0.15f, 0.15f), size(0.6f, 1.6f);
  Pose pose(kBones);
  for (int i = 0; i < kBones; ++i) {
    Transform t{{offset(rng), 0.3f + offset(rng), offset(rng)}, RandomRotation(rng), {1, 1, 1}};
    const float s = size(rng);
    if (scales == Scales::kUniform) t.scale = {s, s, s};
    if (scales == Scales::kNonUniform) t.scale = {s, size(rng), size(rng)};
    if (scales == Scales::kMirror && i == 1) t.scale = {-s, -s, -s};
    if (scales == Scales::kOffUnit && i == 1)
      t.rotation = {t.rotation.x * 1.01f, t.rotation.y * 1.01f, t.rotation.z * 1.01f, t.rotation.w * 1.01f};
    pose.Set(i, t);
  }
  return pose;
}

// Every bone of the two poses alike: translations and scales bit for bit (the solvers change only
// rotations), rotations within `eps` per component in one hemisphere.
void RequireSamePoses(const Pose& solved, const Pose& reference, float eps) {
  for (int b = 0; b < kBones; ++b) {
    INFO("bone " << b);
    const Transform s = solved.Get(b), r = reference.Get(b);
    REQUIRE(s.translation == r.translation);
    REQUIRE(s.scale == r.scale);
    const Quat q = AlignHemisphere(s.rotation, r.rotation);
    INFO("rotation (" << q.x << ", " << q.y << ", " << q.z << ", " << q.w << ") vs (" << r.rotation.x << ", "
                      << r.rotation.y << ", " << r.rotation.z << ", " << r.rotation.w << ")");
    REQUIRE(std::fabs(q.x - r.rotation.x) <= eps);
    REQUIRE(std::fabs(q.y - r.rotation.y) <= eps);
    REQUIRE(std::fabs(q.z - r.rotation.z) <= eps);
    REQUIRE(std::fabs(q.w - r.rotation.w) <= eps);
  }
}

Vec3 Jitter(std::mt19937& rng, float amount) {
  std::uniform_real_distribution<float> d(-amount, amount);
  return {d(rng), d(rng), d(rng)};
}

constexpr Scales kAllScales[] = {Scales::kOne, Scales::kUniform, Scales::kNonUniform, Scales::kMirror,
                                 Scales::kOffUnit};
constexpr int kPosesPerCase = 150;
// The solvers' float rounding differs from the walking ones' (positions composed in another
// order, half-angle identities for acos, atan2, sin and cos): a few ulps through a dozen square
// roots and divisions. Measured at most 1.5e-5 per rotation component over these cases.
constexpr float kEps = 2e-5f;

}  // namespace

TEST_CASE("TrsModel composes model space as ModelMatrix does while its scales are uniform", "[ops][ik]") {
  const Skeleton skeleton = BranchRig();
  std::mt19937 rng(7);
  for (Scales scales : kAllScales) {
    for (int n = 0; n < 50; ++n) {
      const Pose pose = RandomPose(rng, scales);
      for (int bone = 0; bone < kBones; ++bone) {
        const TrsModel trs = LocalChain<TrsModel>(pose.view(), skeleton, kNoParent, bone);
        const MatrixModel matrix = LocalChain<MatrixModel>(pose.view(), skeleton, kNoParent, bone);
        // Only bone 1 mirrors or is off unit length; bone 0 has no parent whose scale could shear.
        const bool fast = scales == Scales::kOne || scales == Scales::kUniform || bone == 0;
        INFO("scales " << static_cast<int>(scales) << " bone " << bone);
        REQUIRE(trs.IsExact() == fast);
        RequireNear(matrix.Position(), ModelPosition(pose.view(), skeleton, bone), 1e-5f);
        RequireSameRotation(matrix.Rotation(), ModelRotation(pose.view(), skeleton, bone), 1e-5f);
        if (!fast) continue;
        RequireNear(trs.Position(), matrix.Position(), 1e-5f);
        RequireSameRotation(trs.Rotation(), matrix.Rotation(), 1e-5f);
      }
    }
  }
}

namespace {

// The law of cosines is ill-conditioned where the chain is straight: acos' slope grows without
// bound at -1, and so does the bend plane's as its sine falls. There one rounding of the input
// moves the walking solver's own result past 1e-5, so the two are held to kIllConditionedEps.
constexpr float kIllConditionedEps = 5e-4f;
constexpr float kFoldedEndEps = 1e-3f;

// A target at `fraction` of the chain's reach range from the root, in a random direction.
Vec3 TargetAtReach(std::mt19937& rng, const Pose& pose, const Skeleton& skeleton, const int (&chain)[3],
                   float fraction) {
  const Vec3 pa = ModelPosition(pose.view(), skeleton, chain[0]);
  const float upper = Distance(pa, ModelPosition(pose.view(), skeleton, chain[1]));
  const float lower = Distance(ModelPosition(pose.view(), skeleton, chain[1]),
                               ModelPosition(pose.view(), skeleton, chain[2]));
  const float low = std::fabs(upper - lower), high = upper + lower;
  return pa + NormalizeOr(Jitter(rng, 1.0f), {0, 1, 0}) * (low + (high - low) * fraction);
}

// Solves without a pole and, given one, with it, at full and part weight, and requires the same
// poses within `eps` or, with `end_only`, the same model position of the end bone within `eps`.
void CompareTwoBone(const Skeleton& skeleton, const int (&c)[3], const Pose& input, Vec3 target,
                    const Vec3* pole, float eps, bool end_only = false) {
  const Vec3* poles[] = {nullptr, pole};
  for (int i = 0; i < (pole != nullptr ? 2 : 1); ++i) {
    const Vec3* p = poles[i];
    for (float alpha : {1.0f, 0.6f}) {
      if (end_only && alpha < 1.0f) continue;  // a blend of the ill-conditioned rotations is too
      INFO("pole " << (p != nullptr) << " alpha " << alpha);
      Pose solved = input, reference = input;
      SolveTwoBoneIK(solved.view(), skeleton, kBones, c[0], c[1], c[2], target, p, alpha);
      reference::SolveTwoBoneIK(reference.view(), skeleton, kBones, c[0], c[1], c[2], target, p, alpha);
      if (end_only) {
        RequireNear(ModelPosition(solved.view(), skeleton, c[2]),
                    ModelPosition(reference.view(), skeleton, c[2]), eps);
      } else {
        RequireSamePoses(solved, reference, eps);
      }
    }
  }
}

// Direct children deep in the branch, a root bone as chain root, and spans between the bones.
constexpr int kTwoBoneChains[][3] = {{2, 3, 4}, {0, 1, 2}, {2, 4, 6}, {1, 2, 5}};

}  // namespace

TEST_CASE("two-bone IK composed once matches walking the ancestors per query", "[ops][ik]") {
  const Skeleton skeleton = BranchRig();
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> reachable(0.15f, 0.85f);
  for (Scales scales : kAllScales) {
    for (const auto& c : kTwoBoneChains) {
      for (int n = 0; n < kPosesPerCase; ++n) {
        const Pose input = RandomPose(rng, scales);
        INFO("scales " << static_cast<int>(scales) << " chain " << c[0] << " " << c[1] << " " << c[2]
                       << " pose " << n);
        const Vec3 pole = ModelPosition(input.view(), skeleton, c[1]) + Jitter(rng, 1.0f);
        CompareTwoBone(skeleton, c, input, TargetAtReach(rng, input, skeleton, c, reachable(rng)), &pole,
                       kEps);
      }
    }
  }
}

TEST_CASE("two-bone IK composed once matches walking out of reach and folded", "[ops][ik]") {
  const Skeleton skeleton = BranchRig();
  std::mt19937 rng(12);
  for (Scales scales : kAllScales) {
    for (const auto& c : kTwoBoneChains) {
      for (int n = 0; n < kPosesPerCase; ++n) {
        const Pose input = RandomPose(rng, scales);
        INFO("scales " << static_cast<int>(scales) << " chain " << c[0] << " " << c[1] << " " << c[2]
                       << " pose " << n);
        // Straight, the knee's side of the root-target line is a rounding's: no pole.
        for (float fraction : {1.0f, 1.5f}) {
          CompareTwoBone(skeleton, c, input, TargetAtReach(rng, input, skeleton, c, fraction), nullptr,
                         kIllConditionedEps);
        }
        // Folded, the end lies as little as 1e-4 of the chain from the root: the chain's roll about
        // the root-target line is a rounding's, and the bend's error grows as rounding * length /
        // reach, so only where the end goes is compared, and loosely. Past a shear, a mirror or a
        // rotation off unit length even that depends on the roll (rotations are not rigid there).
        if (scales != Scales::kOne && scales != Scales::kUniform) continue;
        for (float fraction : {-0.5f, 0.0f}) {
          CompareTwoBone(skeleton, c, input, TargetAtReach(rng, input, skeleton, c, fraction), nullptr,
                         kFoldedEndEps, true);
        }
      }
    }
  }
}

TEST_CASE("two-bone IK composed once matches walking on a nearly straight chain", "[ops][ik]") {
  // Below the bend sine of 0.05 the bend plane mixes in the bind pose's: ill-conditioned.
  const Skeleton skeleton = BranchRig();
  std::mt19937 rng(13);
  for (Scales scales : {Scales::kOne, Scales::kUniform, Scales::kNonUniform}) {
    for (int n = 0; n < kPosesPerCase; ++n) {
      Pose input = RandomPose(rng, scales);
      for (int b : {3, 4}) {
        Transform t = input.Get(b);
        t.rotation = Normalize(Quat{Jitter(rng, 0.02f).x, Jitter(rng, 0.02f).y, Jitter(rng, 0.02f).z, 1.0f});
        t.translation = {0.0f, 0.3f, 0.0f};
        input.Set(b, t);
      }
      const Vec3 target = ModelPosition(input.view(), skeleton, 4) + Jitter(rng, 0.3f);
      Pose solved = input, reference = input;
      SolveTwoBoneIK(solved.view(), skeleton, kBones, 2, 3, 4, target, nullptr, 1.0f);
      reference::SolveTwoBoneIK(reference.view(), skeleton, kBones, 2, 3, 4, target, nullptr, 1.0f);
      INFO("scales " << static_cast<int>(scales) << " pose " << n);
      RequireSamePoses(solved, reference, kIllConditionedEps);
    }
  }
}

TEST_CASE("foot IK composed once matches walking the ancestors per query", "[ops][ik]") {
  const Skeleton skeleton = BranchRig();
  std::mt19937 rng(17);
  std::uniform_real_distribution<float> below(-0.15f, 0.1f);
  for (Scales scales : kAllScales) {
    for (int n = 0; n < kPosesPerCase; ++n) {
      const Pose input = RandomPose(rng, scales);
      const Vec3 foot = ModelPosition(input.view(), skeleton, 5);
      // Planted for most (the foot below its planted height or within the plant distance), not
      // for some.
      const FootGround ground{foot.y + below(rng), NormalizeOr(Vec3{0, 1, 0} + Jitter(rng, 0.4f), {0, 1, 0}),
                              0.08f, 0.03f};
      for (float alpha : {1.0f, 0.5f}) {
        INFO("scales " << static_cast<int>(scales) << " pose " << n << " alpha " << alpha);
        Pose solved = input, reference = input;
        SolveFootIK(solved.view(), skeleton, kBones, 3, 4, 5, ground, alpha);
        reference::SolveFootIK(reference.view(), skeleton, kBones, 3, 4, 5, ground, alpha);
        RequireSamePoses(solved, reference, kEps);
      }
    }
  }
}

TEST_CASE("FABRIK composed once matches walking the ancestors per query", "[ops][ik]") {
  const Skeleton skeleton = BranchRig();
  std::mt19937 rng(19);
  const int chains[][2] = {{2, 6}, {0, 3}, {4, 7}};
  for (Scales scales : kAllScales) {
    for (const auto& c : chains) {
      for (int n = 0; n < kPosesPerCase; ++n) {
        const Pose input = RandomPose(rng, scales);
        const Vec3 target = ModelPosition(input.view(), skeleton, c[1]) + Jitter(rng, 0.5f);
        for (float alpha : {1.0f, 0.7f}) {
          INFO("scales " << static_cast<int>(scales) << " chain " << c[0] << " " << c[1] << " pose " << n
                         << " alpha " << alpha);
          Pose solved = input, reference = input;
          // No tolerance, so both run every pass: one rounding either side of it changes the count.
          SolveFabrik(solved.view(), skeleton, kBones, c[0], c[1], target, 10, 0.0f, alpha);
          reference::SolveFabrik(reference.view(), skeleton, kBones, c[0], c[1], target, 10, 0.0f, alpha);
          RequireSamePoses(solved, reference, kEps);
        }
      }
    }
  }
}

TEST_CASE("look-at composed once matches walking the ancestors per query", "[ops][ik]") {
  const Skeleton skeleton = BranchRig();
  std::mt19937 rng(23);
  for (Scales scales : kAllScales) {
    for (int bone : {0, 5, kSibling}) {
      for (int n = 0; n < kPosesPerCase; ++n) {
        const Pose input = RandomPose(rng, scales);
        const Vec3 target = ModelPosition(input.view(), skeleton, bone) + Jitter(rng, 2.0f);
        for (float alpha : {1.0f, 0.5f}) {
          INFO("scales " << static_cast<int>(scales) << " bone " << bone << " pose " << n << " alpha "
                         << alpha);
          Pose solved = input, reference = input;
          SolveLookAt(solved.view(), skeleton, kBones, bone, target, {0, 0, 1}, 1.2f, alpha);
          reference::SolveLookAt(reference.view(), skeleton, kBones, bone, target, {0, 0, 1}, 1.2f, alpha);
          RequireSamePoses(solved, reference, kEps);
        }
      }
    }
  }
}
