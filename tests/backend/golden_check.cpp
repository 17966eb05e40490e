#include "tests/backend/golden_check.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/codegen/compile.h"
#include "compiler/codegen/disassembler.h"
#include "compiler/graph/load_graph.h"

namespace anim::test {

namespace {

std::string GoldenPath(const std::string& name) {
  return std::string(ANIMTC_SOURCE_DIR) + "/tests/backend/golden/" + name;
}

}  // namespace

void CheckGolden(const std::string& name, const std::string& actual) {
  const std::string path = GoldenPath(name);
  if (std::getenv("ANIMTC_UPDATE_GOLDEN")) {
    std::ofstream(path, std::ios::binary) << actual;
  }
  std::ifstream in(path, std::ios::binary);
  INFO("missing golden file " << path << ": run the test with ANIMTC_UPDATE_GOLDEN=1 and review it");
  REQUIRE(in);
  std::stringstream expected;
  expected << in.rdbuf();
  CHECK(actual == expected.str());
}

void CheckDocument(const std::string& relative_path, const std::string& golden,
                   const std::vector<std::string>& asset_dirs) {
  INFO(relative_path);
  std::vector<uint8_t> first;
  for (int run = 0; run < 2; ++run) {
    DiagnosticSink sink;
    std::optional<CompiledGraph> loaded = LoadGraph(relative_path, sink, asset_dirs);
    INFO(FormatText(sink));
    REQUIRE(loaded);
    auto compiled = codegen::CompileGraph(std::move(loaded->graph), loaded->skeleton, loaded->clips, sink);
    REQUIRE(compiled);
    if (run == 0) {
      first = compiled->bytes;
      CheckGolden(golden, codegen::Disassemble(compiled->program));
    } else {
      CHECK(compiled->bytes == first);
    }
  }
}

std::string SampleGoldenName(const std::string& sample_path) {
  namespace fs = std::filesystem;
  std::string golden = "sample";
  const fs::path relative = fs::relative(fs::path(sample_path), "samples").replace_extension();
  for (const fs::path& part : relative)
    golden += "_" + part.string();
  return golden + ".asm";
}

}  // namespace anim::test
