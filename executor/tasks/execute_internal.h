// The executor's per-thread scratch and the two halves of its full path, shared by the whole-list
// executor (execute_task_list.cpp) and the physics split (split_execution.cpp). Internal to the
// executor.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "executor/tasks/execute_task_list.h"
#include "executor/tasks/execution_plan.h"
#include "executor/tasks/pose_pool.h"
#include "executor/tasks/task_state_storage.h"

namespace anim {

// result_buf value of a result that lives in instance storage (a loaded snapshot): never stolen,
// never released, never edited in place.
inline constexpr int16_t kRetained = -2;

// A reachable task as the reverse pass found it: its index and the dependencies it reads.
struct ReachedTask {
  int16_t index;
  bool inputs_valid;  // false: a required dependency is missing and the task yields the bind pose
  int16_t deps[2];
};

struct ExecuteScratch {
  std::vector<uint8_t> needed;
  std::vector<uint8_t> keeps_state;  // by task: its subtree holds a task that keeps state (lazily)
  std::vector<int16_t> use_count;
  std::vector<ReachedTask> reached;  // in reverse execution order
  std::vector<int16_t> result_buf;
  std::vector<const Pose*> result_pose;  // task i's result at [i + 1]: see results()
  std::vector<int16_t> level;
  std::vector<uint8_t> seam_writers;  // by blend slot: reachable transition tasks writing its history
  std::vector<Mat4> model;
  std::vector<int16_t> prune_candidates;  // inputs a weight could prune, while recording a plan
  std::vector<uint8_t> watched;           // by task, while recording a plan: see WatchShape
  std::vector<uint8_t> stage;             // by task, in a split list's pre-physics call: split_execution.cpp
  ExecutionPlan plan;                     // the last list's decisions, replayed while lists keep its shape

  // Only the reachability marks and use counts start from zero: a task's result slots are written
  // when it runs, before any task reading them runs, and unreachable tasks' slots are never read.
  void Prepare(int task_count, int bone_count, std::size_t blend_slots) {
    needed.assign(task_count, 0);
    use_count.assign(task_count, 0);
    seam_writers.assign(blend_slots, 0);
    Grow(static_cast<std::size_t>(task_count), bone_count);
  }

  // Room for `tasks` tasks, `bones` bones and `blend_slots` slots, so Prepare and the sweep do not
  // allocate for lists within them.
  void Reserve(int tasks, int bones, int blend_slots) {
    const std::size_t n = static_cast<std::size_t>(std::max(tasks, 0));
    needed.reserve(n);
    watched.reserve(n);
    use_count.reserve(n);
    prune_candidates.reserve(n);
    seam_writers.reserve(static_cast<std::size_t>(std::max(blend_slots, 0)));
    Grow(n, bones);
    plan.Reserve(tasks);
  }

  // The slots written before they are read, sized up to `tasks` tasks and `bones` bones.
  void Grow(std::size_t tasks, int bones) {
    if (result_buf.size() < tasks) {
      keeps_state.resize(tasks);
      reached.resize(tasks);
      result_buf.resize(tasks);
      result_pose.resize(tasks + 1);
      level.resize(tasks);
    }
    if (static_cast<int>(model.size()) < bones) model.resize(static_cast<std::size_t>(bones));
  }

  // Results by task index. Index NoTask reads the null that stays in result_pose[0], so a task
  // reads its inputs without checking whether it has them.
  const Pose** results() { return result_pose.data() + 1; }
};

// Everything the executor keeps per thread, behind one thread-local (each costs a guard check).
struct ThreadExecutor {
  ExecuteScratch scratch;
  PosePool pool;
  ExecutorThreadStats stats;
};

ThreadExecutor& ThisThread();

// The list-wide half of `list`'s shape (execution_plan.h).
inline ListShape ShapeOf(const AnimTaskList& list, const ExecutorOptions& options) {
  const int task_count = static_cast<int>(std::min<std::size_t>(list.tasks.size(), kMaxTasksPerList));
  return {
      .task_count = task_count,
      .bones = list.skeleton->bone_count(),
      .curves = list.CurveCount(),
      .blend_slots = list.state != nullptr ? static_cast<uint32_t>(list.state->blends.size()) : 0,
      .snapshot_slots = list.state != nullptr ? static_cast<uint32_t>(list.state->snapshots.size()) : 0,
      .output = list.output_task >= 0 && list.output_task < task_count ? list.output_task : AnimTask::NoTask,
      .has_state = list.state != nullptr,
      .options = static_cast<uint8_t>((options.fault_steal_shared_buffers ? 1 : 0) |
                                      (options.prune_by_weight ? 2 : 0))};
}

// Phase 1 of the full path: prepares the scratch (and `snap`, when given) for `list`, then lists
// the reachable tasks in `s.reached`, in reverse execution order, with use counts; tells `plan`
// which tasks its shape covers when given. Returns how many tasks are reachable.
int FindReachable(const AnimTaskList& list, const ListShape& shape, const ExecutorOptions& options,
                  TaskSnapshot* snap, ExecuteScratch& s, ExecutionPlan* plan);

// How far a sweep has got: tasks run, the most pool buffers live at once, dependency levels seen.
struct SweepProgress {
  int exec_order = 0;
  int peak_live = 0;
  int level_count = 0;
};

// Phases 2 and 3 for the reachable tasks `s.reached[end, begin)`, last to first (execution order):
// buffer ownership and each task's maths, with its snapshot entry and plan step when asked.
void RunReachable(const AnimTaskList& list, const ListShape& shape, const ExecutorOptions& options,
                  TaskSnapshot* snap, ThreadExecutor& t, ExecutionPlan* plan, int begin, int end,
                  SweepProgress& progress);

}  // namespace anim
