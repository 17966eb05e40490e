// anim-dump crowd as users run it: a table and JSON per frame whose counts follow from the options
// (every entity updated on the entering frame, half skipped by stagger 2 after it, the invisible
// fraction gated, followers copied, LOD cuts by band), --frames A:B as every subcommand takes it,
// and bad input as one error line, exit 2 (tests/cli_dump/tool_errors_test.cpp: bad documents).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "tests/cli_dump/dump_process.h"

namespace anim::test {
namespace {

const std::string kLocomotion = "crowd " + SampleArgs("locomotion");

TEST_CASE("anim-dump crowd reports each frame's entities, tasks, buffers and savings as JSON",
          "[crowd][cli]") {
  const ProcessRun run = Dump(kLocomotion +
                              " --count 40 --threads 2 --stagger 2 --invisible 0.25 --followers 0.1 --lod "
                              "5:40,10:12 --frames 0:11 --json");
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  const nlohmann::json report = nlohmann::json::parse(run.out);
  CHECK(report["entities"] == 40);
  CHECK(report["threads"] == 2);
  CHECK(report["lod_bands"].size() == 2);
  const nlohmann::json& frames = report["frames"];
  REQUIRE(frames.size() == 12);
  // 4 followers (entities 9, 19, 29 and 39 by the even spread); the 36 others update or are gated.
  CHECK(frames[0]["followers"] == 4);
  CHECK(frames[0]["updated"].get<int>() + frames[0]["gated_by_visibility"].get<int>() == 36);
  CHECK(frames[0]["skipped_by_stagger"] == 0);  // the entering frame
  for (std::size_t f = 1; f < frames.size(); ++f) {
    const nlohmann::json& frame = frames[f];
    INFO("frame " << f);
    CHECK(frame["updated"].get<int>() + frame["skipped_by_stagger"].get<int>() +
              frame["gated_by_visibility"].get<int>() + frame["followers"].get<int>() ==
          40);
    CHECK(frame["skipped_by_stagger"].get<int>() > 0);
    CHECK(frame["tasks_executed"].get<int>() > 0);
    CHECK(frame["peak_pool_buffers_per_thread"].get<int>() >= 1);
    CHECK(frame["threads"].get<int>() <= 2);
    CHECK(frame["saved_us"]["stagger"].get<double>() > 0.0);
    CHECK(frame["saved_us"]["followers"].get<double>() > 0.0);
    CHECK(frame["lod_cut"].get<int>() > 0);
  }
}

TEST_CASE("anim-dump crowd prints one table row per frame", "[crowd][cli]") {
  const ProcessRun run = Dump(kLocomotion + " --count 8 --threads 1 --frames 0:2");
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(run.out.rfind("crowd: 8 entities, 1 threads, stagger 1, 0% invisible, 0% followers, LOD bands none\n",
                      0) == 0);
  CHECK(run.out.find("frame") != std::string::npos);
  CHECK(run.out.find("saved_stagger_us") != std::string::npos);
  int rows = 0;
  for (char c : run.out)
    rows += c == '\n';
  CHECK(rows == 5);  // the description, the header, three frames
}

TEST_CASE("anim-dump crowd --frames A:B reports frames A through B, played from frame 0", "[crowd][cli]") {
  const ProcessRun run = Dump(kLocomotion + " --count 6 --threads 1 --stagger 2 --frames 4:6 --json");
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  const nlohmann::json frames = nlohmann::json::parse(run.out)["frames"];
  REQUIRE(frames.size() == 3);
  for (int f = 0; f < 3; ++f) {
    CHECK(frames[f]["frame"] == 4 + f);
    // Past the entering frame: some wait their turn.
    CHECK(frames[f]["skipped_by_stagger"].get<int>() > 0);
    CHECK(frames[f]["updated"].get<int>() + frames[f]["skipped_by_stagger"].get<int>() == 6);
  }
  // Without --frames, the whole scenario (samples/locomotion.scenario.yaml: 480 frames).
  const ProcessRun whole = Dump(kLocomotion + " --count 1 --threads 1 --json");
  REQUIRE(whole.exit_code == 0);
  CHECK(nlohmann::json::parse(whole.out)["frames"].size() == 480);
}

TEST_CASE("anim-dump crowd refuses a bad count, a missing scenario and bad options", "[crowd][cli][bad]") {
  RequireOneErrorLine(Dump(kLocomotion + " --count 0"), "--count must be between 1 and 100000, not 0");
  RequireOneErrorLine(Dump(kLocomotion + " --count 100001"), "--count must be between 1 and 100000");
  RequireOneErrorLine(Dump(kLocomotion + " --count many"), "--count");
  RequireOneErrorLine(Dump("crowd samples/locomotion.yaml --count 4"), "--scenario");
  RequireOneErrorLine(Dump(kLocomotion + " --count 4 --threads 0 --stagger 0"),
                      "--stagger must be between 1 and 64");
  RequireOneErrorLine(Dump(kLocomotion + " --count 4 --invisible 1.5"),
                      "--invisible must be a fraction in [0, 1]");
  RequireOneErrorLine(Dump(kLocomotion + " --count 4 --lod 20:12,10:40"),
                      "--lod: LOD bands must be in ascending order of distance");
  RequireOneErrorLine(Dump(kLocomotion + " --count 4 --lod far"), "--lod takes DISTANCE:BONES");
  RequireOneErrorLine(Dump(kLocomotion + " --count 4 --frames 12"), "--frames '12' is not a range A:B");
  RequireOneErrorLine(Dump(kLocomotion + " --count 4 --frames 6:2"), "A must not be after B");
  RequireOneErrorLine(Dump(kLocomotion + " --count 4 --frames 0:480"), "frame 480 is out of range");
  RequireOneErrorLine(
      Dump("crowd samples/no_such.yaml --scenario samples/locomotion.scenario.yaml --count 4"),
      "cannot open input");
}

}  // namespace
}  // namespace anim::test
