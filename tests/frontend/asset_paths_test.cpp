// Asset search paths (docs/graph-format.md, "Top level"): a skeleton, clip or glTF reference is
// looked for beside the graph, then in the graph's `asset_paths` (relative to the graph), then in
// the directories given to the compiler (animc -I), in that order; the first that has it wins, and
// a reference found nowhere is one error with a note for every place looked.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "compiler/graph/load_graph.h"
#include "tests/import/temp_dir.h"

namespace anim {
namespace {

namespace fs = std::filesystem;

const std::string kSamples = std::string(ANIMTC_SOURCE_DIR) + "/samples";

std::string Graph(const std::string& asset_paths = "") {
  return "format: animtc.graph\nversion: 1\n" + asset_paths +
         "skeleton: humanoid/skeleton.yaml\nclips: {idle: humanoid/idle.json}\n"
         "nodes:\n  idle: {kind: clip, clip: idle}\noutput: {pose: idle}\n";
}

void Write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

}  // namespace

TEST_CASE("references not beside the graph are found through -I, with every place looked named otherwise",
          "[frontend][asset-paths]") {
  test::TempDir dir;
  Write(dir.path() / "g.yaml", Graph());
  {
    DiagnosticSink sink;
    CHECK_FALSE(LoadGraph(dir.file("g.yaml"), sink, {dir.file("elsewhere"), kSamples + "/nothing"}));
    const std::string text = FormatText(sink);
    INFO(text);
    CHECK(sink.error_count() == 1);
    CHECK_THAT(text, Catch::Contains(
                         "humanoid/skeleton.yaml: error[E100]: cannot read the file: it does not exist"));
    CHECK_THAT(text,
               Catch::Contains(dir.file("elsewhere") + "/humanoid/skeleton.yaml: note: not here either"));
    CHECK_THAT(text, Catch::Contains(kSamples + "/nothing/humanoid/skeleton.yaml: note: not here either"));
  }
  DiagnosticSink sink;
  const std::optional<CompiledGraph> g =
      LoadGraph(dir.file("g.yaml"), sink, {dir.file("elsewhere"), kSamples});
  INFO(FormatText(sink));
  REQUIRE(g);
  CHECK(g->input_files.at(1) == kSamples + "/humanoid/skeleton.yaml");  // the depfile lists what was read
  CHECK(g->input_files.at(2) == kSamples + "/humanoid/idle.json");
}

TEST_CASE("a graph's asset_paths are relative to it and come before -I, and beside the graph comes first",
          "[frontend][asset-paths]") {
  test::TempDir dir;
  const std::string relative = fs::relative(kSamples, dir.path()).string();
  Write(dir.path() / "g.yaml", Graph("asset_paths: [" + relative + "]\n"));
  {
    DiagnosticSink sink;
    const std::optional<CompiledGraph> g = LoadGraph(dir.file("g.yaml"), sink);
    INFO(FormatText(sink));
    REQUIRE(g);
    CHECK(fs::equivalent(g->input_files.at(1), kSamples + "/humanoid/skeleton.yaml"));
  }
  // A broken skeleton in a directory of asset_paths shadows the good one given with -I ...
  Write(dir.path() / "broken/humanoid/skeleton.yaml", "format: animtc.skeleton\nversion: 1\n");
  Write(dir.path() / "h.yaml", Graph("asset_paths: [broken]\n"));
  {
    DiagnosticSink sink;
    CHECK_FALSE(LoadGraph(dir.file("h.yaml"), sink, {kSamples}));
    CHECK_THAT(FormatText(sink), Catch::Contains("broken/humanoid/skeleton.yaml"));
  }
  // ... and one beside the graph shadows both.
  fs::copy(kSamples + "/humanoid", dir.path() / "humanoid", fs::copy_options::recursive);
  DiagnosticSink sink;
  const std::optional<CompiledGraph> g = LoadGraph(dir.file("h.yaml"), sink, {kSamples});
  INFO(FormatText(sink));
  REQUIRE(g);
  CHECK(g->input_files.at(1) == (dir.path() / "humanoid/skeleton.yaml").string());
}

}  // namespace anim
