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
#include "tests/executor/sample_rig.h"

using namespace anim;

namespace {

AnimTask Sample(uint16_t clip, float time) {
  AnimTask t;
  t.type = AnimTaskType::SampleClip;
  t.resource = clip;
  t.time = time;
  return t;
}

AnimTask WithDeps(AnimTaskType type, int16_t a, int16_t b = AnimTask::NoTask, float alpha = 1.0f) {
  AnimTask t;
  t.type = type;
  t.dep_a = a;
  t.dep_b = b;
  t.alpha = alpha;
  return t;
}

struct WorkedExample {
  AnimTaskList list;
  TaskStateStorage state;
};

void Build(WorkedExample& ex) {
  const test::SampleRig& rig = test::HumanoidRig();
  const Skeleton& sk = rig.skeleton;
  AnimTaskList& list = ex.list;
  ex.state.inertializers.resize(1);
  list.skeleton = &sk;
  list.clips = rig.clip_table;
  list.state = &ex.state;
  list.delta_time = 1.0f / 30.0f;
  list.Add(Sample(rig.ClipIndex("idle"), 0.4f));                   // 0
  list.Add(Sample(rig.ClipIndex("walk_fwd"), 0.4f));               // 1
  list.Add(Sample(rig.ClipIndex("walk_back"), 0.4f));              // 2
  list.Add(WithDeps(AnimTaskType::Blend, 1, 2, 0.3f));             // 3
  list.Add(Sample(rig.ClipIndex("run_fwd"), 0.4f));                // 4
  list.Add(Sample(rig.ClipIndex("run_back"), 0.4f));               // 5
  list.Add(WithDeps(AnimTaskType::Blend, 4, 5, 0.3f));             // 6
  list.Add(Sample(rig.ClipIndex("jump"), 0.4f));                   // 7
  AnimTask inert = WithDeps(AnimTaskType::Inertialize, 6);         // 8: the current state is run
  inert.alpha = 0.2f;
  list.Add(inert);
  list.Add(Sample(rig.ClipIndex("aim_pose"), 0.0f));               // 9
  list.Add(WithDeps(AnimTaskType::MakeAdditive, 9));               // 10: against the bind pose
  list.Add(WithDeps(AnimTaskType::ApplyAdditive, 8, 10, 1.0f));    // 11
  AnimTask foot = WithDeps(AnimTaskType::FootIK, 11);              // 12
  foot.bone_a = static_cast<uint16_t>(sk.FindBone("thigh_l"));
  foot.bone_b = static_cast<uint16_t>(sk.FindBone("calf_l"));
  foot.bone_c = static_cast<uint16_t>(sk.FindBone("foot_l"));
  foot.s = {0, 1, 0};
  list.output_task = list.Add(foot);
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

  // Task, stole, buffer, released, live buffers after: the seed's table, line for line.
  const TrafficRow table[] = {
      {4, false, 0, -1, 1},  // SampleClip run_fwd: acquire buffer 0
      {5, false, 1, -1, 2},  // SampleClip run_back: acquire buffer 1
      {6, true, 0, 1, 1},    // Blend 4, 5: steal buffer 0; release buffer 1
      {8, true, 0, -1, 1},   // Inertialize 6: steal buffer 0
      {9, false, 1, -1, 2},  // SampleClip aim_pose: acquire buffer 1
      {10, true, 1, -1, 2},  // MakeAdditive 9: steal buffer 1
      {11, true, 0, 1, 1},   // ApplyAdditive 8, 10: steal buffer 0; release buffer 1
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

TEST_CASE("worked example: the pool is empty after the list and stays at two buffers", "[executor][worked-example]") {
  WorkedExample ex;
  Build(ex);
  std::vector<Mat4> skinning(ex.list.skeleton->bone_count());
  int live = -1, size = -1;
  // A fresh thread, so the pool holds only what this list needed.
  std::thread worker([&] {
    for (int frame = 0; frame < 100; ++frame) ExecuteTaskList(ex.list, {.skinning = skinning});
    live = ThreadPosePool().live();
    size = ThreadPosePool().size();
  });
  worker.join();
  REQUIRE(live == 0);
  REQUIRE(size == 2);
}
