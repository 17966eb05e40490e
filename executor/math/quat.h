// Unit quaternions for bone rotations: (x, y, z) vector part, w scalar part.
#pragma once

#include <cmath>

#include "executor/math/vec3.h"

namespace anim {

struct Quat {
  float x = 0.0f, y = 0.0f, z = 0.0f, w = 1.0f;

  static constexpr Quat Identity() { return {0.0f, 0.0f, 0.0f, 1.0f}; }
  friend constexpr bool operator==(Quat a, Quat b) = default;
};

constexpr float Dot(Quat a, Quat b) {
  return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
constexpr Quat Negate(Quat q) {
  return {-q.x, -q.y, -q.z, -q.w};
}
constexpr Quat Conjugate(Quat q) {
  return {-q.x, -q.y, -q.z, q.w};
}

// Hamilton product: applying the result rotates by `b` first, then by `a`.
constexpr Quat operator*(Quat a, Quat b) {
  return {a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
          a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}

// Unit quaternion along `q`; the identity for a (near) zero quaternion, so bad data never yields NaN.
inline Quat Normalize(Quat q) {
  const float len_sq = Dot(q, q);
  if (!(len_sq > 1e-30f)) return Quat::Identity();
  const float inv = 1.0f / std::sqrt(len_sq);
  return {q.x * inv, q.y * inv, q.z * inv, q.w * inv};
}

// Inverse of any non-zero quaternion (the conjugate for unit quaternions).
inline Quat Inverse(Quat q) {
  const float len_sq = Dot(q, q);
  if (!(len_sq > 1e-30f)) return Quat::Identity();
  const float inv = 1.0f / len_sq;
  return {-q.x * inv, -q.y * inv, -q.z * inv, q.w * inv};
}

inline Vec3 Rotate(Quat q, Vec3 v) {
  // v' = v + 2w(u x v) + 2u x (u x v), with u the vector part.
  const Vec3 u{q.x, q.y, q.z};
  const Vec3 t = Cross(u, v) * 2.0f;
  return v + t * q.w + Cross(u, t);
}

inline Quat FromAxisAngle(Vec3 unit_axis, float radians) {
  const float h = radians * 0.5f;
  const float s = std::sin(h);
  return {unit_axis.x * s, unit_axis.y * s, unit_axis.z * s, std::cos(h)};
}

// The representative of `q` in the hemisphere of `reference` (q and -q are the same rotation).
constexpr Quat AlignHemisphere(Quat q, Quat reference) {
  return Dot(q, reference) < 0.0f ? Negate(q) : q;
}

// The shortest-arc form of `q`: w >= 0, so the rotation angle is at most pi.
constexpr Quat ShortestArc(Quat q) {
  return q.w < 0.0f ? Negate(q) : q;
}

// Rotation angle in [0, pi] and unit axis of `q`, taking the shortest arc.
inline void ToAxisAngle(Quat q, Vec3& unit_axis, float& radians) {
  q = ShortestArc(Normalize(q));
  const float s = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z);
  radians = 2.0f * std::atan2(s, q.w);
  unit_axis = s > 1e-12f ? Vec3{q.x / s, q.y / s, q.z / s} : Vec3{1, 0, 0};
}

// Rotation vector (axis times angle), shortest arc: a full turn reads as zero, never as 2*pi.
inline Vec3 ToRotationVector(Quat q) {
  Vec3 axis;
  float angle = 0.0f;
  ToAxisAngle(q, axis, angle);
  return axis * angle;
}

inline Quat FromRotationVector(Vec3 v) {
  const float angle = Length(v);
  if (angle < 1e-12f) return Normalize(Quat{v.x * 0.5f, v.y * 0.5f, v.z * 0.5f, 1.0f});
  return FromAxisAngle(v / angle, angle);
}

// The shortest rotation taking unit vector `from` onto unit vector `to`.
inline Quat FromToRotation(Vec3 from, Vec3 to) {
  const float d = Dot(from, to);
  if (d < -0.999999f) return FromAxisAngle(AnyPerpendicular(from), 3.14159265358979f);
  const Vec3 c = Cross(from, to);
  return Normalize(Quat{c.x, c.y, c.z, 1.0f + d});
}

// Hemisphere-aligned normalised lerp. Valid for any t, including outside [0, 1]: after alignment
// the two inputs are never opposite, so the weighted sum never vanishes.
inline Quat Nlerp(Quat a, Quat b, float t) {
  const Quat bb = AlignHemisphere(b, a);
  const float s = 1.0f - t;
  return Normalize(Quat{a.x * s + bb.x * t, a.y * s + bb.y * t, a.z * s + bb.z * t, a.w * s + bb.w * t});
}

// Spherical lerp along the shorter arc. Extrapolates correctly for t outside [0, 1].
inline Quat Slerp(Quat a, Quat b, float t) {
  const Quat bb = AlignHemisphere(b, a);
  const float d = Dot(a, bb);
  if (d > 0.9995f) return Nlerp(a, bb, t);
  const float theta = std::acos(d < 1.0f ? d : 1.0f);
  const float sin_theta = std::sin(theta);
  const float wa = std::sin((1.0f - t) * theta) / sin_theta;
  const float wb = std::sin(t * theta) / sin_theta;
  return Normalize(
      Quat{a.x * wa + bb.x * wb, a.y * wa + bb.y * wb, a.z * wa + bb.z * wb, a.w * wa + bb.w * wb});
}

// Angle in radians between two rotations, in [0, pi].
inline float AngleBetween(Quat a, Quat b) {
  float d = std::fabs(Dot(Normalize(a), Normalize(b)));
  if (d > 1.0f) d = 1.0f;
  return 2.0f * std::acos(d);
}

}  // namespace anim
