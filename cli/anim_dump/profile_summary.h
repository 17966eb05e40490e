// anim-dump profile's figures from its measurements (profile_run.h): per task type and per graph
// node over the timed plays, with the resolve and the executor's overhead beside them; per frame
// over the untimed plays; and the pool's traffic. Percentiles are nearest-rank: p50 is the
// smallest sample that at least half of the samples do not exceed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli/anim_dump/profile_run.h"

namespace anim::dump {

struct Stats {
  std::size_t samples = 0;
  double mean_ns = 0.0;
  int64_t p50_ns = 0, p99_ns = 0, max_ns = 0;
  int64_t total_ns = 0;
};

Stats Summarize(std::vector<int64_t> samples);

// A task type, a node, the resolve or the executor's overhead, over the timed plays.
struct ProfileRow {
  std::string name;
  std::vector<std::string> types;  // a node's task types, in the order it first ran them
  int64_t count = 0;               // per play of the frames: its samples / repeat
  Stats stats;
  double share =
      0.0;  // percent of the timed plays' execute time; the types', resolve and overhead sum to 100
};

struct FrameProfile {
  int frame = 0;
  int replayed = 0;  // timed plays in which the list replayed the previous list's plan
  Stats record, execute;
  FramePool pool;
};

// A pool figure over the frames: per frame its mean and largest, and its sum.
struct PoolFigure {
  std::string name;
  double mean = 0.0;
  int max = 0;
  int64_t total = 0;
  bool has_total = true;  // a peak has none
};

struct ProfileSummary {
  int first_frame = 0, last_frame = 0, repeat = 0;
  double clock_read_ns = 0.0;
  int64_t tasks_per_play = 0;
  double replayed_per_play = 0.0;  // lists that replayed a plan, per timed play
  Stats record, execute, frame;    // untimed plays, every frame: BuildTasks, ExecuteTaskList, both
  Stats timed_execute;             // the timed plays' ExecuteTaskList, every frame
  std::vector<ProfileRow> types;   // largest share first
  ProfileRow resolve, overhead;    // overhead: each list's time less its tasks' and its resolve's
  std::vector<ProfileRow> nodes;   // largest share first
  std::vector<PoolFigure> pool;    // tasks, acquired, stolen, handed over, peak live
  std::vector<FrameProfile> frames;
};

ProfileSummary Summarize(const ProfileRun& run);

}  // namespace anim::dump
