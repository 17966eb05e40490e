// Golden files of `tasks`, `reach` and `timeline` (text and JSON) for every sample at a chosen
// frame, and of `pose` (text) for the worked example. Regenerate after an intended change with
// ANIMTC_UPDATE_GOLDEN=1 and review the diff.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "tests/cli_dump/dump_process.h"

namespace anim::test {
namespace {

struct GoldenCase {
  const char* sample;
  int frame;
  const char* why;
};

// Frames that show each sample's interesting structure.
constexpr GoldenCase kCases[] = {
    {"worked_example", 130, "in run, no blend: the seed's table"},
    {"locomotion", 236,
     "blending back into moving after a jump: 2D blend space in a sync group, root motion, snapshot, masked "
     "layer, additive, look-at, IK"},
    {"litmus", 45, "the straight chain"},
};

void CheckGolden(const std::string& name, const std::string& actual) {
  const std::filesystem::path path =
      std::filesystem::path(ANIMTC_SOURCE_DIR) / "tests/cli_dump/golden" / name;
  if (std::getenv("ANIMTC_UPDATE_GOLDEN") != nullptr) WriteFile(path, actual);
  INFO("missing golden file " << path << ": run the test with ANIMTC_UPDATE_GOLDEN=1 and review it");
  REQUIRE(std::filesystem::exists(path));
  REQUIRE(ReadFile(path) == actual);
}

}  // namespace

TEST_CASE("tasks, reach and timeline match their golden files for every sample", "[cli_dump][golden]") {
  for (const GoldenCase& c : kCases) {
    for (const char* command : {"tasks", "reach", "timeline"}) {
      for (const char* format : {"text", "json"}) {
        INFO(c.sample << " frame " << c.frame << " (" << c.why << "): " << command << " --format " << format);
        const ProcessRun run = Dump(std::string(command) + " " + SampleArgs(c.sample) + " --frame " +
                                    std::to_string(c.frame) + " --format " + format);
        INFO(run.err);
        REQUIRE(run.exit_code == 0);
        REQUIRE(run.err.empty());
        CheckGolden(
            std::string(c.sample) + "." + command + (std::string(format) == "json" ? ".json" : ".txt"),
            run.out);
      }
    }
  }
}

TEST_CASE("pose matches its golden file for the worked example", "[cli_dump][golden][pose]") {
  // Frame 130, in run: every bone of the humanoid, rounded to 4 decimals (degrees to 2).
  const ProcessRun run = Dump("pose " + SampleArgs("worked_example") + " --frame 130");
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  REQUIRE(run.err.empty());
  CheckGolden("worked_example.pose.txt", run.out);
}

}  // namespace anim::test
