// Internal to the pose kernels: the rules the SIMD and reference versions share, so both clamp
// counts and divide scales the same way.
#pragma once

#include <algorithm>
#include <cmath>
#include <initializer_list>

namespace anim::kernel {

// The bone count a kernel may touch: `count` clamped to [0, the smallest view's bone count], so a
// count past the end of a buffer cannot read or write out of bounds.
inline int ClampCount(int count, std::initializer_list<int> bone_counts) {
  int limit = count;
  for (int n : bone_counts)
    limit = std::min(limit, n);
  return std::max(limit, 0);
}

// Scales at or below this magnitude have no usable inverse.
inline constexpr float kMinInvertibleScale = 1e-12f;

// 1 / s, or 1 when s is (near) zero or NaN: dividing by a collapsed base scale leaves the source
// scale as the delta instead of producing infinity.
inline float SafeReciprocal(float s) {
  return std::fabs(s) > kMinInvertibleScale ? 1.0f / s : 1.0f;
}

// A parent index usable by a parents-first walk: a root, or an earlier bone. Anything else
// (malformed data) is treated as a root.
inline bool HasValidParent(int parent, int bone) {
  return parent >= 0 && parent < bone;
}

}  // namespace anim::kernel
