// Crossfade: the classic transition. Over its duration the output blends from the outgoing pose to
// the incoming one by a weight that follows a curve. The outgoing pose is the state being left,
// still updating and recording (a live source), or, when the crossfade interrupted another blend,
// the machine's output as the last frame left it, frozen at the seam.
#pragma once

#include <cstdint>

#include "executor/pose/pose.h"

namespace anim {

struct TransitionBlendState;

// Values of AnimTask::mode for a Crossfade task.
enum class FadeCurve : uint8_t {
  Linear,      // w = u
  Smoothstep,  // w = u^2 (3 - 2u)
  Cubic,       // ease in and out: w = 4u^3 below u = 1/2, 1 - (2 - 2u)^3 / 2 above
};

// "linear", "smoothstep", "cubic"; "unknown" past them (a task's mode byte as it came).
const char* FadeCurveName(uint8_t curve);

// Per-instance state, persistent across frames: the frozen source of an interrupting crossfade.
// Grows on first use and never shrinks.
struct CrossfadeState {
  Pose frozen;
  bool held = false;  // `frozen` holds the output the seam was taken at
};

// The incoming pose's weight `elapsed` seconds into a crossfade of `duration`: u = elapsed /
// duration clamped to [0, 1], through `curve`; 1 for a zero duration. An unknown curve is linear.
float CrossfadeWeight(FadeCurve curve, float elapsed, float duration);

// One frame's seam work of a crossfade, before the blend: on `capture` without a live source, the
// seam's latest output becomes the frozen source (none without history: the fade then shows the
// target). Returns the pose to fade from: `live` when given, else the frozen one, else null.
const Pose* CrossfadeSource(TransitionBlendState& seam, const Pose* live, bool capture, int bone_count);

}  // namespace anim
