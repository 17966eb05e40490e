// Where a clock's time lands in its clip (docs/semantics.md, sample_clip): looping clocks wrap into
// [0, duration), play-once clocks clamp to [0, duration], and a clip without duration pins it at 0.
// Shared by the binding (start times are normalised once) and the frame logic.
#pragma once

#include <algorithm>
#include <cmath>

namespace anim {

inline float NormalizedClockTime(float t, float duration, bool loop) {
  if (!(duration > 0.0f)) return 0.0f;
  if (!loop) return std::clamp(t, 0.0f, duration);
  // Inside [0, duration) fmod returns t itself, exactly: only a time that left the clip pays for it.
  if (t >= 0.0f && t < duration) return t;
  float wrapped = std::fmod(t, duration);
  if (wrapped < 0.0f) wrapped += duration;
  return wrapped >= duration ? 0.0f : wrapped;
}

// How many whole clip lengths separate an unwrapped time `t` from where it landed, `wrapped`: the
// passes past the end (positive) or the start (negative) of a looping clip. 0 for play-once clips.
inline float LoopWraps(float t, float wrapped, float duration, bool loop) {
  if (!loop || !(duration > 0.0f) || (t >= 0.0f && t < duration)) return 0.0f;
  const float wraps = std::round((t - wrapped) / duration);
  return std::isfinite(wraps) ? wraps : 0.0f;
}

}  // namespace anim
