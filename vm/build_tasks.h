// BuildTasks: the update half of a frame. Runs the whole straight-line program once: scalar maths,
// parameters, clocks and state machine logic happen immediately; every pose instruction records an
// AnimTask into `out` instead of computing a pose (docs/semantics.md). The list is Reset() first
// (its capacity kept), wired to the binding's skeleton, clips and masks and to the instance's task
// state, and always ends with a valid output task. After the first frame nothing allocates.
#pragma once

#include "executor/tasks/anim_task_list.h"
#include "vm/instance/anim_instance.h"
#include "vm/program_binding.h"

namespace anim {

// `instance` must have been created from `binding.program()`. A negative or non-finite `dt` counts
// as 0.
void BuildTasks(const ProgramBinding& binding, AnimInstance& instance, float dt, AnimTaskList& out);

// Grows the calling thread's recording scratch for `binding`'s program, lists of up to `tasks`
// tasks and instances firing up to `events` events a frame, so a worker that has not yet met the
// largest of them does not allocate when it does (as ReserveThreadExecutor, for the same reason).
void ReserveThreadBuildTasks(const ProgramBinding& binding, int tasks, std::size_t events);

}  // namespace anim
