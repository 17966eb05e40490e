#include "compiler/import/node_transform.h"

#include <algorithm>
#include <cmath>

namespace anim::gltf {

DMat4 ComposeTrs(const NodeTrs& trs) {
  const double x = trs.rotation[0], y = trs.rotation[1], z = trs.rotation[2], w = trs.rotation[3];
  const double rot[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)},
                            {2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)},
                            {2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)}};
  DMat4 out;
  for (int c = 0; c < 3; ++c) {
    for (int r = 0; r < 3; ++r)
      out.m[c][r] = rot[c][r] * trs.scale[static_cast<std::size_t>(c)];
    out.m[3][c] = trs.translation[static_cast<std::size_t>(c)];
  }
  return out;
}

DMat4 operator*(const DMat4& a, const DMat4& b) {
  DMat4 out;
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      double sum = 0;
      for (int k = 0; k < 4; ++k)
        sum += a.m[k][r] * b.m[c][k];
      out.m[c][r] = sum;
    }
  }
  return out;
}

bool IsIdentity(const DMat4& m) {
  const DMat4 identity;
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      if (m.m[c][r] != identity.m[c][r]) return false;
    }
  }
  return true;
}

std::optional<DMat4> InverseAffine(const DMat4& m) {
  const auto& a = m.m;  // a[c][r]
  // The 3x3 part's cofactors, by column: the inverse is their transpose over the determinant.
  const double c00 = a[1][1] * a[2][2] - a[2][1] * a[1][2];
  const double c01 = a[2][1] * a[0][2] - a[0][1] * a[2][2];
  const double c02 = a[0][1] * a[1][2] - a[1][1] * a[0][2];
  const double det = a[0][0] * c00 + a[1][0] * c01 + a[2][0] * c02;
  if (!(std::abs(det) > 1e-300)) return std::nullopt;
  DMat4 inverse;
  auto& out = inverse.m;
  out[0][0] = c00 / det;
  out[0][1] = c01 / det;
  out[0][2] = c02 / det;
  out[1][0] = (a[2][0] * a[1][2] - a[1][0] * a[2][2]) / det;
  out[1][1] = (a[0][0] * a[2][2] - a[2][0] * a[0][2]) / det;
  out[1][2] = (a[1][0] * a[0][2] - a[0][0] * a[1][2]) / det;
  out[2][0] = (a[1][0] * a[2][1] - a[2][0] * a[1][1]) / det;
  out[2][1] = (a[2][0] * a[0][1] - a[0][0] * a[2][1]) / det;
  out[2][2] = (a[0][0] * a[1][1] - a[1][0] * a[0][1]) / det;
  for (int r = 0; r < 3; ++r)
    out[3][r] = -(out[0][r] * a[3][0] + out[1][r] * a[3][1] + out[2][r] * a[3][2]);
  return inverse;
}

namespace {

// Quaternion of an orthonormal rotation matrix (columns c[0..2]), Shepperd's method.
std::array<double, 4> QuatFromRotation(const double c[3][3]) {
  const double trace = c[0][0] + c[1][1] + c[2][2];
  std::array<double, 4> q{};
  if (trace > 0) {
    const double s = std::sqrt(trace + 1.0) * 2;
    q = {(c[1][2] - c[2][1]) / s, (c[2][0] - c[0][2]) / s, (c[0][1] - c[1][0]) / s, 0.25 * s};
  } else if (c[0][0] > c[1][1] && c[0][0] > c[2][2]) {
    const double s = std::sqrt(1.0 + c[0][0] - c[1][1] - c[2][2]) * 2;
    q = {0.25 * s, (c[1][0] + c[0][1]) / s, (c[2][0] + c[0][2]) / s, (c[1][2] - c[2][1]) / s};
  } else if (c[1][1] > c[2][2]) {
    const double s = std::sqrt(1.0 + c[1][1] - c[0][0] - c[2][2]) * 2;
    q = {(c[1][0] + c[0][1]) / s, 0.25 * s, (c[2][1] + c[1][2]) / s, (c[2][0] - c[0][2]) / s};
  } else {
    const double s = std::sqrt(1.0 + c[2][2] - c[0][0] - c[1][1]) * 2;
    q = {(c[2][0] + c[0][2]) / s, (c[2][1] + c[1][2]) / s, 0.25 * s, (c[0][1] - c[1][0]) / s};
  }
  const double len = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  for (double& v : q)
    v /= len;
  if (q[3] < 0) {
    for (double& v : q)
      v = -v;
  }
  return q;
}

}  // namespace

NodeTrs DecomposeMatrix(const DMat4& m, double& skew) {
  NodeTrs trs;
  trs.translation = {m.m[3][0], m.m[3][1], m.m[3][2]};
  double axes[3][3];
  for (int c = 0; c < 3; ++c) {
    const double len = std::sqrt(m.m[c][0] * m.m[c][0] + m.m[c][1] * m.m[c][1] + m.m[c][2] * m.m[c][2]);
    trs.scale[static_cast<std::size_t>(c)] = len;
    for (int r = 0; r < 3; ++r)
      axes[c][r] = len > 0 ? m.m[c][r] / len : (c == r ? 1.0 : 0.0);
  }
  const double det = axes[0][0] * (axes[1][1] * axes[2][2] - axes[1][2] * axes[2][1]) -
                     axes[1][0] * (axes[0][1] * axes[2][2] - axes[0][2] * axes[2][1]) +
                     axes[2][0] * (axes[0][1] * axes[1][2] - axes[0][2] * axes[1][1]);
  if (det < 0) {
    trs.scale[0] = -trs.scale[0];
    for (double& v : axes[0])
      v = -v;
  }
  // Orthonormalise (Gram-Schmidt) so a sheared matrix still yields a rotation; the shear is
  // measured below.
  auto dot = [](const double* a, const double* b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; };
  auto normalize = [&dot](double* a) {
    const double len = std::sqrt(dot(a, a));
    if (len > 0) {
      for (int i = 0; i < 3; ++i)
        a[i] /= len;
    }
  };
  double ortho[3][3];
  std::copy(&axes[0][0], &axes[0][0] + 9, &ortho[0][0]);
  normalize(ortho[0]);
  const double d01 = dot(ortho[1], ortho[0]);
  for (int i = 0; i < 3; ++i)
    ortho[1][i] -= d01 * ortho[0][i];
  normalize(ortho[1]);
  ortho[2][0] = ortho[0][1] * ortho[1][2] - ortho[0][2] * ortho[1][1];
  ortho[2][1] = ortho[0][2] * ortho[1][0] - ortho[0][0] * ortho[1][2];
  ortho[2][2] = ortho[0][0] * ortho[1][1] - ortho[0][1] * ortho[1][0];
  trs.rotation = QuatFromRotation(ortho);

  const DMat4 back = ComposeTrs(trs);
  const double scale_ref =
      std::max({std::fabs(trs.scale[0]), std::fabs(trs.scale[1]), std::fabs(trs.scale[2]), 1e-12});
  skew = 0;
  for (int c = 0; c < 3; ++c) {
    for (int r = 0; r < 3; ++r)
      skew = std::max(skew, std::fabs(back.m[c][r] - m.m[c][r]) / scale_ref);
  }
  return trs;
}

Transform ToTransform(const NodeTrs& trs) {
  auto f = [](double v) { return static_cast<float>(v); };
  const Quat rotation =
      Normalize(Quat{f(trs.rotation[0]), f(trs.rotation[1]), f(trs.rotation[2]), f(trs.rotation[3])});
  return {{f(trs.translation[0]), f(trs.translation[1]), f(trs.translation[2])},
          rotation,
          {f(trs.scale[0]), f(trs.scale[1]), f(trs.scale[2])}};
}

}  // namespace anim::gltf
