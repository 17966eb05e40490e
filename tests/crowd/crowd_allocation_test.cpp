// A crowd frame allocates nothing once every thread has warmed up: task lists, pools, snapshots
// and the per-thread counters keep their capacity (counted by the allocation counter this binary
// links).
#include <catch2/catch.hpp>

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>

#include "crowd/crowd.h"
#include "tests/crowd/crowd_rig.h"
#include "tests/crowd/crowd_script.h"
#include "tools/allocation_counter/allocation_counter.h"

namespace anim::test {
namespace {

constexpr int kEntities = 64;
constexpr int kScriptFrames = 90;  // the script's jumps repeat every 45 frames
constexpr int kWarmUpRounds = 50;

void Frame(crowd::Crowd& crowd, int frame) {
  for (int e = 0; e < crowd.size(); ++e)
    DriveLocomotion(crowd.instance(e), e, frame % kScriptFrames + kScriptFrames);
  crowd.Update(1.0f / 30.0f);
}

TEST_CASE("A crowd frame allocates nothing in the steady state", "[crowd][allocation]") {
  const auto graph = LocomotionGraph();
  for (const int threads : {1, 2}) {
    const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    tbb::task_arena arena(threads);
    crowd::Crowd crowd(*graph->binding,
                       {.count = kEntities, .update_every = 2, .lod_bands = {{10.0f, 40}, {20.0f, 12}}});
    for (int e = 0; e < kEntities; ++e) {
      crowd.set_distance(e, static_cast<float>(e % 30));
      crowd.set_visible(e, e % 3 != 0);
    }
    REQUIRE(crowd.set_leader(1, 2));
    arena.execute([&] {
      // Warm-up: until two rounds of the script in a row have allocated nothing while every thread
      // ran part of them. Which thread runs which entity changes from frame to frame, and under
      // load a worker may sit out many frames; each worker reserves, as it starts its share, what
      // the crowd's frames have needed so far, so one share after the needs stop growing readies
      // it for every list. Growth that never stops never gives a clean round, and fails below.
      int frame = 0, clean_rounds = 0;
      for (int round = 0; round < kWarmUpRounds && clean_rounds < 2; ++round) {
        const uint64_t before = HeapAllocationCount();
        bool every_thread_ran = false;
        for (int i = 0; i < kScriptFrames; ++i) {
          Frame(crowd, frame++);
          every_thread_ran = every_thread_ran || crowd.stats().threads == threads;
        }
        clean_rounds = every_thread_ran && HeapAllocationCount() == before ? clean_rounds + 1 : 0;
      }
      REQUIRE(clean_rounds == 2);
      const uint64_t before = HeapAllocationCount();
      for (int i = 0; i < kScriptFrames; ++i)
        Frame(crowd, frame + i);
      const uint64_t allocations = HeapAllocationCount() - before;  // read before Catch allocates
      INFO(threads << " threads");
      CHECK(allocations == 0);
    });
  }
}

}  // namespace
}  // namespace anim::test
