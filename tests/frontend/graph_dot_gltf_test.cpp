// The sample graphs over the third-party glTF assets (samples/robot.yaml) drawn as written render
// with Graphviz. Registered only when the assets are there.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "compiler/graph/graph_dot.h"
#include "tests/frontend/graph_dot_check.h"
#include "tests/support/sample_list.h"

namespace anim {
namespace {

TEST_CASE("animc --emit dot: every sample graph over the glTF assets renders with Graphviz") {
  const std::vector<std::string> samples = test::SampleGraphPaths("samples", true);
  REQUIRE_FALSE(samples.empty());
  for (const std::string& path : samples) {
    INFO(path);
    const AuthoredGraph graph = test::RequireAuthored(path, {ANIMTC_GLTF_ASSETS});
    const std::string dot = graph::GraphDot(graph.model, path);
    CHECK(dot.find("subgraph cluster_") != std::string::npos);
    test::RequireRenders(dot, std::filesystem::path(path).stem().string());
  }
}

}  // namespace
}  // namespace anim
