// The maths of direct evaluation, in double precision and written again from the formulas: vectors,
// quaternions, rigid transforms and affine matrices. Direct evaluation is the reference the task
// path is judged against, so it must not share the task path's float maths (executor/math is only
// read for its data types, converted here on entry): a bug there would show up on both sides and
// cancel out. Double precision also makes the reference's own rounding negligible, so what
// validation measures is the task path's rounding.
#pragma once

#include <cmath>

#include "executor/math/mat4.h"
#include "executor/math/transform.h"

namespace anim::direct {

struct DVec3 {
  double x = 0.0, y = 0.0, z = 0.0;

  friend DVec3 operator+(DVec3 a, DVec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
  friend DVec3 operator-(DVec3 a, DVec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
  friend DVec3 operator-(DVec3 a) { return {-a.x, -a.y, -a.z}; }
  friend DVec3 operator*(DVec3 a, double s) { return {a.x * s, a.y * s, a.z * s}; }
  friend DVec3 operator/(DVec3 a, double s) { return {a.x / s, a.y / s, a.z / s}; }
};

inline DVec3 ToDouble(Vec3 v) {
  return {v.x, v.y, v.z};
}
inline DVec3 Hadamard(DVec3 a, DVec3 b) {
  return {a.x * b.x, a.y * b.y, a.z * b.z};
}
inline double Dot(DVec3 a, DVec3 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline DVec3 Cross(DVec3 a, DVec3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline double Norm(DVec3 a) {
  return std::sqrt(Dot(a, a));
}
inline DVec3 Mix(DVec3 a, DVec3 b, double t) {
  return a + (b - a) * t;
}
inline bool Finite(DVec3 v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

// The direction of `a`, or `fallback` when `a` is too short to have one (the task path's
// threshold on the squared length, 1e-20).
inline DVec3 Direction(DVec3 a, DVec3 fallback) {
  const double n2 = Dot(a, a);
  return n2 > 1e-20 ? a / std::sqrt(n2) : fallback;
}

// A unit vector perpendicular to unit `a`: across x, or across y when `a` is nearly along x.
inline DVec3 Perpendicular(DVec3 a) {
  return Direction(Cross(a, std::fabs(a.x) < 0.9 ? DVec3{1, 0, 0} : DVec3{0, 1, 0}), DVec3{0, 0, 1});
}

// q = w + (x, y, z).
struct DQuat {
  double x = 0.0, y = 0.0, z = 0.0, w = 1.0;
};

inline DQuat ToDouble(Quat q) {
  return {q.x, q.y, q.z, q.w};
}
inline double Dot(DQuat a, DQuat b) {
  return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
inline DQuat Scaled(DQuat q, double s) {
  return {q.x * s, q.y * s, q.z * s, q.w * s};
}
inline DQuat Conj(DQuat q) {
  return {-q.x, -q.y, -q.z, q.w};
}

// Hamilton product: (a b) v = a (b v).
inline DQuat operator*(DQuat a, DQuat b) {
  const DVec3 av{a.x, a.y, a.z}, bv{b.x, b.y, b.z};
  const DVec3 v = bv * a.w + av * b.w + Cross(av, bv);
  return {v.x, v.y, v.z, a.w * b.w - Dot(av, bv)};
}

// The unit quaternion along `q`; the identity for a (near) zero or non-finite one.
inline DQuat Unit(DQuat q) {
  const double n2 = Dot(q, q);
  return n2 > 1e-30 && std::isfinite(n2) ? Scaled(q, 1.0 / std::sqrt(n2)) : DQuat{};
}

// v rotated by unit q: q v q*.
inline DVec3 Rotate(DQuat q, DVec3 v) {
  const DQuat r = q * DQuat{v.x, v.y, v.z, 0.0} * Conj(q);
  return {r.x, r.y, r.z};
}

inline DQuat AxisAngle(DVec3 unit_axis, double radians) {
  const DVec3 v = unit_axis * std::sin(radians / 2);
  return {v.x, v.y, v.z, std::cos(radians / 2)};
}

// Angle in [0, pi] and unit axis of the shortest arc of `q` (w made non-negative first).
inline void AngleAxisOf(DQuat q, DVec3& axis, double& angle) {
  q = Unit(q);
  if (q.w < 0.0) q = Scaled(q, -1.0);
  const DVec3 v{q.x, q.y, q.z};
  const double s = Norm(v);
  angle = 2.0 * std::atan2(s, q.w);
  axis = s > 1e-12 ? v / s : DVec3{1, 0, 0};
}

// Rotation vector (axis * angle) of the shortest arc, and back.
inline DVec3 RotationVectorOf(DQuat q) {
  DVec3 axis;
  double angle = 0.0;
  AngleAxisOf(q, axis, angle);
  return axis * angle;
}
inline DQuat FromRotationVector(DVec3 v) {
  const double angle = Norm(v);
  if (angle < 1e-12) return Unit(DQuat{v.x / 2, v.y / 2, v.z / 2, 1.0});
  return AxisAngle(v / angle, angle);
}

// The shortest rotation turning unit `from` onto unit `to`; half a turn about a perpendicular when
// they are (nearly) opposite.
inline DQuat Between(DVec3 from, DVec3 to) {
  const double d = Dot(from, to);
  if (d < -0.999999) return AxisAngle(Perpendicular(from), 3.14159265358979323846);
  const DVec3 c = Cross(from, to);
  return Unit(DQuat{c.x, c.y, c.z, 1.0 + d});
}

// Normalised lerp from a to b along the shorter arc (b's sign taken to a's hemisphere). Any t.
inline DQuat Nlerp(DQuat a, DQuat b, double t) {
  if (Dot(a, b) < 0.0) b = Scaled(b, -1.0);
  return Unit(
      DQuat{a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t, a.w + (b.w - a.w) * t});
}

// Rotation about x, then y, then z, by angles in degrees.
inline DQuat FromEulerDegrees(DVec3 degrees) {
  const double k = 3.14159265358979323846 / 180.0;
  return AxisAngle({0, 0, 1}, degrees.z * k) * AxisAngle({0, 1, 0}, degrees.y * k) *
         AxisAngle({1, 0, 0}, degrees.x * k);
}

// A bone's local transform: scale, then rotation, then translation.
struct DTransform {
  DVec3 t;
  DQuat r;
  DVec3 s{1, 1, 1};
};

inline DTransform ToDouble(const Transform& x) {
  return {ToDouble(x.translation), ToDouble(x.rotation), ToDouble(x.scale)};
}
inline Transform ToFloat(const DTransform& x) {
  return {{static_cast<float>(x.t.x), static_cast<float>(x.t.y), static_cast<float>(x.t.z)},
          {static_cast<float>(x.r.x), static_cast<float>(x.r.y), static_cast<float>(x.r.z),
           static_cast<float>(x.r.w)},
          {static_cast<float>(x.s.x), static_cast<float>(x.s.y), static_cast<float>(x.s.z)}};
}

// A 4x4 matrix acting on column vectors, e[row][column]. Model-space and skinning matrices are
// affine; an inverse bind matrix read from a file may not be, so the product is the general one.
struct DMat4 {
  double e[4][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};

  DVec3 Column(int c) const { return {e[0][c], e[1][c], e[2][c]}; }
  DVec3 Origin() const { return Column(3); }
};

// The matrix of a transform: columns are the rotated axes scaled by s, then the translation.
inline DMat4 MatrixOf(const DTransform& x) {
  DMat4 m;
  const DVec3 axes[3] = {Rotate(x.r, {1, 0, 0}) * x.s.x, Rotate(x.r, {0, 1, 0}) * x.s.y,
                         Rotate(x.r, {0, 0, 1}) * x.s.z};
  for (int c = 0; c < 3; ++c) {
    m.e[0][c] = axes[c].x;
    m.e[1][c] = axes[c].y;
    m.e[2][c] = axes[c].z;
  }
  m.e[0][3] = x.t.x;
  m.e[1][3] = x.t.y;
  m.e[2][3] = x.t.z;
  return m;
}

inline DMat4 ToDouble(const Mat4& m) {
  DMat4 d;
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c)
      d.e[r][c] = m.m[c][r];
  }
  return d;
}

inline DMat4 operator*(const DMat4& a, const DMat4& b) {
  DMat4 p;
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) {
      double sum = 0.0;
      for (int k = 0; k < 4; ++k)
        sum += a.e[r][k] * b.e[k][c];
      p.e[r][c] = sum;
    }
  }
  return p;
}

inline DVec3 Apply(const DMat4& m, DVec3 p) {
  return {m.e[0][0] * p.x + m.e[0][1] * p.y + m.e[0][2] * p.z + m.e[0][3],
          m.e[1][0] * p.x + m.e[1][1] * p.y + m.e[1][2] * p.z + m.e[1][3],
          m.e[2][0] * p.x + m.e[2][1] * p.y + m.e[2][2] * p.z + m.e[2][3]};
}

// Inverse of an affine matrix by Gauss-Jordan elimination on its linear part; the identity when
// that part is singular (the task path's convention).
inline DMat4 InverseOfAffine(const DMat4& m) {
  double a[3][6];
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) {
      a[r][c] = m.e[r][c];
      a[r][c + 3] = r == c ? 1.0 : 0.0;
    }
  }
  for (int c = 0; c < 3; ++c) {
    int pivot = c;
    for (int r = c + 1; r < 3; ++r) {
      if (std::fabs(a[r][c]) > std::fabs(a[pivot][c])) pivot = r;
    }
    if (!(std::fabs(a[pivot][c]) > 1e-30)) return DMat4{};
    for (int k = 0; k < 6; ++k)
      std::swap(a[c][k], a[pivot][k]);
    const double inv = 1.0 / a[c][c];
    for (int k = 0; k < 6; ++k)
      a[c][k] *= inv;
    for (int r = 0; r < 3; ++r) {
      if (r == c) continue;
      const double f = a[r][c];
      for (int k = 0; k < 6; ++k)
        a[r][k] -= f * a[c][k];
    }
  }
  DMat4 inverse;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c)
      inverse.e[r][c] = a[r][c + 3];
  }
  const DVec3 t = m.Origin();
  for (int r = 0; r < 3; ++r)
    inverse.e[r][3] = -(inverse.e[r][0] * t.x + inverse.e[r][1] * t.y + inverse.e[r][2] * t.z);
  return inverse;
}

// The rotation of an affine matrix with its scale divided out: the normalised columns, the third
// turned round when the matrix mirrors, so the result is a proper rotation. Converted to a
// quaternion through the rotation matrix's largest diagonal term.
inline DQuat RotationPartOf(const DMat4& m) {
  const DVec3 x = Direction(m.Column(0), {1, 0, 0});
  const DVec3 y = Direction(m.Column(1), {0, 1, 0});
  DVec3 z = Direction(m.Column(2), {0, 0, 1});
  if (Dot(Cross(x, y), z) < 0.0) z = -z;
  // R = [x y z]; R(r, c) below.
  const double r00 = x.x, r10 = x.y, r20 = x.z, r01 = y.x, r11 = y.y, r21 = y.z, r02 = z.x, r12 = z.y,
               r22 = z.z;
  const double trace = r00 + r11 + r22;
  DQuat q;
  if (trace > 0.0) {
    const double s = 2.0 * std::sqrt(trace + 1.0);
    q = {(r21 - r12) / s, (r02 - r20) / s, (r10 - r01) / s, s / 4};
  } else if (r00 > r11 && r00 > r22) {
    const double s = 2.0 * std::sqrt(1.0 + r00 - r11 - r22);
    q = {s / 4, (r01 + r10) / s, (r02 + r20) / s, (r21 - r12) / s};
  } else if (r11 > r22) {
    const double s = 2.0 * std::sqrt(1.0 + r11 - r00 - r22);
    q = {(r01 + r10) / s, s / 4, (r12 + r21) / s, (r02 - r20) / s};
  } else {
    const double s = 2.0 * std::sqrt(1.0 + r22 - r00 - r11);
    q = {(r02 + r20) / s, (r12 + r21) / s, s / 4, (r10 - r01) / s};
  }
  return Unit(q);
}

}  // namespace anim::direct
