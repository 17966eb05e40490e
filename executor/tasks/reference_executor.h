// The naive reference executor, for tests: every reachable task computed into a fresh buffer of
// its own with the scalar reference kernels; no pool, no stealing, no use counts. What the real
// executor does with buffers must never change what it computes, and this is what it is held to.
#pragma once

#include "executor/tasks/execute_task_list.h"

namespace anim {

void ExecuteTaskListReference(const AnimTaskList& list, const ExecuteOutputs& outputs);

}  // namespace anim
