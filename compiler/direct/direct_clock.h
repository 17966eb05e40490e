// Clock arithmetic of direct evaluation (docs/semantics.md, sample_clip), written apart from the
// VM's vm/clock_time.h: where a time lands in a clip, and how many passes a move made.
#pragma once

#include <algorithm>
#include <cmath>

namespace anim::direct {

// Looping clocks wrap into [0, duration); play-once clocks clamp to [0, duration]; a clip without
// duration pins the time at 0.
inline float NormalisedTime(float t, float duration, bool loop) {
  if (!(duration > 0.0f)) return 0.0f;
  if (!loop) return std::clamp(t, 0.0f, duration);
  t = std::fmod(t, duration);
  if (t < 0.0f) t += duration;
  return t < duration ? t : 0.0f;
}

// The whole clip lengths between an unwrapped time and where it wrapped to: passes past a looping
// clip's end (positive) or start (negative).
inline float Passes(float unwrapped, float wrapped, float duration, bool loop) {
  if (!loop || !(duration > 0.0f) || (unwrapped >= 0.0f && unwrapped < duration)) return 0.0f;
  const float passes = std::round((unwrapped - wrapped) / duration);
  return std::isfinite(passes) ? passes : 0.0f;
}

}  // namespace anim::direct
