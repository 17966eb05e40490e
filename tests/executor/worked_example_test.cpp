// The seed's worked example, built by hand as a task list on the sample humanoid: a four-state
// locomotion machine in `run`, an additive aim layer and foot IK. Checks reachability and the buffer
// traffic table line for line against what the executor recorded in its snapshot.
#include <catch2/catch.hpp>

#include <algorithm>
#include <thread>
#include <vector>

#include "executor/tasks/execute_task_list.h"
#include "executor/tasks/pose_pool.h"
#include "executor/tasks/task_state_storage.h"
#include "tests/executor/humanoid_assets.h"
#include "tools/worked_example/worked_example_list.h"

using namespace anim;
using anim::test::Humanoid;

namespace {

void Build(WorkedExample& ex) {
  BuildWorkedExample(Humanoid(), 0.4f, ex);
}

struct TrafficRow {
  int task;
  bool stole;
  int buffer;
  int released;  // -1: none
  int live_after;
};

}  // namespace

TEST_CASE("worked example: reachability prunes the inactive states", "[executor][worked-example]") {
  WorkedExample ex;
  Build(ex);
  std::vector<Mat4> skinning(ex.list.skeleton->bone_count());
  TaskSnapshot snap;
  ExecuteTaskList(ex.list, {.skinning = skinning}, &snap);

  REQUIRE(snap.output_task == 12);
  REQUIRE(snap.reachable_count == 8);
  const std::vector<int> reachable = {4, 5, 6, 8, 9, 10, 11, 12};
  for (int i = 0; i < 13; ++i) {
    const bool expected = std::find(reachable.begin(), reachable.end(), i) != reachable.end();
    INFO("task " << i);
    REQUIRE(snap.tasks[i].reachable == expected);
    if (!expected) REQUIRE(snap.tasks[i].exec_order == -1);
  }
}

TEST_CASE("worked example: buffer traffic matches the seed's table", "[executor][worked-example]") {
  WorkedExample ex;
  Build(ex);
  std::vector<Mat4> skinning(ex.list.skeleton->bone_count());
  TaskSnapshot snap;
  ExecuteTaskList(ex.list, {.skinning = skinning}, &snap);

  // Task, stole, buffer, released, live buffers after: the seed's table up to task 6. From task 8
  // on it differs by design: the seed's Inertialize keeps buffer 0 and copies it into the seam's
  // history, where this one hands the buffer over to the history and gives it back to the pool, so
  // the aim layer reuses buffer 0 and the ApplyAdditive reads the inertialized pose from the history.
  const TrafficRow table[] = {
      {4, false, 0, -1, 1},  // SampleClip run_fwd: acquire buffer 0
      {5, false, 1, -1, 2},  // SampleClip run_back: acquire buffer 1
      {6, true, 0, 1, 1},    // Blend 4, 5: steal buffer 0; release buffer 1
      {8, true, 0, -1, 0},   // Inertialize 6: steal buffer 0; hand it over; release buffer 0
      {9, false, 0, -1, 1},  // SampleClip aim_pose: acquire buffer 0
      {10, true, 0, -1, 1},  // MakeAdditive 9: steal buffer 0
      {11, true, 0, -1, 1},  // ApplyAdditive 8, 10: steal buffer 0 (from 10)
      {12, true, 0, -1, 1},  // FootIK 11: steal buffer 0
  };
  int order = 0;
  for (const TrafficRow& row : table) {
    INFO("task " << row.task);
    const TaskSnapshotEntry& e = snap.tasks[row.task];
    REQUIRE(e.exec_order == order++);
    REQUIRE(e.stole_buffer == row.stole);
    REQUIRE(e.buffer == row.buffer);
    const int released = e.released[0] >= 0 ? e.released[0] : e.released[1];
    REQUIRE(released == row.released);
    REQUIRE(e.live_buffers == row.live_after);
    REQUIRE(e.handed_over == (row.task == 8));
  }
  REQUIRE(snap.peak_live_buffers == 2);
  REQUIRE(snap.tasks[4].use_count == 1);
  REQUIRE(snap.tasks[12].use_count == 0);
  // Levels: samples at 0, the blends and additive at 1, then one level per consumer down the chain.
  REQUIRE(snap.tasks[4].level == 0);
  REQUIRE(snap.tasks[6].level == 1);
  REQUIRE(snap.tasks[8].level == 2);
  REQUIRE(snap.tasks[10].level == 1);
  REQUIRE(snap.tasks[11].level == 3);
  REQUIRE(snap.tasks[12].level == 4);
  REQUIRE(snap.level_count == 5);
}

TEST_CASE("worked example: the pool is empty after the list and stays at two buffers",
          "[executor][worked-example]") {
  WorkedExample ex;
  Build(ex);
  std::vector<Mat4> skinning(ex.list.skeleton->bone_count());
  int live = -1, size = -1;
  // A fresh thread, so the pool holds only what this list needed.
  std::thread worker([&] {
    for (int frame = 0; frame < 100; ++frame)
      ExecuteTaskList(ex.list, {.skinning = skinning});
    live = ThreadPosePool().live();
    size = ThreadPosePool().size();
  });
  worker.join();
  REQUIRE(live == 0);
  REQUIRE(size == 2);
}
