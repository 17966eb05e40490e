// Affine 4x4 matrices (column-major, column vectors) for model-space and skinning transforms,
// and the 3x4 row-major packing renderers upload.
#pragma once

#include <array>

#include "executor/math/transform.h"

namespace anim {

struct Mat4 {
  // m[c][r]: column c, row r. The translation is column 3.
  float m[4][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};

  static constexpr Mat4 Identity() { return {}; }
  constexpr Vec3 Column(int c) const { return {m[c][0], m[c][1], m[c][2]}; }
  constexpr Vec3 Translation() const { return Column(3); }
  friend constexpr bool operator==(const Mat4&, const Mat4&) = default;
};

// Rows 0..2 of an affine matrix, row-major: the layout a vertex shader gathers as three float4s.
struct Mat3x4 {
  float rows[3][4];
};

Mat4 FromTransform(const Transform& t);
Mat4 operator*(const Mat4& a, const Mat4& b);
Vec3 TransformPoint(const Mat4& m, Vec3 p);
Vec3 TransformVector(const Mat4& m, Vec3 v);
// Inverse of an affine matrix; the identity when it is singular.
Mat4 InverseAffine(const Mat4& m);
Mat3x4 PackRows3x4(const Mat4& m);
// Rotation of the matrix's upper 3x3 with scale divided out (for model-space bone rotations).
Quat RotationOf(const Mat4& m);

}  // namespace anim
