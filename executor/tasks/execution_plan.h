// ExecutionPlan: what ExecuteTaskList decided for one shape of list (which tasks are reachable, in
// what order, which pool buffer each result goes to, which results hand their buffer to a seam's
// history, which runner computes each task), kept so the next list of the same shape replays the
// decisions instead of working them out again. A game records the same shape frame after frame
// until a state machine changes state or a weight reaches 0, so most frames skip reachability, use
// counts, pool bookkeeping and the choice of each task's maths.
//
// The shape is everything those decisions read. Per reachable task: its type, dependencies, the
// input its weight passes through, how many inputs it requires, its state slot where it keeps
// state, whether a snapshot it loads is saved, and the bones a bone op or IK solver names (whether
// they exist decides whether a task passing its input through in place has anything to do). Per
// task under an input a weight could prune: its type and dependencies, which decide whether that
// subtree keeps state and so is computed anyway. Per list: the task count, the output, the pose
// size, the state tables' sizes and the executor's options. Nothing else changes a decision (an
// unreachable task outside those subtrees changes none), so a list whose shape matches is executed
// exactly as the full path would (tests/executor/execution_plan_test.cpp).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "executor/tasks/anim_task_list.h"
#include "executor/tasks/task_runner.h"

namespace anim {

// What a step does with its seam's history once it has run (SeamHistory: transition tasks).
enum class SeamRecord : uint8_t {
  None,
  Push,      // copies its result in
  HandOver,  // the history adopts its buffer (the seam's only writer in the list)
};

// One reachable task as the plan runs it.
struct PlanStep {
  // ResolveTaskRunner's choice for the task; null when it computes nothing: it passes its input
  // through in that input's own buffer (PassThroughKeepsInput), so its result is `dst` as the input
  // left it, or it loads a snapshot, read in place.
  TaskRunner run = nullptr;
  // The pool buffer its result goes to (an index, since a handover changes the pose an index
  // names); negative for a loaded snapshot.
  int16_t dst = -1;
  int16_t task = AnimTask::NoTask;
  int16_t deps[2] = {AnimTask::NoTask, AnimTask::NoTask};  // results it reads; none when invalid
  bool inputs_valid = true;
  SeamRecord seam = SeamRecord::None;
};

// The list-wide half of a shape. No padding, so two compare as three words (every frame).
struct ListShape {
  int task_count = 0;
  int bones = 0;
  int curves = 0;
  uint32_t blend_slots = 0;
  uint32_t snapshot_slots = 0;
  int16_t output = AnimTask::NoTask;
  bool has_state = false;  // which instance's state does not matter: only its tables' sizes
  uint8_t options = 0;     // executor options that change decisions (ExecutorOptions)

  bool operator==(const ListShape& other) const { return std::memcmp(this, &other, sizeof(*this)) == 0; }
};
static_assert(std::has_unique_object_representations_v<ListShape>);

// The saved pose a LoadPoseSnapshot task reads (its result then stays the instance's, never a pool
// buffer's), or null when the slot holds none for this skeleton.
const Pose* LoadedSnapshot(const AnimTaskList& list, const AnimTask& task);

class ExecutionPlan {
 public:
  // Whether `list`, of `shape`, has the shape this plan was recorded for.
  bool Matches(const AnimTaskList& list, const ListShape& shape) const;

  // Recording: Begin, then Watch each task the decisions read (`reachable`, or only under an input
  // a weight could prune) and AddStep each task as it executes, then Finish.
  void Begin(const ListShape& shape);
  // Room to record lists of up to `tasks` tasks without allocating.
  void Reserve(int tasks);
  void Watch(const AnimTaskList& list, int index, bool reachable);
  void AddStep(const PlanStep& step) { steps_.push_back(step); }
  // `peak_buffers`: the most pool buffers live at once while the list ran; `output_buffer`: the
  // output's pool buffer, negative when its result is not one.
  void Finish(int peak_buffers, int16_t output_buffer) {
    if (keys_.size() % 2 != 0) keys_.push_back({});  // Matches reads keys in pairs; this one compares nothing
    peak_buffers_ = peak_buffers;
    output_buffer_ = output_buffer;
    recorded_ = true;
  }
  void Invalidate() { recorded_ = false; }
  // Whether the pool buffers it names are sized for lists of `shape`: a list of other sizes executed
  // without the plan (a split list's calls) resizes them, and must invalidate it.
  bool SizedFor(const ListShape& shape) const {
    return shape_.bones == shape.bones && shape_.curves == shape.curves;
  }

  const std::vector<PlanStep>& steps() const { return steps_; }
  int peak_buffers() const { return peak_buffers_; }
  int16_t output_buffer() const { return output_buffer_; }

 private:
  // A task's first 32 bytes (type to alpha), which hold every field a decision reads, as one
  // vector: a key is checked with one load, xor, and, or.
  using TaskBytes = unsigned char __attribute__((vector_size(32)));
  // One watched task's part of the shape: its first bytes, compared under a mask that keeps the
  // bytes of the fields its decisions read.
  struct TaskKey {
    TaskBytes bytes{};
    TaskBytes mask{};
    int32_t offset = 0;  // the task's, in bytes from the list's first (no index arithmetic per key)
  };
  // A reachable task whose weight could pass an input through and did not: which of "alpha is 0"
  // and "alpha is 1" would (alpha_mask), so neither may hold. A weight that did pass one through
  // is held to its value by the task's key.
  struct WeightKey {
    int32_t alpha_offset = 0;  // the task's alpha, in bytes from the list's first task
    uint8_t alpha_mask = 0;
  };
  // A reachable LoadPoseSnapshot: whether its slot held a saved pose.
  struct SnapshotLoad {
    int16_t index = 0;
    bool saved = false;
  };

  bool recorded_ = false;
  ListShape shape_;
  std::vector<TaskKey> keys_;
  std::vector<WeightKey> weights_;
  std::vector<SnapshotLoad> loads_;
  std::vector<PlanStep> steps_;
  int peak_buffers_ = 0;
  int16_t output_buffer_ = AnimTask::NoTask;
};

}  // namespace anim
