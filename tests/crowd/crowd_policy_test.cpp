// The crowd policy on its own: LOD band lookup and checks, stagger phases and pending time, the
// crowd's configuration checks.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <vector>

#include "crowd/crowd.h"
#include "tests/crowd/crowd_rig.h"

namespace anim::crowd {
namespace {

TEST_CASE("A distance falls in the last band whose threshold it reaches", "[crowd][policy]") {
  const std::vector<LodBand> bands{{30.0f, 48}, {60.0f, 24}};
  CHECK(LodBandFor(bands, 0.0f) == -1);
  CHECK(LodBandFor(bands, 29.99f) == -1);
  CHECK(LodBandFor(bands, 30.0f) == 0);
  CHECK(LodBandFor(bands, 59.0f) == 0);
  CHECK(LodBandFor(bands, 60.0f) == 1);
  CHECK(LodBandFor(bands, 1e9f) == 1);
  CHECK(LodBandFor({}, 100.0f) == -1);
}

TEST_CASE("LOD bands out of order, negative or too many are refused", "[crowd][policy]") {
  CHECK(CheckLodBands(std::vector<LodBand>{{30.0f, 48}, {60.0f, 24}}).empty());
  CHECK(CheckLodBands(std::vector<LodBand>{{60.0f, 48}, {30.0f, 24}}) ==
        "LOD bands must be in ascending order of distance");
  CHECK(CheckLodBands(std::vector<LodBand>{{30.0f, 48}, {30.0f, 24}}) ==
        "LOD bands must be in ascending order of distance");
  CHECK(CheckLodBands(std::vector<LodBand>{{-1.0f, 48}}) ==
        "a LOD band's distance must be a finite number >= 0");
  CHECK(CheckLodBands(std::vector<LodBand>{{1.0f, -2}}) ==
        "a LOD band's bone count must be >= 0 (0: every bone)");
  CHECK(CheckLodBands(std::vector<LodBand>(kMaxLodBands + 1)) == "at most 8 LOD bands");
}

TEST_CASE("Stagger phases spread evenly over the K frames", "[crowd][policy]") {
  int per_phase[4] = {};
  for (uint32_t e = 0; e < 1000; ++e) {
    const StaggerState s = SeedStagger(e, 42, 4);
    REQUIRE(s.countdown >= 0);
    REQUIRE(s.countdown < 4);
    ++per_phase[s.countdown];
  }
  for (int count : per_phase)
    CHECK((count > 200 && count < 300));
  CHECK(SeedStagger(5, 42, 1).countdown == 0);
}

TEST_CASE("Skipped frames accumulate their time for the next update", "[crowd][policy]") {
  StaggerState s{.countdown = 1};
  float step = -1.0f;
  CHECK(AdvanceStagger(s, 3, true, 0.5f, step));  // entering: always, pending untouched
  CHECK(step == 0.5f);
  CHECK(s.countdown == 1);
  CHECK_FALSE(AdvanceStagger(s, 3, false, 0.25f, step));
  CHECK(s.pending_time == 0.25f);
  CHECK(AdvanceStagger(s, 3, false, 0.25f, step));
  CHECK(step == 0.5f);
  CHECK(s.pending_time == 0.0f);
  CHECK(s.countdown == 2);
  CHECK_FALSE(AdvanceStagger(s, 3, false, 0.25f, step));
  CHECK_FALSE(AdvanceStagger(s, 3, false, 0.25f, step));
  CHECK(AdvanceStagger(s, 3, false, 0.25f, step));
  CHECK(step == 0.75f);
}

TEST_CASE("Each entity's action follows from follower, stagger and visibility", "[crowd][policy]") {
  CHECK(DecideAction(true, false, false) == EntityAction::CopyLeader);
  CHECK(DecideAction(false, false, true) == EntityAction::SkipStagger);
  CHECK(DecideAction(false, true, false) == EntityAction::LogicOnly);
  CHECK(DecideAction(false, true, true) == EntityAction::Evaluate);
}

TEST_CASE("A crowd refuses a bad configuration", "[crowd][policy]") {
  CHECK(CheckCrowdConfig({.count = -1}) == "the entity count must be >= 0");
  CHECK(CheckCrowdConfig({.count = 4, .update_every = 0}) ==
        "the stagger (update every K frames) must be >= 1");
  CHECK(CheckCrowdConfig({.count = 4, .lod_bands = {{2.0f, 10}, {1.0f, 5}}}) ==
        "LOD bands must be in ascending order of distance");
  const auto graph = test::IdleClipGraph();
  CHECK_THROWS_AS(Crowd(*graph->binding, {.count = 4, .update_every = 0}), std::invalid_argument);
  Crowd empty(*graph->binding, {.count = 0});
  CHECK(empty.Update(0.1f).updated == 0);
}

}  // namespace
}  // namespace anim::crowd
