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
// fired; scalar registers are zero; every machine's time in state and state progress are latched,
// so conditions read the previous frame's values wherever the compiler scheduled them.
void BeginFrame(const ProgramBinding& binding, AnimInstance& instance);

// Frame end: the triggers that fired transitions consumed are reset, so every read in a frame sees
// the parameters as the frame began, in whatever order machines and reads were scheduled.
void EndFrame(const Program& program, AnimInstance& instance);

// MachineUpdate: transition selection, blend start and advance, then the activity of the
// machine's state scopes.
void UpdateMachine(const Program& program, AnimInstance& instance, uint16_t machine, float dt);

// Advances (or restarts, or winds back) clock `clock` for this frame and returns its time.
float AdvanceClock(const ProgramBinding& binding, AnimInstance& instance, uint16_t clock, float rate,
                   float dt);

// The current state's progress clock time over its clip's duration; 0 without one.
float StateProgress(const ProgramBinding& binding, const AnimInstance& instance, uint16_t machine);

}  // namespace anim
