// Internal to the pose kernels: simd::kWidth consecutive bones at once, one lane vector per
// component, loaded straight from the blocked streams of executor/pose/pose.h (a group of bones
// starts at a multiple of kWidth, so each component is one contiguous run of lanes). Each maths
// function evaluates the same expression, in the same order, as its scalar counterpart in
// executor/math, so a lane's result equals the scalar result (see simd.h).
#pragma once

#include "executor/kernels/simd.h"
#include "executor/pose/pose.h"

namespace anim::simd {

static_assert(kPoseBlockBones % kWidth == 0, "a group of lanes must not straddle two blocks");

struct Vec3s {
  Floats x, y, z;
};
struct Quats {
  Floats x, y, z, w;
};

// The group of bones starting at `first` (a multiple of kWidth). Loads read whole groups, which
// views always hold (streams are padded to whole blocks); stores write only the first `lanes`
// bones, so bones at or past a kernel's count are never written.
inline Vec3s LoadVec3s(const float* stream, int first) {
  const float* p = stream + StreamIndex(first, 0, 3);
  return {Load(p), Load(p + kPoseBlockBones), Load(p + 2 * kPoseBlockBones)};
}
inline Quats LoadQuats(const float* stream, int first) {
  const float* p = stream + StreamIndex(first, 0, 4);
  return {Load(p), Load(p + kPoseBlockBones), Load(p + 2 * kPoseBlockBones), Load(p + 3 * kPoseBlockBones)};
}
inline void StoreLanes(float* p, Floats a, int lanes) {
  if (lanes == kWidth) {
    Store(p, a);
  } else {
    StoreFirst(p, a, lanes);
  }
}
inline void StoreVec3s(float* stream, int first, const Vec3s& v, int lanes) {
  float* p = stream + StreamIndex(first, 0, 3);
  StoreLanes(p, v.x, lanes);
  StoreLanes(p + kPoseBlockBones, v.y, lanes);
  StoreLanes(p + 2 * kPoseBlockBones, v.z, lanes);
}
inline void StoreQuats(float* stream, int first, const Quats& q, int lanes) {
  float* p = stream + StreamIndex(first, 0, 4);
  StoreLanes(p, q.x, lanes);
  StoreLanes(p + kPoseBlockBones, q.y, lanes);
  StoreLanes(p + 2 * kPoseBlockBones, q.z, lanes);
  StoreLanes(p + 3 * kPoseBlockBones, q.w, lanes);
}

// Calls f(first, lanes) for each group of kWidth bones covering [0, count); the last group may
// be partial.
template <typename F>
inline void ForEachGroup(int count, F&& f) {
  for (int first = 0; first < count; first += kWidth)
    f(first, count - first < kWidth ? count - first : kWidth);
}

inline Floats Dot(const Quats& a, const Quats& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}

inline Quats Conjugate(const Quats& q) {
  return {Negate(q.x), Negate(q.y), Negate(q.z), q.w};
}

// Hamilton product, as anim::operator*(Quat, Quat).
inline Quats Multiply(const Quats& a, const Quats& b) {
  return {a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
          a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}

// As anim::Normalize: the identity where the squared length is not above 1e-30. Such lanes (a
// degenerate input, or the zero padding past a pose's last bone) take the root of 1e-30 instead,
// so they raise no floating-point exception, and are patched after the fact: most groups have none.
inline Quats Normalize(const Quats& q) {
  const Floats len_sq = Dot(q, q);
  const Mask ok = Greater(len_sq, Splat(1e-30f));
  const Floats inv = Splat(1.0f) / Sqrt(Max(len_sq, Splat(1e-30f)));
  const Quats r = {q.x * inv, q.y * inv, q.z * inv, q.w * inv};
  if (AllSet(ok)) return r;
  const Floats zero = Splat(0.0f);
  return {Select(ok, r.x, zero), Select(ok, r.y, zero), Select(ok, r.z, zero), Select(ok, r.w, Splat(1.0f))};
}

// Hemisphere-aligned nlerp with a weight per lane, as anim::Nlerp. Negating b's weight instead of
// b gives the same products (a product's sign is the xor of its factors' signs) in one operation.
inline Quats Nlerp(const Quats& a, const Quats& b, Floats t) {
  const Floats tb = NegateWhere(Less(Dot(a, b), Splat(0.0f)), t);
  const Floats s = Splat(1.0f) - t;
  return Normalize({a.x * s + b.x * tb, a.y * s + b.y * tb, a.z * s + b.z * tb, a.w * s + b.w * tb});
}

// Nlerp(identity, q, t): the identity's dot with q is q.w, and its part of the sum is
// (0 * s, 0 * s, 0 * s, 1 * s). The zero terms stay: 0 * s is -0 when s < 0, and adding it keeps
// the reference's sign of zero.
inline Quats NlerpFromIdentity(const Quats& q, Floats t) {
  const Floats tq = NegateWhere(Less(q.w, Splat(0.0f)), t);
  const Floats s = Splat(1.0f) - t;
  const Floats zero_s = Splat(0.0f) * s;
  return Normalize({zero_s + q.x * tq, zero_s + q.y * tq, zero_s + q.z * tq, s + q.w * tq});
}

}  // namespace anim::simd
