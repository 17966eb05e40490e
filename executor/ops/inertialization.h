// Inertialization (David Bollo, "Inertialization: High-Performance Animation Transitions in Gears
// of War", GDC 2018): at a seam the output jumps to the new target, and the difference from the
// previous output decays to zero along a quintic, so the output stays continuous.
#pragma once

#include <vector>

#include "executor/ops/pose_history.h"
#include "executor/pose/pose.h"

namespace anim {

struct TransitionBlendState;

// Bollo's quintic decay of one offset, solved once at the seam so each frame is one polynomial.
// It starts at `x0` (>= 0) with rate `v0` and reaches zero, with zero rate and acceleration, at
// `t1`. A rate pointing away from zero is dropped, and one pointing toward it shortens the decay to
// at most -5 * x0 / v0, so the curve never overshoots.
struct InertialCurve {
  float x0 = 0.0f;
  float v0 = 0.0f;
  float t1 = 0.0f;
  float c2 = 0.0f, c3 = 0.0f, c4 = 0.0f, c5 = 0.0f;  // x(t) = x0 + v0 t + c2 t^2 + ... + c5 t^5

  static InertialCurve Solve(float x0, float v0, float duration);
  // The offset at `t`: x0 at and before 0, exactly 0 from t1 on.
  float At(float t) const;
};

// One channel's offset from the target: the curve's value along unit `axis`.
struct InertialChannel {
  Vec3 axis{1.0f, 0.0f, 0.0f};
  InertialCurve curve;
};

// A curve's offset: the decay of its magnitude, and its sign.
struct InertialScalar {
  float sign = 1.0f;
  InertialCurve curve;
};

struct InertialBone {
  InertialChannel rotation;     // axis-angle of previous * inverse(target), shortest arc
  InertialChannel translation;  // previous - target
  InertialChannel scale;        // previous - target
};

// Per-instance state, persistent across frames. Buffers grow on first use and never shrink.
struct InertializationState {
  std::vector<InertialBone> bones;     // offsets captured at the seam
  int offset_bone_count = 0;           // bones with a captured offset
  std::vector<InertialScalar> curves;  // curves' offsets (previous - target), as many as both had
  float duration = 0.0f;               // captured with the offsets
  bool active = false;                 // offsets still decaying
};

// InertialCurve::Solve(x0, v0, duration).At(t).
float InertialDecay(float x0, float v0, float duration, float t);

// One frame of inertialization, in place: `out` holds the target pose on entry and the output on
// exit (bones [0, count) only). `capture`: a transition starts this frame; offsets are taken
// between the previous output and this target, with seam velocities only when the history holds
// two frames. Without any history the capture is a no-op. Curves decay the same way, each its own
// offset (docs/semantics.md, "Curves"). `elapsed` is the time since the
// capture; at or after `duration` (captured with the offsets) the output is exactly the target.
// Every frame the output is pushed into the seam's history, `delta_time` after the previous one.
void ApplyInertialization(TransitionBlendState& seam, const PoseView& out, int count, bool capture,
                          float elapsed, float duration, float delta_time);
// ApplyInertialization without the push: the caller records the output in `seam.history` itself
// (Push, or Adopt to hand the buffer over instead of copying it).
void InertializeOutput(TransitionBlendState& seam, const PoseView& out, int count, bool capture,
                       float elapsed, float duration);

}  // namespace anim
