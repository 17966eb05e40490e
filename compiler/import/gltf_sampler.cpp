#include "compiler/import/gltf_sampler.h"

#include <algorithm>
#include <cmath>

namespace anim::gltf {

std::optional<Interpolation> ParseInterpolation(const std::string& name) {
  if (name.empty() || name == "LINEAR") return Interpolation::Linear;
  if (name == "STEP") return Interpolation::Step;
  if (name == "CUBICSPLINE") return Interpolation::CubicSpline;
  return std::nullopt;
}

std::string CheckTrack(const SamplerTrack& track) {
  if (track.times.empty()) return "the sampler has no keys";
  for (std::size_t i = 1; i < track.times.size(); ++i) {
    if (track.times[i] < track.times[i - 1]) {
      return "key times decrease at key " + std::to_string(i) + " (" + std::to_string(track.times[i - 1]) +
             " then " + std::to_string(track.times[i]) + ")";
    }
  }
  const std::size_t groups = track.interpolation == Interpolation::CubicSpline ? 3 : 1;
  const std::size_t expected = track.times.size() * groups * static_cast<std::size_t>(track.components);
  if (track.values.size() != expected) {
    return "the sampler has " + std::to_string(track.times.size()) + " key times but " +
           std::to_string(track.values.size() / static_cast<std::size_t>(track.components)) +
           " output values (expected " +
           std::to_string(expected / static_cast<std::size_t>(track.components)) + ")";
  }
  return {};
}

namespace {

void NormalizeQuat(double* q) {
  const double len = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (!(len > 1e-30)) {
    q[0] = q[1] = q[2] = 0, q[3] = 1;
    return;
  }
  for (int i = 0; i < 4; ++i)
    q[i] /= len;
}

void Slerp(const double* a, const double* b_in, double t, double* out) {
  double b[4] = {b_in[0], b_in[1], b_in[2], b_in[3]};
  double d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  if (d < 0) {
    for (double& v : b)
      v = -v;
    d = -d;
  }
  double wa = 1 - t, wb = t;
  if (d < 0.9999999) {
    const double theta = std::acos(std::min(d, 1.0));
    const double s = std::sin(theta);
    wa = std::sin((1 - t) * theta) / s;
    wb = std::sin(t * theta) / s;
  }
  for (int i = 0; i < 4; ++i)
    out[i] = a[i] * wa + b[i] * wb;
  NormalizeQuat(out);
}

}  // namespace

void EvaluateTrack(const SamplerTrack& track, double time, double* out, double snap) {
  const int n = track.components;
  const std::size_t keys = track.times.size();
  const bool cubic = track.interpolation == Interpolation::CubicSpline;
  const std::size_t group = static_cast<std::size_t>(n);
  const std::size_t key_stride = cubic ? 3 * group : group;
  // The value of key k starts after its in-tangent for CUBICSPLINE.
  auto value = [&](std::size_t k) { return track.values.data() + k * key_stride + (cubic ? group : 0); };
  auto copy_key = [&](std::size_t k) {
    for (int i = 0; i < n; ++i)
      out[i] = value(k)[i];
    if (n == 4) NormalizeQuat(out);
  };
  if (keys == 1 || time <= track.times.front() + snap) return copy_key(0);
  if (time >= track.times.back() - snap) return copy_key(keys - 1);
  // The last key at or before `time` (give or take `snap`): times[k] <= time + snap < times[k + 1].
  const std::size_t k =
      static_cast<std::size_t>(std::upper_bound(track.times.begin(), track.times.end(), time + snap) -
                               track.times.begin()) -
      1;
  const double t0 = track.times[k], t1 = track.times[k + 1];
  const double dt = t1 - t0;
  if (track.interpolation == Interpolation::Step || !(dt > 0) || time - t0 <= snap) return copy_key(k);
  const double u = (time - t0) / dt;
  if (track.interpolation == Interpolation::Linear) {
    if (n == 4) {
      const double a[4] = {value(k)[0], value(k)[1], value(k)[2], value(k)[3]};
      const double b[4] = {value(k + 1)[0], value(k + 1)[1], value(k + 1)[2], value(k + 1)[3]};
      return Slerp(a, b, u, out);
    }
    for (int i = 0; i < n; ++i)
      out[i] = value(k)[i] * (1 - u) + value(k + 1)[i] * u;
    return;
  }
  // Hermite: p0, out-tangent of key k (m0), p1, in-tangent of key k + 1 (m1), tangents times dt.
  const float* m0 = track.values.data() + k * key_stride + 2 * group;
  const float* m1 = track.values.data() + (k + 1) * key_stride;
  const double u2 = u * u, u3 = u2 * u;
  const double h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2;
  for (int i = 0; i < n; ++i) {
    out[i] = h00 * value(k)[i] + h10 * dt * m0[i] + h01 * value(k + 1)[i] + h11 * dt * m1[i];
  }
  if (n == 4) NormalizeQuat(out);
}

}  // namespace anim::gltf
