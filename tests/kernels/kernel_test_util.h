// Random poses, skeletons and pose comparisons shared by the kernel and forward-kinematics tests.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "executor/math/quat.h"
#include "executor/pose/pose.h"
#include "executor/pose/skeleton.h"

namespace anim::test {

inline constexpr float kPi = 3.14159265358979f;
inline constexpr float kTolerance = 1e-5f;

// Bone counts around the 8-bone SIMD block: single bones, partial blocks, whole blocks, and
// whole blocks plus a tail.
inline const std::vector<int> kBoneCounts = {1, 7, 13, 64, 67};
inline const std::vector<float> kAlphas = {-0.5f, 0.0f, 0.3f, 1.0f, 1.7f};

inline Vec3 RandomUnitVector(std::mt19937& rng) {
  std::normal_distribution<float> n(0.0f, 1.0f);
  return NormalizeOr({n(rng), n(rng), n(rng)}, {0, 0, 1});
}

inline Quat RandomUnitQuat(std::mt19937& rng) {
  std::normal_distribution<float> n(0.0f, 1.0f);
  return Normalize(Quat{n(rng), n(rng), n(rng), n(rng)});
}

// A rotation for bone `i` that cycles through the cases kernels get wrong: random, near identity,
// an exact half turn, and random again in the lower (w < 0) hemisphere.
inline Quat InterestingRotation(std::mt19937& rng, int i) {
  switch (i % 4) {
    case 0:
      return RandomUnitQuat(rng);
    case 1:
      return FromAxisAngle(RandomUnitVector(rng), 1e-4f);
    case 2:
      return FromAxisAngle(RandomUnitVector(rng), kPi);
    default:
      return Negate(ShortestArc(RandomUnitQuat(rng)));
  }
}

// The rotation paired with `a` for bone `i`: a random one, a nearby one in the opposite
// hemisphere, an exact half turn away (dot about 0), the same rotation negated, or a half turn
// with an exactly zero dot against the identity.
inline Quat PartnerRotation(std::mt19937& rng, Quat a, int i) {
  switch (i % 5) {
    case 0:
      return RandomUnitQuat(rng);
    case 1:
      return Negate(a * FromAxisAngle(RandomUnitVector(rng), 0.3f));
    case 2:
      return a * FromAxisAngle(RandomUnitVector(rng), kPi);
    case 3:
      return Negate(a);
    default:
      return Quat{0.0f, 0.0f, 1.0f, 0.0f};
  }
}

inline Vec3 RandomVec3(std::mt19937& rng, float lo, float hi) {
  std::uniform_real_distribution<float> u(lo, hi);
  return {u(rng), u(rng), u(rng)};
}

inline Pose RandomPose(std::mt19937& rng, int bones) {
  Pose p(bones);
  for (int i = 0; i < bones; ++i) {
    p.Set(i, {RandomVec3(rng, -2.0f, 2.0f), InterestingRotation(rng, i), RandomVec3(rng, 0.5f, 2.0f)});
  }
  return p;
}

inline Pose PartnerPose(std::mt19937& rng, const Pose& a) {
  Pose p(a.bone_count());
  for (int i = 0; i < a.bone_count(); ++i) {
    p.Set(i, {RandomVec3(rng, -2.0f, 2.0f), PartnerRotation(rng, a.Get(i).rotation, i),
              RandomVec3(rng, 0.5f, 2.0f)});
  }
  return p;
}

// Every float of the padded streams set to a value no kernel produces.
inline Pose SentinelPose(int bones) {
  Pose p(bones);
  const int floats = PoseFloatCount(bones);
  std::fill(p.view().translations, p.view().translations + floats, 12345.0f);
  return p;
}

// Largest difference over bones [0, count): components for translations and scales, rotations
// up to sign. Infinite when any compared value is NaN.
inline float MaxDifference(ConstPoseView a, ConstPoseView b, int count) {
  float worst = 0.0f;
  auto take = [&worst](float d) { worst = std::isnan(d) ? INFINITY : std::max(worst, d); };
  for (int i = 0; i < count; ++i) {
    const Transform x = GetBoneTransform(a, i);
    const Transform y = GetBoneTransform(b, i);
    take(Length(x.translation - y.translation));
    take(Length(x.scale - y.scale));
    const float same =
        std::max({std::fabs(x.rotation.x - y.rotation.x), std::fabs(x.rotation.y - y.rotation.y),
                  std::fabs(x.rotation.z - y.rotation.z), std::fabs(x.rotation.w - y.rotation.w)});
    const float flipped =
        std::max({std::fabs(x.rotation.x + y.rotation.x), std::fabs(x.rotation.y + y.rotation.y),
                  std::fabs(x.rotation.z + y.rotation.z), std::fabs(x.rotation.w + y.rotation.w)});
    take(std::isnan(same) || std::isnan(flipped) ? NAN : std::min(same, flipped));
  }
  return worst;
}

inline bool AllFinite(ConstPoseView p, int count) {
  for (int i = 0; i < count; ++i) {
    const Transform t = GetBoneTransform(p, i);
    for (float f : {t.translation.x, t.translation.y, t.translation.z, t.rotation.x, t.rotation.y,
                    t.rotation.z, t.rotation.w, t.scale.x, t.scale.y, t.scale.z}) {
      if (!std::isfinite(f)) return false;
    }
  }
  return true;
}

// Whether bones [first, last) hold the same bits in both poses (unlike MaxDifference, q and -q, or
// +0 and -0, differ).
inline bool BitIdentical(ConstPoseView a, ConstPoseView b, int first, int last) {
  for (int i = first; i < last; ++i) {
    const Transform x = GetBoneTransform(a, i);
    const Transform y = GetBoneTransform(b, i);
    if (std::memcmp(&x, &y, sizeof(Transform)) != 0) return false;
  }
  return true;
}

// Whether every float of bones [count, padded end) of each stream is bit-identical in both poses.
inline bool TailIdentical(const Pose& before, const Pose& after, int count) {
  return BitIdentical(before.view(), after.view(), count, PaddedBoneCount(before.bone_count()));
}

// Which buffer a kernel writes: a fresh one, or the one holding its first or second input.
enum class Alias { kNone, kOutIsFirst, kOutIsSecond };
inline const std::vector<Alias> kAliasModes = {Alias::kNone, Alias::kOutIsFirst, Alias::kOutIsSecond};

// Runs kernel(out, first, second, count) with `out` chosen by `alias`, on copies of the inputs,
// and returns the written buffer. The fresh buffer starts as a SentinelPose.
template <typename Kernel>
Pose RunAliased(const Pose& first, const Pose& second, Alias alias, int count, Kernel kernel) {
  Pose x = first;
  Pose y = second;
  if (alias == Alias::kOutIsFirst) {
    kernel(x.view(), x.view(), y.view(), count);
    return x;
  }
  if (alias == Alias::kOutIsSecond) {
    kernel(y.view(), x.view(), y.view(), count);
    return y;
  }
  Pose out = SentinelPose(first.bone_count());
  kernel(out.view(), x.view(), y.view(), count);
  return out;
}

// A parents-first hierarchy of `bones` bones with random parents (bone 0 is the root).
inline std::vector<int16_t> RandomParents(std::mt19937& rng, int bones) {
  std::vector<int16_t> parents(bones, -1);
  for (int i = 1; i < bones; ++i) {
    std::uniform_int_distribution<int> pick(-1, i - 1);
    parents[i] = static_cast<int16_t>(i % 9 == 0 ? -1 : pick(rng));
  }
  return parents;
}

inline Skeleton BuildSkeleton(const std::vector<int>& parents, const std::vector<Transform>& bind_locals,
                              int low_detail_bone_count = 0) {
  SkeletonDesc desc;
  desc.name = "test";
  desc.low_detail_bone_count = low_detail_bone_count;
  for (std::size_t i = 0; i < parents.size(); ++i) {
    desc.bones.push_back({"bone" + std::to_string(i), parents[i], bind_locals[i], std::nullopt});
  }
  std::string error;
  std::optional<Skeleton> skeleton = Skeleton::Build(desc, error);
  if (!skeleton) throw std::runtime_error("test skeleton rejected: " + error);
  return *skeleton;
}

}  // namespace anim::test
