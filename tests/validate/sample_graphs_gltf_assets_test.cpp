// The sample graphs that read the third-party glTF assets (a "# needs: ANIMTC_GLTF_ASSETS" line;
// samples/robot.yaml), their files found through ANIMTC_GLTF_ASSETS as animc -I finds them: each
// agrees with direct evaluation over its scenario and visits every state and transition.
// Registered only when the assets are there.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/support/sample_list.h"
#include "tests/validate/sample_check.h"

TEST_CASE(
    "every sample over the glTF assets agrees with direct evaluation and visits every state and "
    "transition",
    "[validate][samples]") {
  const std::vector<std::string> samples = anim::test::SampleGraphPaths("samples", true);
  REQUIRE_FALSE(samples.empty());
  for (const std::string& graph : samples)
    anim::test::CheckSampleAgrees(graph, {ANIMTC_GLTF_ASSETS});
}
