// Double-precision node transforms for import: glTF node TRS and matrices are composed in double so
// folding ancestors and evaluating the source animation add no error of their own.
#pragma once

#include <array>
#include <optional>

#include "executor/math/transform.h"

namespace anim::gltf {

// A glTF node's local transform as translation, rotation [x y z w] and scale.
struct NodeTrs {
  std::array<double, 3> translation{0, 0, 0};
  std::array<double, 4> rotation{0, 0, 0, 1};
  std::array<double, 3> scale{1, 1, 1};
};

// Column-major affine 4x4: m[c][r], translation in column 3 (the glTF matrix layout).
struct DMat4 {
  double m[4][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
};

DMat4 ComposeTrs(const NodeTrs& trs);
DMat4 operator*(const DMat4& a, const DMat4& b);
bool IsIdentity(const DMat4& m);
// The inverse of an affine matrix; nothing when its 3x3 part is singular (a zero scale).
std::optional<DMat4> InverseAffine(const DMat4& m);

// Translation, rotation and scale of an affine matrix. A negative determinant flips the x scale.
// `skew` is set to the largest deviation of the recomposed matrix from `m` relative to its scale:
// non-zero when the matrix holds a shear that TRS cannot represent.
NodeTrs DecomposeMatrix(const DMat4& m, double& skew);

Transform ToTransform(const NodeTrs& trs);

}  // namespace anim::gltf
