// ExecutionPlan: what ExecuteTaskList decided for one shape of list (which tasks are reachable, in
// what order, which pool buffer each result goes to, which results hand their buffer to a seam's
// history), kept so the next list of the same shape replays the decisions instead of working
// them out again. A game records the same shape frame after frame until a state machine changes
// state or a weight reaches 0, so most frames skip reachability, use counts and pool bookkeeping.
//
// The shape is everything those decisions read: per task its type, dependencies, the input its
// weight passes through, how many inputs it requires, its state slot where it keeps state, and
// whether a snapshot it loads is saved; per list the output, the pose size, the state tables'
// sizes and the executor's options. Nothing else changes a decision, so a list whose shape
// matches is executed exactly as the full path would (tests/executor/execution_plan_test.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "executor/tasks/anim_task_list.h"

namespace anim {

// One reachable task as the plan runs it.
struct PlanStep {
  int16_t task = AnimTask::NoTask;
  int16_t buffer = AnimTask::NoTask;  // the pool buffer its result goes to; NoTask: a loaded snapshot
  int16_t deps[2] = {AnimTask::NoTask, AnimTask::NoTask};  // results it reads; none when invalid
  bool inputs_valid = true;
  bool fresh = false;       // the buffer is taken fresh (reset as PosePool::Acquire resets it)
  bool hands_over = false;  // its seam's history adopts the buffer (the seam's only writer)
};

// The list-wide half of a shape.
struct ListShape {
  int task_count = 0;
  int16_t output = AnimTask::NoTask;
  int bones = 0;
  int curves = 0;
  bool has_state = false;  // which instance's state does not matter: only its tables' sizes
  std::size_t blend_slots = 0;
  std::size_t snapshot_slots = 0;
  uint8_t options = 0;  // executor options that change decisions (ExecutorOptions)

  bool operator==(const ListShape&) const = default;
};

// The saved pose a LoadPoseSnapshot task reads (its result then stays the instance's, never a pool
// buffer's), or null when the slot holds none for this skeleton.
const Pose* LoadedSnapshot(const AnimTaskList& list, const AnimTask& task);

class ExecutionPlan {
 public:
  // Whether `list`, of `shape`, has the shape this plan was recorded for.
  bool Matches(const AnimTaskList& list, const ListShape& shape) const;

  // Starts recording a plan for `list`; AddStep for each task as it executes, then Finish.
  void Begin(const AnimTaskList& list, const ListShape& shape);
  void AddStep(const PlanStep& step) { steps_.push_back(step); }
  // `peak_buffers`: the most pool buffers live at once while the list ran.
  void Finish(int peak_buffers) {
    peak_buffers_ = peak_buffers;
    recorded_ = true;
  }
  void Invalidate() { recorded_ = false; }

  const std::vector<PlanStep>& steps() const { return steps_; }
  int peak_buffers() const { return peak_buffers_; }

 private:
  bool recorded_ = false;
  ListShape shape_;
  std::vector<uint64_t> task_keys_;
  std::vector<PlanStep> steps_;
  int peak_buffers_ = 0;
};

}  // namespace anim
