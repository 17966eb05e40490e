// A crowd evaluates every entity exactly as the entity would be evaluated alone, whatever the
// number of threads, and no thread holds more pose buffers than the deepest list needs.
#include <catch2/catch.hpp>

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "crowd/crowd.h"
#include "tests/crowd/crowd_rig.h"
#include "tests/crowd/crowd_script.h"

namespace anim::test {
namespace {

constexpr int kEntities = 24;
constexpr int kFrames = 60;
constexpr float kDt = 1.0f / 30.0f;

float PhaseOffset(int entity) {
  return 0.013f * static_cast<float>(entity);
}

// Runs `crowd` for kFrames frames on `threads` threads; `check(frame, stats)` after each.
template <typename Check>
void RunOnThreads(crowd::Crowd& crowd, int threads, Check check) {
  const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  tbb::task_arena arena(threads);
  for (int e = 0; e < crowd.size(); ++e)
    crowd.AddTime(e, PhaseOffset(e));
  for (int frame = 0; frame < kFrames; ++frame) {
    for (int e = 0; e < crowd.size(); ++e)
      DriveLocomotion(crowd.instance(e), e, frame);
    const crowd::CrowdFrameStats* stats = nullptr;
    arena.execute([&] { stats = &crowd.Update(kDt); });
    check(frame, *stats);
  }
}

TEST_CASE("A crowd's poses equal each entity evaluated alone, bit for bit", "[crowd]") {
  const auto graph = LocomotionGraph();
  std::vector<SerialEntity> alone;
  alone.reserve(kEntities);
  for (int e = 0; e < kEntities; ++e)
    alone.emplace_back(*graph);
  crowd::Crowd crowd(*graph->binding, {.count = kEntities});
  int reached_move = 0;
  RunOnThreads(crowd, 4, [&](int frame, const crowd::CrowdFrameStats& stats) {
    int64_t executed = 0;
    int peak = 0;
    for (int e = 0; e < kEntities; ++e) {
      DriveLocomotion(alone[e].instance, e, frame);
      // The offset waits in the pending time until the update after the entering frame.
      alone[e].Step(frame == 1 ? (0.0f + PhaseOffset(e)) + kDt : kDt);
      executed += alone[e].snapshot.reachable_count;
      peak = std::max(peak, alone[e].snapshot.peak_live_buffers);
      INFO("frame " << frame << ", entity " << e);
      REQUIRE(SameBits(crowd.skinning(e), alone[e].skinning));
      REQUIRE(std::memcmp(&crowd.instance(e).root, &alone[e].instance.root, sizeof(Transform)) == 0);
      REQUIRE(crowd.instance(e).machines[0].current == alone[e].instance.machines[0].current);
    }
    CHECK(stats.updated == kEntities);
    CHECK(stats.tasks_executed == executed);
    // Each thread runs one list at a time, so no thread holds more buffers than one list needs.
    CHECK(stats.peak_pool_buffers_per_thread == peak);
    CHECK(stats.pool_buffers_held >= peak);
    CHECK(stats.threads >= 1);
    CHECK(stats.threads <= 4);
    if (crowd.instance(1).machines[0].current != 0) ++reached_move;
  });
  CHECK(reached_move > 0);  // the crowd left idle: transitions and blends were compared too
}

TEST_CASE("A crowd's poses do not depend on the thread count", "[crowd]") {
  const auto graph = LocomotionGraph();
  const crowd::CrowdConfig config{.count = kEntities, .update_every = 2, .lod_bands = {{20.0f, 30}}};
  std::vector<std::vector<Mat4>> frames_one_thread;
  std::vector<int64_t> tasks_one_thread;
  for (const int threads : {1, 2, 4}) {
    crowd::Crowd crowd(*graph->binding, config);
    for (int e = 0; e < kEntities; ++e)
      crowd.set_distance(e, static_cast<float>(e) * 2.0f);
    crowd.set_visible(3, false);
    REQUIRE(crowd.set_leader(5, 4));
    RunOnThreads(crowd, threads, [&](int frame, const crowd::CrowdFrameStats& stats) {
      std::vector<Mat4> all;
      for (int e = 0; e < kEntities; ++e)
        all.insert(all.end(), crowd.skinning(e).begin(), crowd.skinning(e).end());
      if (threads == 1) {
        frames_one_thread.push_back(std::move(all));
        tasks_one_thread.push_back(stats.tasks_executed);
        return;
      }
      INFO(threads << " threads, frame " << frame);
      REQUIRE(SameBits(all, frames_one_thread[frame]));
      CHECK(stats.tasks_executed == tasks_one_thread[frame]);
    });
  }
}

}  // namespace
}  // namespace anim::test
