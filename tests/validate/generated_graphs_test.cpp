// Generated graphs of every node kind, with nested machines, fan-out, the richer expressions,
// events, curves (the sample clips' foot-plant curves, read back by curve() and weighed by curve
// masks) and random scenarios, agree between the task path and direct evaluation, frame by frame:
// poses, curves, root motion and events (each batch fires some events, carries non-zero curves and
// reads them, so the comparisons are not empty). And the same without curves, over clips with their
// curves taken out, which is every task runner's common case. A fixed seed range in CI; any seed
// on demand with `anim-graph-gen --seed N` and `anim-dump validate`.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "compiler/validate/validate.h"
#include "tests/import/temp_dir.h"
#include "tests/validate/validation_pipeline.h"
#include "tools/graph_gen/random_graph.h"

using namespace anim;
namespace fs = std::filesystem;

namespace {

constexpr int kFrames = 120;

// The sample humanoid with its clips' curves taken out (their tracks, markers and the rest as they
// are), in a samples folder of its own.
class HumanoidWithoutCurves {
 public:
  HumanoidWithoutCurves() : dir_("animtc_humanoid_without_curves_") {
    const fs::path from = fs::path(ANIMTC_SOURCE_DIR) / "samples" / "humanoid";
    const fs::path to = dir_.path() / "humanoid";
    fs::create_directories(to);
    for (const fs::directory_entry& entry : fs::directory_iterator(from)) {
      const fs::path target = to / entry.path().filename();
      if (entry.path().extension() != ".json") {
        fs::copy_file(entry.path(), target);
        continue;
      }
      nlohmann::json clip = nlohmann::json::parse(std::ifstream(entry.path()));
      clip.erase("curves");
      std::ofstream(target) << clip.dump();
    }
  }
  std::string samples() const { return dir_.path().string(); }

 private:
  test::TempDir dir_;
};

void ValidateSeeds(uint32_t first, uint32_t count) {
  const std::string samples = std::string(ANIMTC_SOURCE_DIR) + "/samples";
  int events = 0, curve_values = 0, curve_reads = 0, curve_masks = 0;
  for (uint32_t seed = first; seed < first + count; ++seed) {
    const GeneratedGraph g = GenerateRandomGraph(seed, kFrames);
    INFO("seed " << seed << " (reproduce: anim-graph-gen --seed " << seed << " -o DIR)\n"
                 << g.graph << g.scenario);
    const auto inputs = test::PrepareValidation(g.graph, g.scenario, samples);
    const ValidationReport report = Validate(inputs->graph, inputs->compiled.program, inputs->scenario);
    INFO(FormatReport(report));
    REQUIRE(report.agree);
    REQUIRE(report.frames == kFrames);
    events += report.events;
    curve_values += report.curve_values;
    curve_reads += g.graph.find("curve(") != std::string::npos ? 1 : 0;
    curve_masks += g.graph.find("curves: {") != std::string::npos ? 1 : 0;
  }
  CHECK(events > 100);
  CHECK(curve_values > 1000);
  CHECK(curve_reads > 10);
  CHECK(curve_masks > 10);
}

}  // namespace

// 500 graphs in five cases, so CTest can spread them over the cores.
TEST_CASE("generated graphs agree: seeds 1-100", "[validate][generated]") {
  ValidateSeeds(1, 100);
}
TEST_CASE("generated graphs agree: seeds 101-200", "[validate][generated]") {
  ValidateSeeds(101, 100);
}
TEST_CASE("generated graphs agree: seeds 201-300", "[validate][generated]") {
  ValidateSeeds(201, 100);
}
TEST_CASE("generated graphs agree: seeds 301-400", "[validate][generated]") {
  ValidateSeeds(301, 100);
}
TEST_CASE("generated graphs agree: seeds 401-500", "[validate][generated]") {
  ValidateSeeds(401, 100);
}

// Without curves every pose carries none, so each task runner takes its common case (every bone
// active, no curves: `Plain` in executor/tasks/task_runner.cpp), which the graphs above, whose
// clips all carry curves, never reach. Its own maths, held to direct evaluation here.
TEST_CASE("generated graphs agree without curves (every runner's common case): seeds 1-100",
          "[validate][generated]") {
  const HumanoidWithoutCurves humanoid;
  int without_root_motion = 0;  // graphs whose samples take their common case too
  for (uint32_t seed = 1; seed <= 100; ++seed) {
    const GeneratedGraph g = GenerateRandomGraph(seed, kFrames, humanoid.samples(), {.curves = false});
    INFO("seed " << seed << " (reproduce: anim-graph-gen --seed " << seed
                 << " --no-curves --samples S -o DIR, S a samples folder whose humanoid/*.json clips have "
                    "no \"curves\")\n"
                 << g.graph << g.scenario);
    const auto inputs = test::PrepareValidation(g.graph, g.scenario, humanoid.samples());
    REQUIRE(inputs->compiled.program.curves.empty());
    const ValidationReport report = Validate(inputs->graph, inputs->compiled.program, inputs->scenario);
    INFO(FormatReport(report));
    REQUIRE(report.agree);
    REQUIRE(report.frames == kFrames);
    without_root_motion += g.graph.find("root_motion") == std::string::npos ? 1 : 0;
  }
  CHECK(without_root_motion > 10);
}
