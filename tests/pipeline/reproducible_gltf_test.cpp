// A graph reading its skeleton and clips from a glTF file compiles to the same bytes whether the
// file is found through -I or beside the graph, in a copy at another path (issue 14). Built only
// where the third-party glTF assets are (tests/CMakeLists.txt, animtc_add_gltf_assets_test).
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "tests/pipeline/animc_process.h"

namespace anim {
namespace {

namespace fs = std::filesystem;
using pipeline_test::Bytes;
using pipeline_test::Quote;
using pipeline_test::Scratch;
using pipeline_test::WriteFile;

TEST_CASE("animc gives the same bytes for a glTF graph wherever the glTF file is found") {
  const fs::path glb = fs::path(ANIMTC_GLTF_ASSETS) / "robotexpressive" / "RobotExpressive.glb";
  REQUIRE(fs::exists(glb));
  const std::string graph_text =
      "format: animtc.graph\nversion: 1\n"
      "skeleton: robotexpressive/RobotExpressive.glb\n"
      "clips:\n"
      "  idle: {gltf: robotexpressive/RobotExpressive.glb, animation: Idle, loop: true}\n"
      "  wave: {gltf: robotexpressive/RobotExpressive.glb, animation: Wave, loop: true}\n"
      "parameters: {wave: {type: float, default: 0, min: 0, max: 1}}\n"
      "nodes:\n"
      "  idle: {kind: clip, clip: idle}\n"
      "  waving: {kind: blend, a: idle, b: {kind: clip, clip: wave}, alpha: wave}\n"
      "output: {pose: waving}\n";
  const fs::path root = Scratch() / "gltf";
  WriteFile(root / "graph.yaml", graph_text);
  const std::string reference =
      Bytes("graph.yaml -I " + Quote(glb.parent_path().parent_path().string()), root);
  // The file beside the graph instead, in a copy at another path.
  const fs::path copy = Scratch() / "gltf copy" / "elsewhere";
  WriteFile(copy / "graph.yaml", graph_text);
  fs::create_directories(copy / "robotexpressive");
  fs::copy_file(glb, copy / "robotexpressive" / glb.filename());
  CHECK(Bytes("graph.yaml", copy) == reference);
  CHECK(Bytes(Quote((copy / "graph.yaml").string()) + " -I /nonexistent", "/") == reference);
  fs::remove_all(root);
  fs::remove_all(Scratch() / "gltf copy");
}

}  // namespace
}  // namespace anim
