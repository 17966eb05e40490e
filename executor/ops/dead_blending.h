// Dead blending (Daniel Holden, "Dead Blending", 2023): at a seam the previous output is
// extrapolated forward from its velocity, which decays exponentially, while the output cross-fades
// from that extrapolation into the new target.
#pragma once

#include <vector>

#include "executor/ops/pose_history.h"
#include "executor/pose/pose.h"

namespace anim {

struct TransitionBlendState;

struct DeadBlendVelocity {
  Vec3 linear;
  Vec3 angular;  // rotation vector per second, applied on the left
  Vec3 scale;
};

// Per-instance state, persistent across frames. Buffers grow on first use and never shrink.
struct DeadBlendState {
  Pose source;                                // the previous output at the seam
  std::vector<DeadBlendVelocity> velocities;  // its velocity at the seam
  std::vector<float> curve_velocities;        // its curves' rates at the seam (source holds the values)
  int source_bone_count = 0;                  // bones with a captured source
  float duration = 0.0f;                      // captured with the source
  float half_life = 0.0f;                     // of the extrapolation velocity, captured with the source
  bool active = false;
};

// How far a unit velocity decaying with `half_life` carries in `t`: (1 - e^(-kt)) / k, k = ln 2 /
// half_life. 0 for a non-positive half-life (the velocity is gone at once).
float DecayedTravel(float half_life, float t);

// The cross-fade weight of the target at `t` into a blend of `duration`: smoothstep, 0 at 0, 1 at
// and after `duration`.
float DeadBlendWeight(float duration, float t);

// One frame of dead blending, in place: `out` holds the target pose on entry and the output on exit
// (bones [0, count) only). `capture`: a transition starts this frame; the previous output becomes
// the source, with its velocity only when the history holds two frames. Without any history the
// capture is a no-op. `elapsed` is the time since the capture; the output is the source
// extrapolated to `elapsed` cross-faded into the target (nlerp for rotations), exactly the target
// at or after `duration`. Curves are carried the same way, each extrapolated at its own seam rate
// (docs/semantics.md, "Curves"). Every frame the output is pushed into the seam's history.
void ApplyDeadBlend(TransitionBlendState& seam, const PoseView& out, int count, bool capture, float elapsed,
                    float duration, float half_life, float delta_time);
// ApplyDeadBlend without the push: the caller records the output in `seam.history` itself (Push,
// or Adopt to hand the buffer over instead of copying it).
void DeadBlendOutput(TransitionBlendState& seam, const PoseView& out, int count, bool capture, float elapsed,
                     float duration, float half_life);

}  // namespace anim
