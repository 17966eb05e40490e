#include "executor/math/mat4.h"

#include <cmath>

namespace anim {

Mat4 FromTransform(const Transform& t) {
  const Quat q = t.rotation;
  const float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
  const float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
  const float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
  Mat4 r;
  r.m[0][0] = (1 - 2 * (yy + zz)) * t.scale.x;
  r.m[0][1] = (2 * (xy + wz)) * t.scale.x;
  r.m[0][2] = (2 * (xz - wy)) * t.scale.x;
  r.m[0][3] = 0;
  r.m[1][0] = (2 * (xy - wz)) * t.scale.y;
  r.m[1][1] = (1 - 2 * (xx + zz)) * t.scale.y;
  r.m[1][2] = (2 * (yz + wx)) * t.scale.y;
  r.m[1][3] = 0;
  r.m[2][0] = (2 * (xz + wy)) * t.scale.z;
  r.m[2][1] = (2 * (yz - wx)) * t.scale.z;
  r.m[2][2] = (1 - 2 * (xx + yy)) * t.scale.z;
  r.m[2][3] = 0;
  r.m[3][0] = t.translation.x;
  r.m[3][1] = t.translation.y;
  r.m[3][2] = t.translation.z;
  r.m[3][3] = 1;
  return r;
}

Mat4 operator*(const Mat4& a, const Mat4& b) {
  Mat4 r;
  for (int c = 0; c < 4; ++c) {
    for (int row = 0; row < 4; ++row) {
      r.m[c][row] = a.m[0][row] * b.m[c][0] + a.m[1][row] * b.m[c][1] + a.m[2][row] * b.m[c][2] +
                    a.m[3][row] * b.m[c][3];
    }
  }
  return r;
}

Vec3 TransformPoint(const Mat4& m, Vec3 p) {
  return {m.m[0][0] * p.x + m.m[1][0] * p.y + m.m[2][0] * p.z + m.m[3][0],
          m.m[0][1] * p.x + m.m[1][1] * p.y + m.m[2][1] * p.z + m.m[3][1],
          m.m[0][2] * p.x + m.m[1][2] * p.y + m.m[2][2] * p.z + m.m[3][2]};
}

Vec3 TransformVector(const Mat4& m, Vec3 v) {
  return {m.m[0][0] * v.x + m.m[1][0] * v.y + m.m[2][0] * v.z,
          m.m[0][1] * v.x + m.m[1][1] * v.y + m.m[2][1] * v.z,
          m.m[0][2] * v.x + m.m[1][2] * v.y + m.m[2][2] * v.z};
}

Mat4 InverseAffine(const Mat4& m) {
  // Invert the upper 3x3 by cofactors, then the translation.
  const float a = m.m[0][0], b = m.m[1][0], c = m.m[2][0];
  const float d = m.m[0][1], e = m.m[1][1], f = m.m[2][1];
  const float g = m.m[0][2], h = m.m[1][2], i = m.m[2][2];
  const float co00 = e * i - f * h, co01 = -(d * i - f * g), co02 = d * h - e * g;
  const float det = a * co00 + b * co01 + c * co02;
  if (!(std::fabs(det) > 1e-30f)) return Mat4::Identity();
  const float inv = 1.0f / det;
  Mat4 r;
  // r(row, col) = cofactor(col, row) / det
  r.m[0][0] = co00 * inv;
  r.m[0][1] = co01 * inv;
  r.m[0][2] = co02 * inv;
  r.m[1][0] = -(b * i - c * h) * inv;
  r.m[1][1] = (a * i - c * g) * inv;
  r.m[1][2] = -(a * h - b * g) * inv;
  r.m[2][0] = (b * f - c * e) * inv;
  r.m[2][1] = -(a * f - c * d) * inv;
  r.m[2][2] = (a * e - b * d) * inv;
  r.m[0][3] = r.m[1][3] = r.m[2][3] = 0;
  const Vec3 t = TransformVector(r, m.Translation());
  r.m[3][0] = -t.x;
  r.m[3][1] = -t.y;
  r.m[3][2] = -t.z;
  r.m[3][3] = 1;
  return r;
}

Mat3x4 PackRows3x4(const Mat4& m) {
  Mat3x4 p;
  for (int row = 0; row < 3; ++row) {
    for (int c = 0; c < 4; ++c)
      p.rows[row][c] = m.m[c][row];
  }
  return p;
}

Quat RotationOf(const Mat4& m) {
  Vec3 x = NormalizeOr(m.Column(0), {1, 0, 0});
  Vec3 y = NormalizeOr(m.Column(1), {0, 1, 0});
  Vec3 z = NormalizeOr(m.Column(2), {0, 0, 1});
  if (Dot(Cross(x, y), z) < 0.0f) z = -z;  // a mirroring scale: keep a proper rotation
  const float trace = x.x + y.y + z.z;
  Quat q;
  if (trace > 0.0f) {
    const float s = std::sqrt(trace + 1.0f) * 2.0f;
    q = {(y.z - z.y) / s, (z.x - x.z) / s, (x.y - y.x) / s, 0.25f * s};
  } else if (x.x > y.y && x.x > z.z) {
    const float s = std::sqrt(1.0f + x.x - y.y - z.z) * 2.0f;
    q = {0.25f * s, (y.x + x.y) / s, (z.x + x.z) / s, (y.z - z.y) / s};
  } else if (y.y > z.z) {
    const float s = std::sqrt(1.0f + y.y - x.x - z.z) * 2.0f;
    q = {(y.x + x.y) / s, 0.25f * s, (z.y + y.z) / s, (z.x - x.z) / s};
  } else {
    const float s = std::sqrt(1.0f + z.z - x.x - y.y) * 2.0f;
    q = {(z.x + x.z) / s, (z.y + y.z) / s, 0.25f * s, (x.y - y.x) / s};
  }
  return Normalize(q);
}

}  // namespace anim
