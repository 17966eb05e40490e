// The work that never enters a task list: update-rate stagger, visibility gating, distance LOD
// bands and followers, each against an evaluation without it.
#include <catch2/catch.hpp>

#include <oneapi/tbb/task_arena.h>

#include <vector>

#include "crowd/crowd.h"
#include "tests/crowd/crowd_rig.h"
#include "tests/crowd/crowd_script.h"

namespace anim::test {
namespace {

std::vector<Mat4> Copy(std::span<const Mat4> m) {
  return {m.begin(), m.end()};
}

TEST_CASE("Stagger 2 updates each entity every other frame on the unstaggered clip time", "[crowd]") {
  // dt = 1/32 and 40 frames (1.25 s, inside the 2.4 s idle clip): every time is a sum of exact
  // binary fractions, so one step of 2 dt lands on the same float as two steps of dt.
  const auto graph = IdleClipGraph();
  constexpr int kEntities = 16;
  constexpr float kDt = 1.0f / 32.0f;
  crowd::Crowd every_frame(*graph->binding, {.count = kEntities});
  crowd::Crowd staggered(*graph->binding, {.count = kEntities, .update_every = 2, .stagger_seed = 7});
  std::vector<std::vector<Mat4>> before(kEntities);
  for (int frame = 0; frame < 40; ++frame) {
    every_frame.Update(kDt);
    const crowd::CrowdFrameStats& stats = staggered.Update(kDt);
    INFO("frame " << frame);
    CHECK(stats.updated + stats.skipped_by_stagger == kEntities);
    if (frame == 0) CHECK(stats.updated == kEntities);  // the entering frame
    if (frame > 0) {
      CHECK(stats.updated > 0);  // phases are spread over both frames
      CHECK(stats.skipped_by_stagger > 0);
      CHECK(stats.saved_by_stagger_ns > 0.0);
    }
    for (int e = 0; e < kEntities; ++e) {
      INFO("entity " << e);
      if (staggered.pending_time(e) == 0.0f) {
        CHECK(staggered.instance(e).clocks[0].time == static_cast<float>(frame) * kDt);
        CHECK(staggered.instance(e).clocks[0].time == every_frame.instance(e).clocks[0].time);
        CHECK(SameBits(staggered.skinning(e), every_frame.skinning(e)));
      } else {
        CHECK(staggered.pending_time(e) == kDt);  // the skipped frame's time, consumed next frame
        CHECK(SameBits(staggered.skinning(e), before[e]));
      }
      before[e] = Copy(staggered.skinning(e));
    }
  }
}

TEST_CASE("Invisible entities execute no task while their machines and clocks advance", "[crowd]") {
  const auto graph = TimedMachineGraph();
  constexpr int kEntities = 8;
  constexpr float kDt = 1.0f / 30.0f;
  crowd::Crowd visible(*graph->binding, {.count = kEntities});
  crowd::Crowd hidden(*graph->binding, {.count = kEntities});
  visible.Update(kDt);
  hidden.Update(kDt);
  const std::vector<Mat4> first_pose = Copy(hidden.skinning(0));
  for (int e = 0; e < kEntities; ++e)
    hidden.set_visible(e, false);
  for (int frame = 1; frame < 40; ++frame) {  // idle -> walk at 0.5 s, blended over 0.2 s
    visible.Update(kDt);
    const crowd::CrowdFrameStats& stats = hidden.Update(kDt);
    INFO("frame " << frame);
    CHECK(stats.tasks_executed == 0);
    CHECK(stats.tasks_recorded > 0);
    CHECK(stats.gated_by_visibility == kEntities);
    CHECK(stats.updated == 0);
    CHECK(hidden.instance(0).machines[0].current == visible.instance(0).machines[0].current);
    for (std::size_t c = 0; c < hidden.instance(0).clocks.size(); ++c)
      CHECK(hidden.instance(0).clocks[c].time == visible.instance(0).clocks[c].time);
    CHECK(SameBits(hidden.skinning(0), first_pose));  // the last pose shown stays
  }
  CHECK(hidden.instance(0).machines[0].current == 1);  // it walks, unseen
  for (int e = 0; e < kEntities; ++e)
    hidden.set_visible(e, true);
  for (int frame = 40; frame < 50; ++frame) {
    visible.Update(kDt);
    hidden.Update(kDt);
    for (int e = 0; e < kEntities; ++e)
      CHECK(SameBits(hidden.skinning(e), visible.skinning(e)));
  }
}

TEST_CASE("Entities of one graph in one state replay their thread's plan", "[crowd]") {
  // Every entity records the same shape of list (docs/architecture.md, "Plan reuse"): on a thread,
  // each list after its first replays the plan of the one before, whichever entity that was. Which
  // thread runs which entity, and when a worker first joins, is the scheduler's: what holds is that
  // no thread decides more than one list afresh over the whole run.
  const auto graph = IdleClipGraph();
  constexpr int kEntities = 16;
  crowd::Crowd crowd(*graph->binding, {.count = kEntities});
  int afresh = 0;
  for (int frame = 0; frame < 6; ++frame) {
    const crowd::CrowdFrameStats& stats = crowd.Update(1.0f / 30.0f);
    INFO("frame " << frame);
    CHECK(stats.updated == kEntities);
    CHECK(stats.peak_pool_buffers_per_thread >= 1);
    afresh += stats.updated - stats.plans_replayed;
  }
  CHECK(afresh <= tbb::this_task_arena::max_concurrency());
}

TEST_CASE("LOD bands set the active bone count by distance", "[crowd]") {
  const auto graph = LocomotionGraph();
  crowd::Crowd crowd(*graph->binding, {.count = 4, .lod_bands = {{10.0f, 40}, {20.0f, 12}}});
  const float distances[] = {5.0f, 10.0f, 15.0f, 25.0f};
  const int bands[] = {-1, 0, 0, 1};
  const int cuts[] = {0, 40, 40, 12};
  std::vector<SerialEntity> alone;
  alone.reserve(4);
  for (int e = 0; e < 4; ++e) {
    crowd.set_distance(e, distances[e]);
    CHECK(crowd.lod_band(e) == bands[e]);
    alone.emplace_back(*graph);
    alone[e].instance.active_bone_count = cuts[e];
  }
  for (int frame = 0; frame < 20; ++frame) {
    for (int e = 0; e < 4; ++e) {
      DriveLocomotion(crowd.instance(e), 1, frame);
      DriveLocomotion(alone[e].instance, 1, frame);
      alone[e].Step(1.0f / 30.0f);
    }
    const crowd::CrowdFrameStats& stats = crowd.Update(1.0f / 30.0f);
    CHECK(stats.lod_cut == 3);
    for (int e = 0; e < 4; ++e) {
      INFO("frame " << frame << ", entity " << e);
      CHECK(crowd.instance(e).active_bone_count == cuts[e]);
      CHECK(alone[e].list.ActiveBones() == (cuts[e] == 0 ? graph->bones() : cuts[e]));
      CHECK(SameBits(crowd.skinning(e), alone[e].skinning));
    }
  }
  CHECK_FALSE(SameBits(crowd.skinning(0), crowd.skinning(3)));  // the cut shows
}

TEST_CASE("Followers show their leader's pose without evaluating", "[crowd]") {
  const auto graph = LocomotionGraph();
  crowd::Crowd crowd(*graph->binding, {.count = 6});
  REQUIRE(crowd.set_leader(3, 0));
  REQUIRE(crowd.set_leader(4, 1));
  CHECK_FALSE(crowd.set_leader(5, 3));   // a follower cannot lead
  CHECK_FALSE(crowd.set_leader(0, 2));   // a leader cannot follow
  CHECK_FALSE(crowd.set_leader(2, 2));   // nor follow itself
  CHECK_FALSE(crowd.set_leader(2, 6));   // out of range
  CHECK_FALSE(crowd.set_leader(-1, 0));  // out of range
  CHECK(crowd.leader(5) == -1);
  for (int frame = 0; frame < 30; ++frame) {
    for (int e = 0; e < 6; ++e)
      DriveLocomotion(crowd.instance(e), e, frame);
    const crowd::CrowdFrameStats& stats = crowd.Update(1.0f / 30.0f);
    CHECK(stats.followers == 2);
    CHECK(stats.updated == 4);
    CHECK(SameBits(crowd.skinning(3), crowd.skinning(0)));
    CHECK(SameBits(crowd.skinning(4), crowd.skinning(1)));
    CHECK(crowd.instance(3).frame == 0);  // its own instance never ran
  }
  CHECK_FALSE(SameBits(crowd.skinning(0), crowd.skinning(1)));
  REQUIRE(crowd.set_leader(3, -1));  // evaluates itself again
  CHECK(crowd.Update(1.0f / 30.0f).followers == 1);
}

}  // namespace
}  // namespace anim::test
