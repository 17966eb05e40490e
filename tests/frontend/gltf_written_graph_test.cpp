// A graph that reads its skeleton and clips straight from a glTF file (docs/graph-format.md, "glTF
// files"), on a file the test writes (the sample humanoid as a .glb, compiler/export), found through
// the compiler's asset folders (-I): the graph gets what a direct import gives, clips loop as their
// entries say, the file is read once, and a wrong animation name is one error. The same against the
// third-party files: gltf_graph_test.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>

#include "compiler/graph/load_graph.h"
#include "compiler/import/gltf_importer.h"
#include "tests/frontend/same_keys.h"
#include "tests/import/temp_dir.h"
#include "tests/support/sample_gltf.h"

namespace anim {
namespace {

using test::CheckSameKeys;
using test::ImportedClip;
using test::RateOptions;

namespace fs = std::filesystem;

TEST_CASE("A graph takes its skeleton and clips from a written glTF file found through -I",
          "[frontend][gltf]") {
  const test::TempDir dir;
  const fs::path assets = dir.path() / "assets";
  fs::create_directories(assets / "rigs");
  test::WriteHumanoidGlb(assets / "rigs" / "humanoid.glb");
  const std::string file = "rigs/humanoid.glb";
  const std::string text =
      "format: animtc.graph\nversion: 1\nskeleton: " + file + "\nclips:\n" + "  a: {gltf: " + file +
      ", animation: walk_fwd, loop: true}\n" + "  b: {gltf: " + file + ", animation: jump}\n" +
      "  c: {gltf: " + file + ", animation: idle, rate: 240}\n" +
      "nodes:\n  play: {kind: blend, a: {kind: clip, clip: a}, b: {kind: blend, a: {kind: clip, clip: b}, "
      "b: {kind: clip, clip: c}, alpha: 0.5}, alpha: 0.5}\noutput: {pose: play}\n";
  DiagnosticSink sink;
  const std::optional<CompiledGraph> graph =
      ParseGraph(text, "g.yaml", dir.file("graphs"), sink, {assets.string()});
  INFO(FormatText(sink));
  REQUIRE(graph);
  CHECK(sink.diagnostics().empty());

  const std::string path = (assets / file).string();
  DiagnosticSink direct_sink;
  const std::optional<GltfImport> at_source_rate = ImportGltf(path, GltfImportOptions{}, direct_sink);
  const std::optional<GltfImport> at240 = ImportGltf(path, RateOptions(240.0), direct_sink);
  REQUIRE(at_source_rate);
  REQUIRE(at240);
  CHECK(graph->skeleton.content_hash() == at_source_rate->skeleton.content_hash());
  REQUIRE(graph->clips.size() == 3);
  CHECK(graph->clips[0].name() == "a");
  CHECK(graph->clips[0].looping());
  CHECK_FALSE(graph->clips[1].looping());
  CheckSameKeys(graph->clips[0], ImportedClip(*at_source_rate, "walk_fwd"));
  CheckSameKeys(graph->clips[1], ImportedClip(*at_source_rate, "jump"));
  CheckSameKeys(graph->clips[2], ImportedClip(*at240, "idle"));
  // samples/humanoid/walk_fwd.json: 33 frames at 30 Hz (the rate spanning the float key times).
  CHECK(graph->clips[0].frame_count() == 33);
  CHECK(graph->clips[0].sample_rate() == Approx(30.0f).epsilon(1e-6));
  CHECK(std::count(graph->input_files.begin(), graph->input_files.end(), path) == 1);

  DiagnosticSink bad;
  std::string misspelt = text;
  misspelt.replace(misspelt.find("walk_fwd"), 8, "walk_fdw");
  CHECK_FALSE(ParseGraph(misspelt, "g.yaml", dir.file("graphs"), bad, {assets.string()}));
  CHECK(bad.error_count() == 1);
  CHECK_THAT(FormatText(bad), Catch::Contains("error[E024]: glTF file 'rigs/humanoid.glb' has no animation "
                                              "'walk_fdw'; did you mean 'walk_fwd'?"));
}

}  // namespace
}  // namespace anim
