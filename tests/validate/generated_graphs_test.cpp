// Generated graphs of every node kind, with nested machines, fan-out, the richer expressions,
// events, curves (the sample clips' foot-plant curves, read back by curve() and weighed by curve
// masks) and random scenarios, agree between the task path and direct evaluation, frame by frame:
// poses, curves, root motion and events (each batch fires some events, carries non-zero curves and
// reads them, so the comparisons are not empty). A fixed seed range
// in CI; any seed on demand with `anim-graph-gen --seed N` and `anim-dump validate`.
#include <catch2/catch.hpp>

#include "compiler/validate/validate.h"
#include "tests/validate/validation_pipeline.h"
#include "tools/graph_gen/random_graph.h"

using namespace anim;

namespace {

constexpr int kFrames = 120;

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
