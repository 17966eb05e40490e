// Sync groups (docs/semantics.md, "Sync groups"): once a frame has recorded, each group elects its
// leader by the weight each member's SampleClip task carries to the output, moves the leader by the
// frame's time over the group's blended cycle length, and puts every other member at the leader's
// phase: between the same sync markers when both clips have them, else at the same normalised
// time. The members' SampleClip tasks get their times here.
#pragma once

#include <span>

#include "executor/tasks/anim_task_list.h"
#include "vm/instance/anim_instance.h"
#include "vm/program_binding.h"

namespace anim {

// Runs every group for the frame `list` recorded: sets the times of its members' clocks and
// SampleClip tasks, and the group's state. `weights` are the list's TaskWeights.
void UpdateSyncGroups(const ProgramBinding& binding, AnimInstance& instance, AnimTaskList& list,
                      std::span<const float> weights, float dt);

}  // namespace anim
