#include "executor/ops/crossfade.h"

#include <algorithm>

#include "executor/ops/transition_blend.h"

namespace anim {

const char* FadeCurveName(uint8_t curve) {
  switch (static_cast<FadeCurve>(curve)) {
    case FadeCurve::Linear:
      return "linear";
    case FadeCurve::Smoothstep:
      return "smoothstep";
    case FadeCurve::Cubic:
      return "cubic";
  }
  return "unknown";
}

float CrossfadeWeight(FadeCurve curve, float elapsed, float duration) {
  if (!(duration > 0.0f)) return 1.0f;
  const float ratio = elapsed / duration;
  const float u = ratio > 0.0f ? std::min(ratio, 1.0f) : 0.0f;  // NaN (a hand-built list) reads as 0
  switch (curve) {
    case FadeCurve::Smoothstep:
      return u * u * (3.0f - 2.0f * u);
    case FadeCurve::Cubic: {
      if (u < 0.5f) return 4.0f * u * u * u;
      const float v = 2.0f - 2.0f * u;
      return 1.0f - 0.5f * v * v * v;
    }
    case FadeCurve::Linear:
      break;
  }
  return u;
}

const Pose* CrossfadeSource(TransitionBlendState& seam, const Pose* live, bool capture, int bone_count) {
  if (live != nullptr) {
    seam.crossfade.held = false;
    return live;
  }
  if (capture) {
    seam.crossfade.held = seam.history.frames_held() > 0 && seam.history.latest().bone_count() == bone_count;
    if (seam.crossfade.held) {  // once per transition: bone by bone is fast enough
      const Pose& latest = seam.history.latest();
      seam.crossfade.frozen.Resize(bone_count, latest.curve_count());
      for (int bone = 0; bone < bone_count; ++bone)
        seam.crossfade.frozen.Set(bone, latest.Get(bone));
      CopyCurves(seam.crossfade.frozen.view(), latest.view());
    }
  }
  return seam.crossfade.held ? &seam.crossfade.frozen : nullptr;
}

}  // namespace anim
