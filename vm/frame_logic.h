// The update-side logic of a frame that is not task recording: frame start, state machine
// transitions and blend control, scope activity, clip clocks, state progress. BuildTasks calls
// these as it meets the instructions; docs/semantics.md is their specification.
#pragma once

#include <cstdint>

#include "vm/instance/anim_instance.h"
#include "vm/program_binding.h"

namespace anim {

// Frame start: active_prev = active_now for every scope; the root scope is active (entering on the
// first frame); other scopes are not entering until their machine's update says so; no machine has
// fired; scalar registers are zero.
void BeginFrame(AnimInstance& instance);

// MachineUpdate: transition selection, trigger consumption, blend start and advance, then the
// activity of the machine's state scopes.
void UpdateMachine(const Program& program, AnimInstance& instance, uint16_t machine, float dt);

// Advances (or restarts, or winds back) clock `clock` for this frame and returns its time.
float AdvanceClock(const ProgramBinding& binding, AnimInstance& instance, uint16_t clock, float rate,
                   float dt);

// The current state's progress clock time over its clip's duration; 0 without one.
float StateProgress(const ProgramBinding& binding, const AnimInstance& instance, uint16_t machine);

}  // namespace anim
