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
#include <cstring>

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
// The larger of each pair; b where either is NaN.
inline Floats Max(Floats a, Floats b) {
  return {_mm256_max_ps(a.v, b.v)};
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
inline bool AllSet(Mask m) {
  return _mm256_movemask_ps(m.v) == 0xff;
}

// The first `lanes` (0..8) of a vector, stored or loaded without touching memory past them.
inline __m256i FirstLanes(int lanes) {
  return _mm256_cmpgt_epi32(_mm256_set1_epi32(lanes), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}
inline void StoreFirst(float* p, Floats a, int lanes) {
  _mm256_maskstore_ps(p, FirstLanes(lanes), a.v);
}
inline Floats LoadFirst(const float* p, int lanes) {  // lanes past `lanes` read as 0
  return {_mm256_maskload_ps(p, FirstLanes(lanes))};
}

// Which lane each lane of a permuted vector takes: lane_of[j] for lane j (8 indices, 0..7).
struct LaneIndex {
  __m256i v;
};
inline LaneIndex LoadLaneIndex(const unsigned char* lane_of) {
  return {_mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(lane_of)))};
}
inline Floats PermuteLanes(Floats a, LaneIndex index) {
  return {_mm256_permutevar8x32_ps(a.v, index.v)};
}
// Lane j set where bit j of `bits` is.
inline Mask LanesOf(unsigned bits) {
  const __m256i lane_bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
  const __m256i set =
      _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32(static_cast<int>(bits)), lane_bits), lane_bits);
  return {_mm256_castsi256_ps(set)};
}

// kWidth unsigned 8- or 16-bit integers at `p` (any alignment), each as a float.
inline Floats LoadU8(const unsigned char* p) {
  return {_mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))))};
}
inline Floats LoadU16(const unsigned char* p) {
  return {_mm256_cvtepi32_ps(_mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))))};
}
// kWidth 32-bit words at `p`, each holding three bit fields from its lowest bit up, of
// `bits0[i]`, `bits1[i]` and `bits2[i]` bits (at most 24 each, 32 in all; a field of 0 bits is 0):
// the three fields of every word as floats.
inline void LoadBitFields3(const unsigned char* p, const unsigned char* bits0, const unsigned char* bits1,
                           const unsigned char* bits2, Floats out[3]) {
  const __m256i words = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  const __m256i one = _mm256_set1_epi32(1);
  __m256i shift = _mm256_setzero_si256();
  const unsigned char* bits[3] = {bits0, bits1, bits2};
  for (int c = 0; c < 3; ++c) {
    const __m256i width = _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(bits[c])));
    const __m256i mask = _mm256_sub_epi32(_mm256_sllv_epi32(one, width), one);
    out[c] = {_mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srlv_epi32(words, shift), mask))};
    shift = _mm256_add_epi32(shift, width);
  }
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
inline Floats Max(Floats a, Floats b) {
  return {_mm_max_ps(a.v, b.v)};
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
inline bool AllSet(Mask m) {
  return _mm_movemask_ps(m.v) == 0xf;
}

inline void StoreFirst(float* p, Floats a, int lanes) {
  alignas(16) float lane_values[kWidth];
  _mm_store_ps(lane_values, a.v);
  for (int i = 0; i < lanes; ++i)
    p[i] = lane_values[i];
}
inline Floats LoadFirst(const float* p, int lanes) {
  alignas(16) float lane_values[kWidth] = {};
  for (int i = 0; i < lanes; ++i)
    lane_values[i] = p[i];
  return {_mm_load_ps(lane_values)};
}

inline Floats LoadU8(const unsigned char* p) {
  int bytes = 0;
  std::memcpy(&bytes, p, sizeof bytes);
  return {_mm_cvtepi32_ps(_mm_cvtepu8_epi32(_mm_cvtsi32_si128(bytes)))};
}
inline Floats LoadU16(const unsigned char* p) {
  return {_mm_cvtepi32_ps(_mm_cvtepu16_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))))};
}
inline void LoadBitFields3(const unsigned char* p, const unsigned char* bits0, const unsigned char* bits1,
                           const unsigned char* bits2, Floats out[3]) {
  alignas(16) int fields[3][kWidth];  // SSE has no per-lane shifts
  for (int i = 0; i < kWidth; ++i) {
    unsigned word = 0;
    std::memcpy(&word, p + 4 * i, sizeof word);
    const unsigned char widths[3] = {bits0[i], bits1[i], bits2[i]};
    for (int c = 0; c < 3; ++c) {
      fields[c][i] = static_cast<int>(word & (widths[c] >= 32 ? ~0u : (1u << widths[c]) - 1u));
      word = widths[c] >= 32 ? 0u : word >> widths[c];
    }
  }
  for (int c = 0; c < 3; ++c)
    out[c] = {_mm_cvtepi32_ps(_mm_load_si128(reinterpret_cast<const __m128i*>(fields[c])))};
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
inline Floats Max(Floats a, Floats b) {
  return Map([&](int i) { return a.v[i] > b.v[i] ? a.v[i] : b.v[i]; });
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
inline bool AllSet(Mask m) {
  return CountSet(m) == kWidth;
}

inline void StoreFirst(float* p, Floats a, int lanes) {
  for (int i = 0; i < lanes; ++i)
    p[i] = a.v[i];
}
inline Floats LoadFirst(const float* p, int lanes) {
  return Map([&](int i) { return i < lanes ? p[i] : 0.0f; });
}

inline Floats LoadU8(const unsigned char* p) {
  return Map([p](int i) { return static_cast<float>(p[i]); });
}
inline Floats LoadU16(const unsigned char* p) {
  return Map([p](int i) {
    unsigned short v = 0;
    std::memcpy(&v, p + 2 * i, sizeof v);
    return static_cast<float>(v);
  });
}
inline void LoadBitFields3(const unsigned char* p, const unsigned char* bits0, const unsigned char* bits1,
                           const unsigned char* bits2, Floats out[3]) {
  for (int i = 0; i < kWidth; ++i) {
    unsigned word = 0;
    std::memcpy(&word, p + 4 * i, sizeof word);
    const unsigned char widths[3] = {bits0[i], bits1[i], bits2[i]};
    for (int c = 0; c < 3; ++c) {
      out[c].v[i] = static_cast<float>(word & (widths[c] >= 32 ? ~0u : (1u << widths[c]) - 1u));
      word = widths[c] >= 32 ? 0u : word >> widths[c];
    }
  }
}

#endif

// kWidth floats stored as bytes at `p` (any alignment); the copy compiles to one unaligned load.
inline Floats LoadFloatBytes(const unsigned char* p) {
  alignas(32) float lane_values[kWidth];
  std::memcpy(lane_values, p, sizeof lane_values);
  return Load(lane_values);
}

}  // namespace anim::simd
