// Internal to the pose kernels: a fixed-width float vector over the SIMD level CMake selected, so
// each kernel is written once. ANIM_SIMD_AVX2 gives 8 lanes, ANIM_SIMD_SSE 4 lanes, and neither
// gives 4 lanes of portable C++ loops. Not part of the executor's API.
//
// Only correctly rounded operations (no FMA, no reciprocal estimates): written in the scalar
// reference's order, a lane computes exactly what the reference computes for that bone, so the
// executor's output does not depend on the SIMD level or on which implementation ran.
#pragma once

#include <bit>
#include <cmath>

#if defined(ANIM_SIMD_AVX2) || defined(ANIM_SIMD_SSE)
#include <immintrin.h>
#endif

#include "executor/math/quat.h"

namespace anim::simd {

#if defined(ANIM_SIMD_AVX2)

inline constexpr int kWidth = 8;
struct Floats {
  __m256 v;
};
struct Mask {
  __m256 v;
};

inline Floats Splat(float f) {
  return {_mm256_set1_ps(f)};
}
inline Floats Load(const float* p) {
  return {_mm256_loadu_ps(p)};
}
inline void Store(float* p, Floats a) {
  _mm256_storeu_ps(p, a.v);
}
inline Floats operator+(Floats a, Floats b) {
  return {_mm256_add_ps(a.v, b.v)};
}
inline Floats operator-(Floats a, Floats b) {
  return {_mm256_sub_ps(a.v, b.v)};
}
inline Floats operator*(Floats a, Floats b) {
  return {_mm256_mul_ps(a.v, b.v)};
}
inline Floats operator/(Floats a, Floats b) {
  return {_mm256_div_ps(a.v, b.v)};
}
inline Floats Sqrt(Floats a) {
  return {_mm256_sqrt_ps(a.v)};
}
inline Floats Negate(Floats a) {
  return {_mm256_xor_ps(a.v, _mm256_set1_ps(-0.0f))};
}
inline Floats Abs(Floats a) {
  return {_mm256_andnot_ps(_mm256_set1_ps(-0.0f), a.v)};
}
inline Mask Less(Floats a, Floats b) {
  return {_mm256_cmp_ps(a.v, b.v, _CMP_LT_OQ)};
}
inline Mask Greater(Floats a, Floats b) {
  return {_mm256_cmp_ps(a.v, b.v, _CMP_GT_OQ)};
}
// Unordered, like the scalar `!=`: a NaN counts as non-zero.
inline Mask NotZero(Floats a) {
  return {_mm256_cmp_ps(a.v, _mm256_setzero_ps(), _CMP_NEQ_UQ)};
}
inline Floats Select(Mask m, Floats if_true, Floats if_false) {
  return {_mm256_blendv_ps(if_false.v, if_true.v, m.v)};
}
inline Floats NegateWhere(Mask m, Floats a) {
  return {_mm256_xor_ps(a.v, _mm256_and_ps(m.v, _mm256_set1_ps(-0.0f)))};
}
inline int CountSet(Mask m) {
  return std::popcount(static_cast<unsigned>(_mm256_movemask_ps(m.v)));
}

// Lane values repeated three times each, as three vectors: the per-float weights of an xyz stream.
struct Triple {
  Floats v[3];
};
inline Triple Expand3(Floats a) {
  const __m256i i0 = _mm256_setr_epi32(0, 0, 0, 1, 1, 1, 2, 2);
  const __m256i i1 = _mm256_setr_epi32(2, 3, 3, 3, 4, 4, 4, 5);
  const __m256i i2 = _mm256_setr_epi32(5, 5, 6, 6, 6, 7, 7, 7);
  return {{{_mm256_permutevar8x32_ps(a.v, i0)},
           {_mm256_permutevar8x32_ps(a.v, i1)},
           {_mm256_permutevar8x32_ps(a.v, i2)}}};
}

// Eight xyzw quaternions as x, y, z, w lane vectors, by an in-lane 4x4 transpose of four plain
// loads. That leaves the quaternions in lane order 0 2 4 6 1 3 5 7, which no kernel sees: every
// lane gets the same alpha, StoreQuats undoes the order, and per-bone values (mask weights) go
// through ToQuatLaneOrder first. It saves the cross-lane shuffles a bone-order transpose needs.
inline void LoadQuats(const float* p, Floats& x, Floats& y, Floats& z, Floats& w) {
  const __m256 r0 = _mm256_loadu_ps(p + 0);      // q0 | q1
  const __m256 r1 = _mm256_loadu_ps(p + 8);      // q2 | q3
  const __m256 r2 = _mm256_loadu_ps(p + 16);     // q4 | q5
  const __m256 r3 = _mm256_loadu_ps(p + 24);     // q6 | q7
  const __m256 t0 = _mm256_unpacklo_ps(r0, r1);  // x0 x2 y0 y2 | x1 x3 y1 y3
  const __m256 t1 = _mm256_unpacklo_ps(r2, r3);  // x4 x6 y4 y6 | x5 x7 y5 y7
  const __m256 t2 = _mm256_unpackhi_ps(r0, r1);  // z0 z2 w0 w2 | z1 z3 w1 w3
  const __m256 t3 = _mm256_unpackhi_ps(r2, r3);  // z4 z6 w4 w6 | z5 z7 w5 w7
  x.v = _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(1, 0, 1, 0));
  y.v = _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(3, 2, 3, 2));
  z.v = _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(1, 0, 1, 0));
  w.v = _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(3, 2, 3, 2));
}

inline void StoreQuats(float* p, Floats x, Floats y, Floats z, Floats w) {
  const __m256 t0 = _mm256_unpacklo_ps(x.v, y.v);  // x0 y0 x2 y2 | x1 y1 x3 y3
  const __m256 t1 = _mm256_unpacklo_ps(z.v, w.v);  // z0 w0 z2 w2 | z1 w1 z3 w3
  const __m256 t2 = _mm256_unpackhi_ps(x.v, y.v);  // x4 y4 x6 y6 | x5 y5 x7 y7
  const __m256 t3 = _mm256_unpackhi_ps(z.v, w.v);  // z4 w4 z6 w6 | z5 w5 z7 w7
  _mm256_storeu_ps(p + 0, _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(1, 0, 1, 0)));
  _mm256_storeu_ps(p + 8, _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(3, 2, 3, 2)));
  _mm256_storeu_ps(p + 16, _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(1, 0, 1, 0)));
  _mm256_storeu_ps(p + 24, _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(3, 2, 3, 2)));
}

// Per-bone values (bone order) rearranged into LoadQuats' lane order.
inline Floats ToQuatLaneOrder(Floats a) {
  return {_mm256_permutevar8x32_ps(a.v, _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7))};
}

#elif defined(ANIM_SIMD_SSE)

inline constexpr int kWidth = 4;
struct Floats {
  __m128 v;
};
struct Mask {
  __m128 v;
};

inline Floats Splat(float f) {
  return {_mm_set1_ps(f)};
}
inline Floats Load(const float* p) {
  return {_mm_loadu_ps(p)};
}
inline void Store(float* p, Floats a) {
  _mm_storeu_ps(p, a.v);
}
inline Floats operator+(Floats a, Floats b) {
  return {_mm_add_ps(a.v, b.v)};
}
inline Floats operator-(Floats a, Floats b) {
  return {_mm_sub_ps(a.v, b.v)};
}
inline Floats operator*(Floats a, Floats b) {
  return {_mm_mul_ps(a.v, b.v)};
}
inline Floats operator/(Floats a, Floats b) {
  return {_mm_div_ps(a.v, b.v)};
}
inline Floats Sqrt(Floats a) {
  return {_mm_sqrt_ps(a.v)};
}
inline Floats Negate(Floats a) {
  return {_mm_xor_ps(a.v, _mm_set1_ps(-0.0f))};
}
inline Floats Abs(Floats a) {
  return {_mm_andnot_ps(_mm_set1_ps(-0.0f), a.v)};
}
inline Mask Less(Floats a, Floats b) {
  return {_mm_cmplt_ps(a.v, b.v)};
}
inline Mask Greater(Floats a, Floats b) {
  return {_mm_cmpgt_ps(a.v, b.v)};
}
inline Mask NotZero(Floats a) {
  return {_mm_cmpneq_ps(a.v, _mm_setzero_ps())};
}
inline Floats Select(Mask m, Floats if_true, Floats if_false) {
  return {_mm_blendv_ps(if_false.v, if_true.v, m.v)};
}
inline Floats NegateWhere(Mask m, Floats a) {
  return {_mm_xor_ps(a.v, _mm_and_ps(m.v, _mm_set1_ps(-0.0f)))};
}
inline int CountSet(Mask m) {
  return std::popcount(static_cast<unsigned>(_mm_movemask_ps(m.v)));
}

struct Triple {
  Floats v[3];
};
inline Triple Expand3(Floats a) {
  return {{{_mm_shuffle_ps(a.v, a.v, _MM_SHUFFLE(1, 0, 0, 0))},
           {_mm_shuffle_ps(a.v, a.v, _MM_SHUFFLE(2, 2, 1, 1))},
           {_mm_shuffle_ps(a.v, a.v, _MM_SHUFFLE(3, 3, 3, 2))}}};
}

inline void LoadQuats(const float* p, Floats& x, Floats& y, Floats& z, Floats& w) {
  __m128 r0 = _mm_loadu_ps(p), r1 = _mm_loadu_ps(p + 4), r2 = _mm_loadu_ps(p + 8), r3 = _mm_loadu_ps(p + 12);
  _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
  x.v = r0, y.v = r1, z.v = r2, w.v = r3;
}

inline void StoreQuats(float* p, Floats x, Floats y, Floats z, Floats w) {
  _MM_TRANSPOSE4_PS(x.v, y.v, z.v, w.v);
  _mm_storeu_ps(p, x.v);
  _mm_storeu_ps(p + 4, y.v);
  _mm_storeu_ps(p + 8, z.v);
  _mm_storeu_ps(p + 12, w.v);
}

// LoadQuats keeps bone order here.
inline Floats ToQuatLaneOrder(Floats a) {
  return a;
}

#else  // portable C++: four lanes as plain loops

inline constexpr int kWidth = 4;
struct Floats {
  float v[kWidth];
};
struct Mask {
  bool v[kWidth];
};

template <typename F>
inline Floats Map(F f) {
  Floats r;
  for (int i = 0; i < kWidth; ++i)
    r.v[i] = f(i);
  return r;
}
inline Floats Splat(float f) {
  return Map([f](int) { return f; });
}
inline Floats Load(const float* p) {
  return Map([p](int i) { return p[i]; });
}
inline void Store(float* p, Floats a) {
  for (int i = 0; i < kWidth; ++i)
    p[i] = a.v[i];
}
inline Floats operator+(Floats a, Floats b) {
  return Map([&](int i) { return a.v[i] + b.v[i]; });
}
inline Floats operator-(Floats a, Floats b) {
  return Map([&](int i) { return a.v[i] - b.v[i]; });
}
inline Floats operator*(Floats a, Floats b) {
  return Map([&](int i) { return a.v[i] * b.v[i]; });
}
inline Floats operator/(Floats a, Floats b) {
  return Map([&](int i) { return a.v[i] / b.v[i]; });
}
inline Floats Sqrt(Floats a) {
  return Map([&](int i) { return std::sqrt(a.v[i]); });
}
inline Floats Negate(Floats a) {
  return Map([&](int i) { return -a.v[i]; });
}
inline Floats Abs(Floats a) {
  return Map([&](int i) { return std::fabs(a.v[i]); });
}
inline Mask Less(Floats a, Floats b) {
  Mask m;
  for (int i = 0; i < kWidth; ++i)
    m.v[i] = a.v[i] < b.v[i];
  return m;
}
inline Mask Greater(Floats a, Floats b) {
  return Less(b, a);
}
inline Mask NotZero(Floats a) {
  Mask m;
  for (int i = 0; i < kWidth; ++i)
    m.v[i] = a.v[i] != 0.0f;
  return m;
}
inline Floats Select(Mask m, Floats if_true, Floats if_false) {
  return Map([&](int i) { return m.v[i] ? if_true.v[i] : if_false.v[i]; });
}
inline Floats NegateWhere(Mask m, Floats a) {
  return Map([&](int i) { return m.v[i] ? -a.v[i] : a.v[i]; });
}
inline int CountSet(Mask m) {
  int n = 0;
  for (bool b : m.v)
    n += b ? 1 : 0;
  return n;
}

struct Triple {
  Floats v[3];
};
inline Triple Expand3(Floats a) {
  Triple t;
  for (int i = 0; i < 3 * kWidth; ++i)
    t.v[i / kWidth].v[i % kWidth] = a.v[i / 3];
  return t;
}

inline void LoadQuats(const float* p, Floats& x, Floats& y, Floats& z, Floats& w) {
  for (int i = 0; i < kWidth; ++i) {
    x.v[i] = p[4 * i], y.v[i] = p[4 * i + 1], z.v[i] = p[4 * i + 2], w.v[i] = p[4 * i + 3];
  }
}

inline void StoreQuats(float* p, Floats x, Floats y, Floats z, Floats w) {
  for (int i = 0; i < kWidth; ++i) {
    p[4 * i] = x.v[i], p[4 * i + 1] = y.v[i], p[4 * i + 2] = z.v[i], p[4 * i + 3] = w.v[i];
  }
}

// LoadQuats keeps bone order here.
inline Floats ToQuatLaneOrder(Floats a) {
  return a;
}

#endif

// out = a * b for one xyzw quaternion each, for serial walks (model-space rotations) where lanes
// cannot hold different bones. The SSE form adds the product's four terms in anim::operator*'s
// order, a subtraction being the addition of the negated term, so it equals the scalar product.
inline void MultiplyQuat(float* out, const float* a, const float* b) {
#if defined(ANIM_SIMD_SSE)
  const __m128 va = _mm_loadu_ps(a);
  const __m128 vb = _mm_loadu_ps(b);
  const __m128 t1 = _mm_mul_ps(_mm_shuffle_ps(va, va, _MM_SHUFFLE(3, 3, 3, 3)), vb);
  const __m128 t2 = _mm_mul_ps(_mm_shuffle_ps(va, va, _MM_SHUFFLE(0, 0, 0, 0)),
                               _mm_shuffle_ps(vb, vb, _MM_SHUFFLE(0, 1, 2, 3)));  // bw bz by bx
  const __m128 t3 = _mm_mul_ps(_mm_shuffle_ps(va, va, _MM_SHUFFLE(1, 1, 1, 1)),
                               _mm_shuffle_ps(vb, vb, _MM_SHUFFLE(1, 0, 3, 2)));  // bz bw bx by
  const __m128 t4 = _mm_mul_ps(_mm_shuffle_ps(va, va, _MM_SHUFFLE(2, 2, 2, 2)),
                               _mm_shuffle_ps(vb, vb, _MM_SHUFFLE(2, 3, 0, 1)));  // by bx bw bz
  const __m128 s2 = _mm_setr_ps(0.0f, -0.0f, 0.0f, -0.0f);
  const __m128 s3 = _mm_setr_ps(0.0f, 0.0f, -0.0f, -0.0f);
  const __m128 s4 = _mm_setr_ps(-0.0f, 0.0f, 0.0f, -0.0f);
  const __m128 sum =
      _mm_add_ps(_mm_add_ps(_mm_add_ps(t1, _mm_xor_ps(t2, s2)), _mm_xor_ps(t3, s3)), _mm_xor_ps(t4, s4));
  _mm_storeu_ps(out, sum);
#else
  const Quat q = Quat{a[0], a[1], a[2], a[3]} * Quat{b[0], b[1], b[2], b[3]};
  out[0] = q.x, out[1] = q.y, out[2] = q.z, out[3] = q.w;
#endif
}

}  // namespace anim::simd
