// TaskSnapshot: what the executor decided for one list, recorded as it decided it (never re-derived
// afterwards), for tools and tests. Capture for one owner at a time is armed with ArmTaskCapture;
// when disarmed it costs one relaxed atomic load per list.
#pragma once

#include <cstdint>
#include <vector>

#include "executor/tasks/anim_task.h"

namespace anim {

struct TaskSnapshotEntry {
  AnimTaskType type = AnimTaskType::ReferencePose;
  AnimTaskStage stage = AnimTaskStage::AnyStage;
  int16_t dep_a = AnimTask::NoTask;
  int16_t dep_b = AnimTask::NoTask;
  float alpha = 0.0f;
  float time = 0.0f;
  uint16_t resource = 0;  // clip, mask or state slot
  int32_t source_node = -1;

  bool reachable = false;
  bool stole_buffer = false;  // wrote in place into a dependency's buffer
  int16_t exec_order = -1;    // position in the executed sequence, -1 when skipped
  int16_t buffer = -1;        // pool buffer holding the result; -1 when retained (a snapshot) or skipped
  // A transition task's result handed over to its seam's history instead of copied there: readers
  // read it from the history, and `buffer` went back to the pool right after the task.
  bool handed_over = false;
  int16_t level = -1;                // dependency depth; tasks on one level do not depend on each other
  int16_t use_count = 0;             // reachable readers of the result
  int16_t live_buffers = 0;          // pool buffers in use right after the task ran
  int16_t released[2] = {-1, -1};    // pool buffers released after the task ran
  int16_t mask_weighted_bones = -1;  // BlendMasked: bones the mask weights
  // The first reachable task that passed its other input through by weight instead of reading this
  // one (weight pruning), or -1.
  int16_t pruned_by = -1;
  // The call that ran it: PrePhysics or PostPhysics when the list was split around the simulation
  // step (split_execution.h), AnyStage in a whole-list run or when it did not run.
  AnimTaskStage ran_in = AnimTaskStage::AnyStage;
};

struct TaskSnapshot {
  std::vector<TaskSnapshotEntry> tasks;
  int16_t output_task = AnimTask::NoTask;
  int reachable_count = 0;
  int peak_live_buffers = 0;  // a split list's counts the buffers held across the simulation step
  // A split list: pool buffers its pre-physics call left for the post-physics one (0 otherwise).
  int carried_buffers = 0;
  int level_count = 0;
  int active_bone_count = 0;
  bool lock_root = false;
  int root_bone = -1;
};

// Arms capture for the list whose AnimTaskList::owner is `owner`; replaces any earlier owner.
void ArmTaskCapture(const void* owner);
void DisarmTaskCapture();
// Copies the last snapshot published for the armed owner. False when none was published yet.
bool GetTaskCapture(TaskSnapshot& out);

}  // namespace anim
