// Per-task timing of one executor call, for profilers (anim-dump profile): filled by
// ExecuteTaskListWith when ExecutorOptions::timing points at one (for a split list, each of its two
// calls times its own tasks, and the post-physics call the resolve), and never looked at otherwise (a list
// without it runs loops with no timing code). Times are nanoseconds of the steady (monotonic) clock; each
// step pays one read of it.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

namespace anim {

struct TaskTime {
  int16_t task = -1;     // index in the list
  int64_t start_ns = 0;  // from the list's start
  int64_t elapsed_ns = 0;
};

struct ListTiming {
  // Every executed task, in execution order: a loaded snapshot's and an in-place pass-through's
  // (which do nothing) too. A task's time is its step of the sweep: its maths, and on a list
  // that does not replay a plan also its buffer decisions (acquire, steal, release). Steps follow
  // each other: one begins as the one before it ends.
  std::vector<TaskTime> tasks;
  int64_t start_ns = 0;          // the clock at the call's start
  int64_t elapsed_ns = 0;        // the whole call
  int64_t resolve_start_ns = 0;  // from the list's start
  int64_t resolve_ns = 0;        // root lock, forward kinematics, skinning, the outputs' copies
  bool replayed = false;         // the list replayed the previous list's plan
  int64_t step_start_ns = 0;     // the executor's, while it sweeps: the clock as the current step began

  // A call begins: no steps yet, the clock read.
  void Begin() {
    tasks.clear();
    replayed = false;
    resolve_start_ns = resolve_ns = 0;
    start_ns = Now();
  }

  static int64_t Now() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
};

}  // namespace anim
