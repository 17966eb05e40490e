// The physics split (executor/tasks/split_execution.h): a list executed in a pre-physics and a
// post-physics call comes out bit for bit as when executed whole: local pose, model and skinning
// matrices, frame after frame (so the seam's history and snapshots it leaves are the same too).
// The worked example, split inside its steal chains, checks which call ran each task, the steal
// across the step and the buffers held across it; random lists with random stage tags check the
// property broadly; several lists in flight on one thread, a post-physics call on another thread,
// and post-physics calls that do not match a pre-physics one check the rules.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "executor/tasks/execute_task_list.h"
#include "executor/tasks/pose_pool.h"
#include "executor/tasks/split_execution.h"
#include "tests/executor/humanoid_assets.h"
#include "tests/executor/random_task_list.h"

using namespace anim;
using anim::test::Humanoid;

namespace {

// What a frame resolves to, kept for a bitwise comparison.
struct Frame {
  Pose local;
  std::vector<Mat4> model, skinning;

  explicit Frame(int bones) : model(bones), skinning(bones) {}
  ExecuteOutputs Outputs() { return {.skinning = skinning, .model = model, .local_pose = &local}; }
};

bool SameBits(const Frame& a, const Frame& b) {
  const int n = a.local.bone_count();
  if (n != b.local.bone_count() || a.model.size() != b.model.size()) return false;
  for (int i = 0; i < n; ++i) {
    const Transform x = a.local.Get(i), y = b.local.Get(i);
    if (std::memcmp(&x, &y, sizeof(Transform)) != 0) return false;
  }
  return std::memcmp(a.model.data(), b.model.data(), a.model.size() * sizeof(Mat4)) == 0 &&
         std::memcmp(a.skinning.data(), b.skinning.data(), a.skinning.size() * sizeof(Mat4)) == 0;
}

// The worked example at frame `frame`, its task `post` (and with it everything reading it) tagged
// PostPhysics, with the root locked so the resolve copies a retained result too.
void BuildSplitExample(WorkedExample& ex, int frame, int post) {
  BuildWorkedExample(Humanoid(), 0.1f + 0.05f * static_cast<float>(frame), ex);
  ex.list.lock_root = true;
  if (post >= 0) ex.list.tasks[post].stage = AnimTaskStage::PostPhysics;
}

int Bones() {
  return Humanoid().skeleton.bone_count();
}

}  // namespace

TEST_CASE("physics split: the worked example split inside its steal chains equals the whole run",
          "[executor][physics-split]") {
  // The task tagged PostPhysics and the tasks that run after the step with it (the tagged one and
  // every task reading it); the buffers held across the step; the peak of live buffers, the step
  // included (the whole run peaks at 2).
  struct Case {
    int tagged;
    std::vector<int> post;
    int carried;
    int peak;
  };
  const Case cases[] = {
      {12, {12}, 1, 2},          // FootIK steals the ApplyAdditive's buffer across the step
      {10, {10, 11, 12}, 1, 2},  // MakeAdditive steals the aim pose's; ApplyAdditive reads the seam's history
      {6,
       {6, 8, 11, 12},
       3,
       3},  // the run blend reads both samples across the step, ApplyAdditive the additive
      {4, {4, 6, 8, 11, 12}, 2, 3},  // run_fwd runs after the step, beside run_back and the additive
  };
  for (const Case& c : cases) {
    WorkedExample whole, split;
    SplitExecution in_flight;
    for (int frame = 0; frame < 6; ++frame) {
      INFO("task " << c.tagged << " tagged PostPhysics, frame " << frame);
      BuildSplitExample(whole, frame, -1);
      BuildSplitExample(split, frame, c.tagged);
      Frame expected(Bones()), got(Bones());
      TaskSnapshot whole_snap, snap;
      ExecuteTaskList(whole.list, expected.Outputs(), &whole_snap);
      ExecuteTaskList(split.list, AnimTaskStage::PrePhysics, in_flight, {}, &snap);
      // Across the step: the carried buffers are the split's, not the pool's.
      REQUIRE(in_flight.in_flight());
      REQUIRE(in_flight.carried_buffers() == c.carried);
      REQUIRE(ThreadPosePool().live() == 0);
      ExecuteTaskList(split.list, AnimTaskStage::PostPhysics, in_flight, got.Outputs());
      REQUIRE_FALSE(in_flight.in_flight());
      REQUIRE(ThreadPosePool().live() == 0);
      REQUIRE(SameBits(got, expected));

      // The same tasks ran, the same ones stole, in the order "pre-physics, then post-physics".
      REQUIRE(snap.reachable_count == whole_snap.reachable_count);
      REQUIRE(snap.carried_buffers == c.carried);
      REQUIRE(snap.peak_live_buffers == c.peak);
      REQUIRE(whole_snap.peak_live_buffers == 2);
      int last_pre = -1, first_post = 1 << 20;
      for (int i = 0; i < static_cast<int>(snap.tasks.size()); ++i) {
        const TaskSnapshotEntry& e = snap.tasks[i];
        INFO("task " << i);
        REQUIRE(e.reachable == whole_snap.tasks[i].reachable);
        REQUIRE(e.stole_buffer == whole_snap.tasks[i].stole_buffer);
        REQUIRE(whole_snap.tasks[i].ran_in == AnimTaskStage::AnyStage);
        if (!e.reachable) {
          REQUIRE(e.ran_in == AnimTaskStage::AnyStage);
          continue;
        }
        const bool post = std::find(c.post.begin(), c.post.end(), i) != c.post.end();
        REQUIRE(e.ran_in == (post ? AnimTaskStage::PostPhysics : AnimTaskStage::PrePhysics));
        if (post) {
          first_post = std::min<int>(first_post, e.exec_order);
        } else {
          last_pre = std::max<int>(last_pre, e.exec_order);
        }
      }
      REQUIRE(last_pre < first_post);
    }
  }
}

TEST_CASE("physics split: the FootIK after the step steals the pre-physics result in place",
          "[executor][physics-split]") {
  WorkedExample ex;
  BuildSplitExample(ex, 0, 12);
  SplitExecution split;
  TaskSnapshot snap;
  ExecuteTaskList(ex.list, AnimTaskStage::PrePhysics, split, {}, &snap);
  ExecuteTaskList(ex.list, AnimTaskStage::PostPhysics, split, {});
  const TaskSnapshotEntry& foot = snap.tasks[12];
  REQUIRE(foot.ran_in == AnimTaskStage::PostPhysics);
  REQUIRE(foot.stole_buffer);
  REQUIRE(foot.buffer == snap.tasks[11].buffer);  // the ApplyAdditive's buffer came back as buffer 0
  REQUIRE(snap.tasks[11].ran_in == AnimTaskStage::PrePhysics);
  REQUIRE(snap.tasks[11].use_count == 1);
}

TEST_CASE("physics split: random lists with random stage tags equal their whole runs",
          "[executor][physics-split]") {
  int split_lists = 0;
  for (uint32_t seed = 1; seed <= 300; ++seed) {
    std::unique_ptr<test::RandomScene> scene = test::MakeRandomScene(seed);
    TaskStateStorage whole_state = scene->MakeState(), split_state = scene->MakeState();
    AnimTaskList whole = scene->list, split = scene->list;
    whole.state = &whole_state;
    split.state = &split_state;
    std::mt19937 rng(seed);
    for (AnimTask& t : split.tasks)
      t.stage = std::array{AnimTaskStage::PostPhysics, AnimTaskStage::PrePhysics, AnimTaskStage::AnyStage,
                           AnimTaskStage::AnyStage}[std::uniform_int_distribution<int>(0, 3)(rng)];
    SplitExecution in_flight;
    const int bones = scene->skeleton->bone_count();
    for (int f = 0; f < 6; ++f) {
      INFO("seed " << seed << ", frame " << f);
      scene->AdvanceFrame(seed, f);
      for (std::size_t i = 0; i < scene->list.tasks.size(); ++i) {
        for (AnimTaskList* list : {&whole, &split}) {
          list->tasks[i].time = scene->list.tasks[i].time;
          list->tasks[i].flags = scene->list.tasks[i].flags;
        }
      }
      Frame expected(bones), got(bones);
      ExecuteTaskList(whole, expected.Outputs());
      TaskSnapshot snap;
      ExecuteTaskList(split, AnimTaskStage::PrePhysics, in_flight, {}, &snap);
      ExecuteTaskList(split, AnimTaskStage::PostPhysics, in_flight, got.Outputs());
      REQUIRE(SameBits(got, expected));
      REQUIRE(ThreadPosePool().live() == 0);
      bool pre = false, post = false;
      for (const TaskSnapshotEntry& e : snap.tasks) {
        pre = pre || e.ran_in == AnimTaskStage::PrePhysics;
        post = post || e.ran_in == AnimTaskStage::PostPhysics;
      }
      split_lists += pre && post ? 1 : 0;
    }
  }
  INFO(split_lists << " of 1800 lists ran tasks on both sides of the step");
  CHECK(split_lists > 300);
}

TEST_CASE(
    "physics split: several lists in flight on one thread, a whole list between, post on another thread",
    "[executor][physics-split]") {
  constexpr int kLists = 3;
  const int tagged[kLists] = {12, 10, 6};
  WorkedExample whole[kLists], split[kLists], between;
  SplitExecution in_flight[kLists];
  std::vector<Frame> expected, got;
  for (int k = 0; k < kLists; ++k) {
    BuildSplitExample(whole[k], k, -1);
    BuildSplitExample(split[k], k, tagged[k]);
    expected.emplace_back(Bones());
    got.emplace_back(Bones());
    ExecuteTaskList(whole[k].list, expected[k].Outputs());
  }
  for (int k = 0; k < kLists; ++k)
    ExecuteTaskList(split[k].list, AnimTaskStage::PrePhysics, in_flight[k], {});

  // While they are in flight the pool is empty and its buffers keep their sizes, so a whole list
  // still replays the plan the whole runs above recorded.
  REQUIRE(ThreadPosePool().live() == 0);
  const uint64_t replayed = ThreadExecutorStats().replayed;
  for (int frame = 0; frame < 3; ++frame) {
    BuildSplitExample(between, frame, -1);
    ExecuteTaskList(between.list, {});
  }
  CHECK(ThreadExecutorStats().replayed - replayed == 3);

  // The post-physics calls in another order, the last one on another thread.
  ExecuteTaskList(split[1].list, AnimTaskStage::PostPhysics, in_flight[1], got[1].Outputs());
  ExecuteTaskList(split[0].list, AnimTaskStage::PostPhysics, in_flight[0], got[0].Outputs());
  std::thread worker([&] {
    ExecuteTaskList(split[2].list, AnimTaskStage::PostPhysics, in_flight[2], got[2].Outputs());
    REQUIRE(ThreadPosePool().live() == 0);
  });
  worker.join();
  for (int k = 0; k < kLists; ++k) {
    INFO("list " << k);
    REQUIRE_FALSE(in_flight[k].in_flight());
    REQUIRE(SameBits(got[k], expected[k]));
  }
}

TEST_CASE("physics split: a post-physics call without its pre-physics call runs the whole list",
          "[executor][physics-split]") {
  WorkedExample a, a_whole, b, b_whole;
  BuildSplitExample(a, 0, 10);
  BuildSplitExample(a_whole, 0, -1);
  BuildSplitExample(b, 3, 12);
  BuildSplitExample(b_whole, 3, -1);
  Frame expected_a(Bones()), expected_b(Bones()), got(Bones());
  ExecuteTaskList(a_whole.list, expected_a.Outputs());
  ExecuteTaskList(b_whole.list, expected_b.Outputs());

  SECTION("no pre-physics call") {
    SplitExecution split;
    TaskSnapshot snap;
    ExecuteTaskList(a.list, AnimTaskStage::PostPhysics, split, got.Outputs(), &snap);
    REQUIRE(SameBits(got, expected_a));
    REQUIRE(snap.tasks[12].ran_in == AnimTaskStage::AnyStage);
    REQUIRE(snap.reachable_count == 8);
  }
  SECTION("another list's pre-physics call: dropped, and this list runs whole") {
    SplitExecution split;
    ExecuteTaskList(a.list, AnimTaskStage::PrePhysics, split, {});
    ExecuteTaskList(b.list, AnimTaskStage::PostPhysics, split, got.Outputs());
    REQUIRE(SameBits(got, expected_b));
    REQUIRE_FALSE(split.in_flight());
  }
  SECTION("AnyStage runs the whole list and drops what was in flight") {
    SplitExecution split;
    ExecuteTaskList(b.list, AnimTaskStage::PrePhysics, split, {});
    ExecuteTaskList(a.list, AnimTaskStage::AnyStage, split, got.Outputs());
    REQUIRE(SameBits(got, expected_a));
    REQUIRE_FALSE(split.in_flight());
  }
  SECTION("a post-physics task changed between the calls: the list runs whole") {
    // No task here keeps state, so the pre-physics call leaves nothing behind to compare against.
    AnimTaskList list;
    list.skeleton = &Humanoid().skeleton;
    list.clips = Humanoid().clip_table;
    const int16_t run = list.Add({.type = AnimTaskType::SampleClip, .time = 0.3f});
    const int16_t jump = list.Add({.type = AnimTaskType::SampleClip, .resource = 5, .time = 0.1f});
    list.output_task = list.Add({.type = AnimTaskType::Blend,
                                 .stage = AnimTaskStage::PostPhysics,
                                 .dep_a = run,
                                 .dep_b = jump,
                                 .alpha = 0.0f});
    SplitExecution split;
    ExecuteTaskList(list, AnimTaskStage::PrePhysics, split, {});
    REQUIRE(split.carried_buffers() == 1);  // the blend at 0 passes `run` through: `jump` is pruned
    list.tasks[2].alpha = 0.5f;             // now it reads `jump`, which did not run
    ExecuteTaskList(list, AnimTaskStage::PostPhysics, split, got.Outputs());
    Frame expected(Bones());
    ExecuteTaskList(list, expected.Outputs());
    REQUIRE(SameBits(got, expected));
  }
  SECTION("a list without a skeleton does nothing in either call") {
    AnimTaskList empty;
    SplitExecution split;
    ExecuteTaskList(empty, AnimTaskStage::PrePhysics, split, {});
    REQUIRE_FALSE(split.in_flight());
    ExecuteTaskList(empty, AnimTaskStage::PostPhysics, split, got.Outputs());
  }
  REQUIRE(ThreadPosePool().live() == 0);
}

TEST_CASE("physics split: an armed capture spans both calls", "[executor][physics-split]") {
  WorkedExample ex;
  BuildSplitExample(ex, 0, 10);
  ex.list.owner = &ex;
  ArmTaskCapture(&ex);
  SplitExecution split;
  ExecuteTaskList(ex.list, AnimTaskStage::PrePhysics, split, {});
  TaskSnapshot captured;
  REQUIRE_FALSE(GetTaskCapture(captured));  // published once the post-physics call has run
  ExecuteTaskList(ex.list, AnimTaskStage::PostPhysics, split, {});
  REQUIRE(GetTaskCapture(captured));
  DisarmTaskCapture();
  REQUIRE(captured.tasks[9].ran_in == AnimTaskStage::PrePhysics);
  REQUIRE(captured.tasks[10].ran_in == AnimTaskStage::PostPhysics);
  REQUIRE(captured.carried_buffers == 1);
}

TEST_CASE("physics split: each call times its own tasks", "[executor][physics-split][timing]") {
  WorkedExample ex;
  BuildSplitExample(ex, 0, 10);
  SplitExecution split;
  TaskSnapshot snap;
  ListTiming pre, post;
  ExecutorOptions options;
  options.timing = &pre;
  ExecuteTaskListWith(ex.list, {}, nullptr, options);  // what the pre-physics call must start afresh from
  const int64_t pre_begins = ListTiming::Now();
  ExecuteTaskListWith(ex.list, AnimTaskStage::PrePhysics, split, {}, &snap, options);
  const int64_t pre_took = ListTiming::Now() - pre_begins;
  options.timing = &post;
  const int64_t post_begins = ListTiming::Now();
  ExecuteTaskListWith(ex.list, AnimTaskStage::PostPhysics, split, {}, nullptr, options);
  const int64_t post_took = ListTiming::Now() - post_begins;

  // Every task a call ran is timed by that call, in its order, within the call.
  const auto check = [&](const ListTiming& timing, AnimTaskStage stage, int64_t took) {
    CHECK(timing.elapsed_ns <= took);
    std::vector<int> ran;
    for (std::size_t i = 0; i < snap.tasks.size(); ++i) {
      if (snap.tasks[i].ran_in == stage) ran.push_back(static_cast<int>(i));
    }
    std::sort(ran.begin(), ran.end(),
              [&](int a, int b) { return snap.tasks[a].exec_order < snap.tasks[b].exec_order; });
    REQUIRE(timing.tasks.size() == ran.size());
    int64_t end = 0;
    for (std::size_t k = 0; k < ran.size(); ++k) {
      CHECK(timing.tasks[k].task == ran[k]);
      CHECK(timing.tasks[k].start_ns >= end);
      end = timing.tasks[k].start_ns + timing.tasks[k].elapsed_ns;
    }
    CHECK(end <= timing.elapsed_ns);
  };
  check(pre, AnimTaskStage::PrePhysics, pre_took);
  check(post, AnimTaskStage::PostPhysics, post_took);
  CHECK(pre.resolve_ns == 0);  // the post-physics call resolves
  CHECK(post.resolve_start_ns >= post.tasks.back().start_ns + post.tasks.back().elapsed_ns);
}
