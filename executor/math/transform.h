// Translation, rotation and (possibly non-uniform) scale: a bone's local transform.
#pragma once

#include "executor/math/quat.h"
#include "executor/math/vec3.h"

namespace anim {

struct Transform {
  Vec3 translation{};
  Quat rotation{};
  Vec3 scale{1.0f, 1.0f, 1.0f};

  static constexpr Transform Identity() { return {}; }
  friend constexpr bool operator==(const Transform&, const Transform&) = default;
};

// Applies scale, then rotation, then translation to a point.
inline Vec3 TransformPoint(const Transform& t, Vec3 p) {
  return Rotate(t.rotation, Mul(t.scale, p)) + t.translation;
}

}  // namespace anim
