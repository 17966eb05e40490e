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

// How much of the output each task's pose makes, from the output task (weight 1) down through
// blend alphas, additive alphas and crossfade weights (docs/semantics.md). `weights` is resized to
// the list's size.
void TaskWeights(const AnimTaskList& list, std::vector<float>& weights);

// The time in clip `to` at the phase clip `from` shows at `from_time`: between the same pair of
// markers when both clips have markers and `to` has the pair (of the candidate places, the one
// nearest `to_current`), else at the same fraction of the clip. Durations must be above 0.
float FollowPhase(const BoundClock& from, float from_time, const BoundClock& to, float to_current);

// Runs every group for the frame `list` recorded: sets the times of its members' clocks and
// SampleClip tasks, and the group's state.
void UpdateSyncGroups(const ProgramBinding& binding, AnimInstance& instance, AnimTaskList& list, float dt);

}  // namespace anim
