// How much of a frame's output each recorded task's pose makes (docs/semantics.md, "Sync groups"):
// what sync groups elect their leaders by and events are weighed by.
#pragma once

#include <vector>

#include "executor/tasks/anim_task_list.h"

namespace anim {

// From the output task (weight 1) down through blend alphas, additive alphas and crossfade
// weights; `weights` is resized to the list's size.
void TaskWeights(const AnimTaskList& list, std::vector<float>& weights);

}  // namespace anim
