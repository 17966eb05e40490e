// Internal to the pose kernels: quaternion maths on simd::kWidth quaternions at once, one lane
// vector per component (the transposed form LoadQuats produces). Each function evaluates the same
// expression, in the same order, as its scalar counterpart in executor/math/quat.h, so a lane's
// result equals the scalar result (see simd.h).
#pragma once

#include "executor/kernels/simd.h"

namespace anim::simd {

struct Quats {
  Floats x, y, z, w;
};

inline Quats LoadQuats(const float* p) {
  Quats q;
  LoadQuats(p, q.x, q.y, q.z, q.w);
  return q;
}
inline void StoreQuats(float* p, const Quats& q) {
  StoreQuats(p, q.x, q.y, q.z, q.w);
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

// As anim::Normalize: the identity where the squared length is not above 1e-30.
inline Quats Normalize(const Quats& q) {
  const Floats len_sq = Dot(q, q);
  const Mask ok = Greater(len_sq, Splat(1e-30f));
  const Floats one = Splat(1.0f);
  const Floats inv = one / Sqrt(Select(ok, len_sq, one));
  const Floats zero = Splat(0.0f);
  return {Select(ok, q.x * inv, zero), Select(ok, q.y * inv, zero), Select(ok, q.z * inv, zero),
          Select(ok, q.w * inv, one)};
}

// Hemisphere-aligned nlerp with a weight per lane, as anim::Nlerp.
inline Quats Nlerp(const Quats& a, const Quats& b, Floats t) {
  const Mask flip = Less(Dot(a, b), Splat(0.0f));
  const Floats s = Splat(1.0f) - t;
  return Normalize({a.x * s + NegateWhere(flip, b.x) * t, a.y * s + NegateWhere(flip, b.y) * t,
                    a.z * s + NegateWhere(flip, b.z) * t, a.w * s + NegateWhere(flip, b.w) * t});
}

// Nlerp(identity, q, t), without the products by the identity's zeros: the identity's dot with
// q is q.w, and its part of the sum is (0, 0, 0, 1 - t).
inline Quats NlerpFromIdentity(const Quats& q, Floats t) {
  const Mask flip = Less(q.w, Splat(0.0f));
  return Normalize({NegateWhere(flip, q.x) * t, NegateWhere(flip, q.y) * t, NegateWhere(flip, q.z) * t,
                    (Splat(1.0f) - t) + NegateWhere(flip, q.w) * t});
}

}  // namespace anim::simd
