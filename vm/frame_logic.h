// The update-side logic of a frame that is not task recording: frame start, state machine
// transitions and blend control, scope activity, clip clocks, state progress. BuildTasks calls
// these as it meets the instructions; docs/semantics.md is their specification.
#pragma once

#include <cstdint>

#include "vm/clock_time.h"
#include "vm/instance/anim_instance.h"
#include "vm/program_binding.h"

namespace anim {

// Frame start: active_prev = active_now for every scope; the root scope is active (entering on the
// first frame); other scopes are not entering until their machine's update says so; no machine has
// fired; scalar registers are zero; every machine's time in state and state progress, and every
// state's own time and progress (when the code reads them), are latched, so conditions and
// expressions read the previous frame's values wherever the compiler scheduled them.
void BeginFrame(const ProgramBinding& binding, AnimInstance& instance);

// Before an instance's first frame: every clock at its start (what that frame's state values read).
void StartClocks(const ProgramBinding& binding, AnimInstance& instance);

// Frame end: the triggers that fired transitions consumed are reset, so every read in a frame sees
// the parameters as the frame began, in whatever order machines and reads were scheduled.
void EndFrame(const Program& program, AnimInstance& instance);

// MachineUpdate: transition selection, blend start and advance, then the activity and time of the
// machine's state scopes.
void UpdateMachine(const ProgramBinding& binding, AnimInstance& instance, uint16_t machine, float dt);

// A clock's move over one frame: where it was, where it is, and how many times it passed its
// clip's end (positive) or start (negative) in between, for root motion; and the way it played
// (1 forward, -1 backward, 0 it did not), for events.
struct ClockStep {
  float from = 0.0f, time = 0.0f, wraps = 0.0f, direction = 0.0f;
};

// The way a clock plays at `rate` over `dt`: 1, -1 or 0.
inline float Direction(float rate, float dt) {
  const float step = rate * dt;
  return step > 0.0f ? 1.0f : step < 0.0f ? -1.0f : 0.0f;
}

// Advances (or restarts, or winds back) clock `clock` for this frame. Inline: the recorder calls it
// for every sample_clip, and most clocks are only wound back.
inline ClockStep AdvanceClock(const ProgramBinding& binding, AnimInstance& instance, uint16_t clock,
                              float rate, float dt) {
  const BoundClock& bound = binding.clocks()[clock];
  ClockState& c = instance.clocks[clock];
  const ScopeState& scope = instance.scopes[bound.scope];
  if (!scope.active_now || scope.entering) {  // wound back while inactive; the entering frame shows the start
    c.time = bound.start;
    c.finished = false;
    return {c.time, c.time, 0.0f, 0.0f};
  }
  const float from = c.time;
  const float t = from + rate * dt;
  c.time = NormalizedClockTime(t, bound.duration, bound.loop);
  if (!bound.loop && t >= bound.duration) c.finished = true;
  return {from, c.time, LoopWraps(t, c.time, bound.duration, bound.loop), Direction(rate, dt)};
}

// Sample `sample`'s weight in 2D blend space `space` at (x, y). The space's weights are computed
// once for every sample and kept in the instance until (x, y) changes.
inline float BlendSpaceWeight(const ProgramBinding& binding, AnimInstance& instance, uint16_t space,
                              uint16_t sample, float x, float y) {
  BlendSpaceState& state = instance.blend_spaces[space];
  const BoundBlendSpace& bound = binding.blend_spaces()[space];
  float* weights = instance.blend_space_weights.data() + state.first_weight;
  if (!state.valid || state.x != x || state.y != y) {
    bound.Weights(x, y, {weights, static_cast<std::size_t>(bound.sample_count())});
    state = {x, y, true, state.first_weight};
  }
  return weights[sample];
}

// The current state's progress clock time over its clip's duration; 0 without one.
float StateProgress(const ProgramBinding& binding, const AnimInstance& instance, uint16_t machine);

// damp and spring (docs/semantics.md, "Smoothing"): `state` moves towards `target` over `dt`; the
// first frame starts at the target, as does a half-life that is not above 1e-6 s.
float Damp(SmootherState& state, float target, float half_life, float dt);
float Spring(SmootherState& state, float target, float half_life, float dt);

}  // namespace anim
