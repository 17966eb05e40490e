// The sample graphs that read the third-party glTF assets (a "# needs: ANIMTC_GLTF_ASSETS" line;
// samples/robot.yaml) compile deterministically to their golden disassembly, their files found
// through ANIMTC_GLTF_ASSETS as animc -I finds them. Registered only when the assets are there.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/backend/golden_check.h"
#include "tests/support/sample_list.h"

namespace anim {
namespace {

TEST_CASE("sample graphs over the glTF assets compile deterministically to their golden disassembly") {
  const std::vector<std::string> samples = test::SampleGraphPaths("samples", true);
  REQUIRE_FALSE(samples.empty());
  for (const std::string& path : samples)
    test::CheckDocument(path, test::SampleGoldenName(path), {ANIMTC_GLTF_ASSETS});
}

}  // namespace
}  // namespace anim
