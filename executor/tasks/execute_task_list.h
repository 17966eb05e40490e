// ExecuteTaskList: the execute half of a frame. Four linear phases:
//  1. reachability: one reverse pass from the output task marks what is needed and counts, per
//     result, how many reachable tasks read it; an input a task passes over by its weight is not
//     read (weight pruning: PassThroughInput in executor/tasks/anim_task.h);
//  2. buffer ownership: a task steals a dependency's buffer when it is that result's last reachable
//     reader and the buffer is not retained history, otherwise it takes a fresh one from the thread's
//     pool; a buffer is released as soon as its last reader has run;
//  3. one forward sweep over the reachable tasks (interleaved with 2);
//  4. resolve: root lock (on a copy when the result is retained history), forward kinematics over
//     every bone, skinning matrices and their 3x4 packing (forward kinematics only when a model or
//     skinning output is asked for); then release and reset.
// A list of the same shape as the one before it on this thread (the same tasks reachable, the
// same dependencies, the same inputs passed through by weight: executor/tasks/execution_plan.h)
// skips 1 and 2 and replays that list's decisions: the same tasks in the same order into the same
// buffers. A game records one shape frame after frame until a state or a weight changes.
// Scratch arrays, the plan and the pose pool are thread_local: one list runs on one thread, start
// to finish (or in two calls around a physics step, each on one thread: split_execution.h).
#pragma once

#include <cstdint>
#include <span>

#include "executor/math/mat4.h"
#include "executor/pose/pose.h"
#include "executor/tasks/anim_task_list.h"
#include "executor/tasks/pose_kernel_table.h"
#include "executor/tasks/task_snapshot.h"
#include "executor/tasks/task_timing.h"

namespace anim {

// Where the resolved frame goes. Each output is optional; sized spans hold one entry per bone.
struct ExecuteOutputs {
  std::span<Mat4> skinning = {};     // model * inverse bind, per bone
  std::span<Mat3x4> packed = {};     // the same, packed 3x4 for upload
  std::span<Mat4> model = {};        // model-space matrices, per bone
  Pose* local_pose = nullptr;        // the final local pose (after the root lock)
  Transform* root_motion = nullptr;  // the output's root motion this frame (docs/semantics.md)
  // The output's curves (AnimTaskList::curve_count of them; entries past those get 0).
  std::span<float> curves = {};
};

// Executes `list` and resolves its output. `snapshot`, when given, is filled with what the
// executor decided for every task. An empty or broken list resolves to the bind pose; nothing in a
// list can make it read an unset buffer.
void ExecuteTaskList(const AnimTaskList& list, const ExecuteOutputs& outputs,
                     TaskSnapshot* snapshot = nullptr);

// Test hooks: the same executor with another kernel table, or with a deliberate fault, so tests
// can check that validation catches a broken task path without editing product code; and a
// profiler's timing.
struct ExecutorOptions {
  const PoseKernelTable* kernels = &kSimdPoseKernels;
  bool fault_steal_shared_buffers = false;  // steal a dependency's buffer even when others still read it
  // false: every input a task lists is computed, whatever its weight (the baseline weight pruning
  // is held to: the same results, bit for bit, from more tasks).
  bool prune_by_weight = true;
  // false: every list's reachability and buffers are worked out afresh, never replayed from the
  // previous list's plan (the baseline plan reuse is held to).
  bool reuse_plan = true;
  // Profiling (anim-dump profile): filled with each executed task's time, the resolve's and the
  // whole call's. Checked once per list: a list without it runs the untimed loops.
  ListTiming* timing = nullptr;
};

// How the lists executed on the calling thread went, without the cost of a snapshot: how many
// replayed the previous list's plan (its shape had not changed) rather than working everything
// out again, how many tasks they ran, and the last list's peak of live pool buffers.
struct ExecutorThreadStats {
  std::uint64_t lists = 0;
  std::uint64_t replayed = 0;
  std::uint64_t tasks_run = 0;  // reachable tasks, summed over lists
  int last_peak_buffers = 0;
};
const ExecutorThreadStats& ThreadExecutorStats();

// The largest lists a thread is to run without allocating: tasks in a list, pool buffers live at
// once, and the bones, curves and blend slots of the lists' skeletons, poses and instances.
struct ExecutorReserve {
  int tasks = 0;
  int buffers = 0;
  int bones = 0;
  int curves = 0;
  int blend_slots = 0;

  bool operator==(const ExecutorReserve&) const = default;
};
// Grows the calling thread's executor (its scratch, plan, pose pool and the kinematics' and
// kernels' scratch) to `reserve`; never shrinks it. The executor otherwise grows a thread's state
// when that thread first meets a longer list, so a worker that sat out the frames that grew its
// peers would allocate later, in the steady state. A thread pool calls this as each worker starts
// its share of a frame, with the largest any of its threads has needed (anim::crowd::Crowd does).
// It covers whole lists of poses of one size: a history that hands a buffer over (Inertialize)
// gives back one of its own size, and split lists (split_execution.h) keep scratch of their own.
void ReserveThreadExecutor(const ExecutorReserve& reserve);

void ExecuteTaskListWith(const AnimTaskList& list, const ExecuteOutputs& outputs, TaskSnapshot* snapshot,
                         const ExecutorOptions& options);

}  // namespace anim
