// anim-dump profile's measurements. The scenario is played from frame 0 as a game runs a frame
// (BuildTasks, then ExecuteTaskList for skinning matrices and root motion), frames A..B measured:
//  - once with snapshots, untimed, for the pool's traffic (and to warm the caches and the pool);
//  - then `repeat` times a pair of plays: one untimed, timing each frame's recording and
//    execution from outside, and one with the executor's per-task timing (ListTiming), whose
//    clock reads the untimed play does not pay.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cli/anim_dump/frame_capture.h"
#include "executor/tasks/anim_task.h"
#include "vm/program_binding.h"
#include "vm/scenario.h"

namespace anim::dump {

// One executed task of a timed play.
struct ProfiledTask {
  int16_t index = -1;  // in its frame's list
  AnimTaskType type = AnimTaskType::ReferencePose;
  int32_t node = -1;       // the graph node that recorded it (ProgramBinding::node_names), or -1
  int64_t start_ns = 0;    // from its list's start
  int64_t elapsed_ns = 0;  // its step of the executor's sweep
};

// One frame of a timed play. Times from the play's start unless said.
struct ProfiledList {
  int frame = 0;
  int64_t record_start_ns = 0;
  int64_t record_ns = 0;
  int64_t execute_start_ns = 0;
  int64_t execute_ns = 0;        // the executor's own measure of the call (ListTiming::elapsed_ns)
  int64_t resolve_start_ns = 0;  // from the list's start
  int64_t resolve_ns = 0;
  bool replayed = false;
  std::size_t first_task = 0;  // its tasks in TimedPlay::tasks
  std::size_t task_count = 0;
};

struct TimedPlay {
  std::vector<ProfiledList> frames;
  std::vector<ProfiledTask> tasks;
  int64_t execute_ns = 0;  // summed over the frames
};

// What the pool did for one frame's list (from its TaskSnapshot).
struct FramePool {
  int tasks = 0;        // executed
  int acquired = 0;     // results written into a fresh pool buffer
  int stolen = 0;       // results written into a dependency's buffer, its last reader
  int handed_over = 0;  // results handed to a seam's history instead of copied there
  int peak_live = 0;    // pool buffers live at once, the root lock's copy included
};

struct ProfileRun {
  FrameRange range;
  int repeat = 0;
  double clock_read_ns = 0.0;  // one read of the steady clock, as the timed plays pay it
  std::vector<std::string> node_names;
  // Per frame of the range: the untimed plays' times, one per repeat, and the pool's traffic.
  std::vector<std::vector<int64_t>> record_ns;
  std::vector<std::vector<int64_t>> execute_ns;
  std::vector<FramePool> pool;
  std::vector<TimedPlay> timed;  // one per repeat
};

// At most this many executed tasks, and as many frames, are timed in all (each time is kept, for
// exact percentiles).
inline constexpr std::size_t kMaxProfiledTasks = 5'000'000;

// Plays and measures as above; `on_frame` hears of every frame played. Throws InputError when the
// range times more than kMaxProfiledTasks tasks or frames.
ProfileRun RunProfile(const ProgramBinding& binding, const Scenario& scenario, const FrameRange& range,
                      int repeat, const std::function<void()>& on_frame);

}  // namespace anim::dump
