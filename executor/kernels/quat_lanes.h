// Internal to the pose kernels: quaternion maths on simd::kWidth quaternions at once, one lane
// vector per component (the transposed form LoadQuats produces).
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

// Plain multiplies and adds in the scalar Dot's order, so the hemisphere sign chosen from it is
// the one the reference chooses, even for (near) orthogonal pairs.
inline Floats Dot(const Quats& a, const Quats& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}

inline Quats Conjugate(const Quats& q) {
  const Floats zero = Splat(0.0f);
  return {zero - q.x, zero - q.y, zero - q.z, q.w};
}

// Hamilton product, as anim::operator*(Quat, Quat).
inline Quats Multiply(const Quats& a, const Quats& b) {
  return {MulAdd(a.w, b.x, MulAdd(a.x, b.w, a.y * b.z - a.z * b.y)),
          MulAdd(a.w, b.y, MulAdd(a.y, b.w, a.z * b.x - a.x * b.z)),
          MulAdd(a.w, b.z, MulAdd(a.z, b.w, a.x * b.y - a.y * b.x)),
          a.w * b.w - MulAdd(a.x, b.x, MulAdd(a.y, b.y, a.z * b.z))};
}

// As anim::Normalize: the identity where the squared length is not above 1e-30.
inline Quats Normalize(const Quats& q) {
  const Floats len_sq = Dot(q, q);
  const Mask ok = Greater(len_sq, Splat(1e-30f));
  const Floats inv = InvSqrt(Select(ok, len_sq, Splat(1.0f)));
  const Floats zero = Splat(0.0f);
  return {Select(ok, q.x * inv, zero), Select(ok, q.y * inv, zero), Select(ok, q.z * inv, zero),
          Select(ok, q.w * inv, Splat(1.0f))};
}

// Hemisphere-aligned nlerp with a weight per lane, as anim::Nlerp.
inline Quats Nlerp(const Quats& a, const Quats& b, Floats t) {
  const Mask flip = Less(Dot(a, b), Splat(0.0f));
  const Floats s = Splat(1.0f) - t;
  return Normalize({MulAdd(NegateWhere(flip, b.x), t, a.x * s), MulAdd(NegateWhere(flip, b.y), t, a.y * s),
                    MulAdd(NegateWhere(flip, b.z), t, a.z * s), MulAdd(NegateWhere(flip, b.w), t, a.w * s)});
}

// Nlerp(identity, q, t): the identity's dot with q is q.w.
inline Quats NlerpFromIdentity(const Quats& q, Floats t) {
  const Mask flip = Less(q.w, Splat(0.0f));
  const Floats tt = NegateWhere(flip, t);
  return Normalize({q.x * tt, q.y * tt, q.z * tt, MulAdd(q.w, tt, Splat(1.0f) - t)});
}

}  // namespace anim::simd
