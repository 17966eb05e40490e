#include "executor/ops/curve_ops.h"

#include <algorithm>

namespace anim {
namespace {

float At(const ConstPoseView& p, int c) {
  return c < p.curve_count ? p.curves[c] : 0.0f;
}

}  // namespace

void ZeroCurves(const PoseView& out) {
  for (int c = 0; c < out.curve_count; ++c)
    out.curves[c] = 0.0f;
}

void SampleCurves(const PoseView& out, const Clip& clip, std::span<const uint16_t> targets, float time) {
  ZeroCurves(out);
  const std::vector<ClipCurve>& curves = clip.curves();
  if (curves.empty() || targets.empty() || out.curve_count == 0) return;  // nothing to place
  const ClipKeyPair keys = clip.KeysAt(time);
  const std::size_t n = std::min(curves.size(), targets.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (targets[i] < out.curve_count) out.curves[targets[i]] = curves[i].Sample(keys);
  }
}

void BlendCurves(const PoseView& out, const ConstPoseView& a, const ConstPoseView& b, float alpha,
                 const float* weights) {
  for (int c = 0; c < out.curve_count; ++c) {
    const float x = At(a, c);
    out.curves[c] = x + (At(b, c) - x) * (weights != nullptr ? alpha * weights[c] : alpha);
  }
}

void SubtractCurves(const PoseView& out, const ConstPoseView& source, const ConstPoseView& base) {
  for (int c = 0; c < out.curve_count; ++c)
    out.curves[c] = At(source, c) - At(base, c);
}

void AddCurves(const PoseView& out, const ConstPoseView& base, const ConstPoseView& delta, float alpha) {
  for (int c = 0; c < out.curve_count; ++c)
    out.curves[c] = At(base, c) + alpha * At(delta, c);
}

}  // namespace anim
