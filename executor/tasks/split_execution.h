// The physics split: one task list executed in two calls around the simulation step
// (docs/architecture.md, "The physics split").
//
//   ExecuteTaskList(list, AnimTaskStage::PrePhysics, split, {});        // before the step
//   ... step the physics world ...
//   ExecuteTaskList(list, AnimTaskStage::PostPhysics, split, outputs);  // after it: resolves
//
// A reachable task runs in the post-physics call when it is tagged PostPhysics or reads (through
// any chain) a task that runs there; every other reachable task runs in the pre-physics call.
// Reachability, use counts and buffer ownership are worked out once, in the pre-physics call, for
// the whole list in the order "pre-physics tasks, then post-physics tasks" (dependencies still come
// first), so a post-physics task steals a pre-physics result's buffer when it is that result's last
// reader, exactly as in a whole-list run, and the results are the same, bit for bit.
//
// Between the calls `split` holds what the post-physics call needs: its tasks and decisions, and the
// pre-physics results it reads (the output's too, when that runs before the step). Their buffers
// leave the thread's pool by a swap of storage, not a copy, and come back into the pool of the
// thread that makes the post-physics call, which may be another one. So the pool is empty between
// calls, whole lists on the thread keep replaying their plan, and any number of lists can be in
// flight on one thread, each with its own SplitExecution.
//
// Rules, each safe to break: the list must not change between the calls (its post-physics tasks are
// compared; the instance and its task state must outlive the pair); a post-physics call whose split
// holds no pre-physics call of this list (none made, another list's, or the list changed) runs the
// whole list as ExecuteTaskList does and drops whatever the split held; a second pre-physics call
// drops the first; AnimTaskStage::AnyStage runs the whole list and drops the split's state.
#pragma once

#include <cstdint>
#include <vector>

#include "executor/tasks/execute_internal.h"

namespace anim {

class SplitExecution {
 public:
  SplitExecution() = default;
  SplitExecution(const SplitExecution&) = delete;  // it may point at its own capture snapshot
  SplitExecution& operator=(const SplitExecution&) = delete;

  // A pre-physics call is waiting for its post-physics call.
  bool in_flight() const { return list_ != nullptr; }
  // Pool buffers the pre-physics call left for the post-physics one (held across the step).
  int carried_buffers() const { return carried_buffers_; }
  // Forgets a pre-physics call whose post-physics call will not come (its results are dropped; the
  // split keeps its storage for the next list).
  void Drop();

 private:
  // A task the post-physics call runs.
  struct PostTask {
    ReachedTask reached;
    int16_t uses;   // its readers (all post-physics tasks)
    AnimTask task;  // its bytes as the pre-physics call decided on them
  };
  // A pre-physics result the post-physics call reads (or resolves, for the output).
  struct Carried {
    int16_t task;
    int16_t uses;    // its readers among the post-physics tasks
    int16_t level;   // for the snapshot
    int16_t buffer;  // its pose in `buffers_`, or -1 when the result is retained (`retained`)
    const Pose* retained;
  };

  bool Holds(const AnimTaskList& list, const ExecutorOptions& options) const;

  friend void ExecutePrePhysics(const AnimTaskList&, SplitExecution&, TaskSnapshot*, const ExecutorOptions&);
  friend int16_t RunPostPhysics(const AnimTaskList&, const ListShape&, const ExecutorOptions&,
                                ThreadExecutor&, SplitExecution&);
  friend void ExecutePostPhysics(const AnimTaskList&, SplitExecution&, const ExecuteOutputs&, TaskSnapshot*,
                                 const ExecutorOptions&);
  friend TaskSnapshot* SplitSnapshot(SplitExecution& split);

  const AnimTaskList* list_ = nullptr;  // the list whose pre-physics call ran; null: none in flight
  ListShape shape_;
  const Skeleton* skeleton_ = nullptr;
  const TaskStateStorage* state_ = nullptr;
  std::vector<PostTask> post_;  // in reverse execution order
  std::vector<Carried> carried_;
  std::vector<Pose> buffers_;  // carried results' storage while no pool holds it
  int carried_buffers_ = 0;
  std::vector<uint8_t> seam_writers_;
  SweepProgress progress_;            // after the pre-physics call, peak_live includes the carried buffers
  TaskSnapshot* snapshot_ = nullptr;  // the caller's, &capture_, or null
  TaskSnapshot capture_;              // an armed capture's snapshot, published by the post-physics call
};

// Executes the part of `list` that belongs to `stage`, keeping what the other call needs in
// `split`: PrePhysics computes (`outputs` is not used); PostPhysics computes the rest and resolves
// into `outputs`. `snapshot`, given to the pre-physics call, is completed by the post-physics call
// (whose own `snapshot` is used only when it runs the whole list): each entry's `ran_in` tells which
// call ran the task, and `peak_live_buffers` counts the buffers carried across the step.
void ExecuteTaskList(const AnimTaskList& list, AnimTaskStage stage, SplitExecution& split,
                     const ExecuteOutputs& outputs, TaskSnapshot* snapshot = nullptr);
void ExecuteTaskListWith(const AnimTaskList& list, AnimTaskStage stage, SplitExecution& split,
                         const ExecuteOutputs& outputs, TaskSnapshot* snapshot,
                         const ExecutorOptions& options);

// The two calls; ExecuteTaskList(..., stage, ...) dispatches to them.
void ExecutePrePhysics(const AnimTaskList& list, SplitExecution& split, TaskSnapshot* snapshot,
                       const ExecutorOptions& options);
void ExecutePostPhysics(const AnimTaskList& list, SplitExecution& split, const ExecuteOutputs& outputs,
                        TaskSnapshot* snapshot, const ExecutorOptions& options);

// Internal: the post-physics call's tasks, run into the calling thread's pool; returns the output's
// pool buffer (negative when its result is not one). Then ExecutePostPhysics resolves as a whole
// list does.
int16_t RunPostPhysics(const AnimTaskList& list, const ListShape& shape, const ExecutorOptions& options,
                       ThreadExecutor& t, SplitExecution& split);
// Internal: the snapshot the pre-physics call began, or null.
TaskSnapshot* SplitSnapshot(SplitExecution& split);

}  // namespace anim
