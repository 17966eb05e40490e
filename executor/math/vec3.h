// Three-component float vector: positions, offsets, scales and axes.
#pragma once

#include <cmath>

namespace anim {

struct Vec3 {
  float x = 0.0f, y = 0.0f, z = 0.0f;

  friend constexpr Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
  friend constexpr Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
  friend constexpr Vec3 operator-(Vec3 a) { return {-a.x, -a.y, -a.z}; }
  friend constexpr Vec3 operator*(Vec3 a, float s) { return {a.x * s, a.y * s, a.z * s}; }
  friend constexpr Vec3 operator*(float s, Vec3 a) { return a * s; }
  friend constexpr Vec3 operator/(Vec3 a, float s) { return {a.x / s, a.y / s, a.z / s}; }
  constexpr Vec3& operator+=(Vec3 b) { return *this = *this + b; }
  constexpr Vec3& operator-=(Vec3 b) { return *this = *this - b; }
  constexpr Vec3& operator*=(float s) { return *this = *this * s; }
  friend constexpr bool operator==(Vec3 a, Vec3 b) = default;
};

constexpr Vec3 Mul(Vec3 a, Vec3 b) {
  return {a.x * b.x, a.y * b.y, a.z * b.z};
}
constexpr float Dot(Vec3 a, Vec3 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
constexpr Vec3 Cross(Vec3 a, Vec3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline float LengthSq(Vec3 a) {
  return Dot(a, a);
}
inline float Length(Vec3 a) {
  return std::sqrt(Dot(a, a));
}
inline float Distance(Vec3 a, Vec3 b) {
  return Length(a - b);
}
constexpr Vec3 Lerp(Vec3 a, Vec3 b, float t) {
  return a + (b - a) * t;
}

// Unit vector along `a`, or `fallback` when `a` is too short to have a direction.
inline Vec3 NormalizeOr(Vec3 a, Vec3 fallback) {
  const float len_sq = Dot(a, a);
  if (!(len_sq > 1e-20f)) return fallback;
  return a * (1.0f / std::sqrt(len_sq));
}

// Any unit vector perpendicular to unit vector `a`.
inline Vec3 AnyPerpendicular(Vec3 a) {
  const Vec3 other = std::fabs(a.x) < 0.9f ? Vec3{1, 0, 0} : Vec3{0, 1, 0};
  return NormalizeOr(Cross(a, other), Vec3{0, 0, 1});
}

}  // namespace anim
