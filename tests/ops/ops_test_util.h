// Catch2 assertions shared by the ops tests.
#pragma once

#include <catch2/catch.hpp>

#include <cmath>

#include "executor/math/quat.h"
#include "executor/math/vec3.h"

namespace anim::test {

inline constexpr float kPi = 3.14159265358979f;

inline void RequireNear(Vec3 a, Vec3 b, float eps) {
  INFO("(" << a.x << ", " << a.y << ", " << a.z << ") vs (" << b.x << ", " << b.y << ", " << b.z << ")");
  REQUIRE(Distance(a, b) <= eps);
}

// Angle between two rotations, precise near zero (acos of a dot product is not).
inline float RotationDistance(Quat a, Quat b) {
  Vec3 axis;
  float angle = 0.0f;
  ToAxisAngle(Conjugate(Normalize(a)) * Normalize(b), axis, angle);
  return angle;
}

inline void RequireSameRotation(Quat a, Quat b, float eps) {
  INFO("angle between rotations " << RotationDistance(a, b));
  REQUIRE(RotationDistance(a, b) <= eps);
}

// Angle in radians between two non-zero vectors.
inline float AngleBetweenVectors(Vec3 a, Vec3 b) {
  return std::atan2(Length(Cross(a, b)), Dot(a, b));
}

}  // namespace anim::test
