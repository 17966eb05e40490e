// Disassembly golden files (tests/backend/golden/*.asm): what a reviewer reads to check codegen.
// Regenerate after an intended change with ANIMTC_UPDATE_GOLDEN=1 and review the diff.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/codegen/compile.h"
#include "compiler/codegen/disassembler.h"
#include "compiler/codegen/program_json.h"
#include "compiler/graph/load_graph.h"
#include "tests/backend/sample_graphs.h"

#include <nlohmann/json.hpp>

namespace anim {
namespace {

std::string GoldenPath(const std::string& name) {
  return std::string(ANIMTC_SOURCE_DIR) + "/tests/backend/golden/" + name;
}

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

Program CompileOrFail(ir::Graph graph) {
  DiagnosticSink sink;
  auto compiled = codegen::CompileGraph(std::move(graph), sink);
  REQUIRE(compiled);
  return compiled->program;
}

TEST_CASE("disassembly golden files") {
  CheckGolden("blend_chain_4.asm", codegen::Disassemble(CompileOrFail(test::BlendChain(4))));
  CheckGolden("locomotion.asm", codegen::Disassemble(CompileOrFail(test::Locomotion())));
  CheckGolden("every_op.asm", codegen::Disassemble(CompileOrFail(test::EveryOp())));
}

// Compiles a graph document through the front end twice: identical bytes, then the golden file.
void CheckDocument(const std::string& relative_path, const std::string& golden) {
  INFO(relative_path);
  std::vector<uint8_t> first;
  for (int run = 0; run < 2; ++run) {
    DiagnosticSink sink;
    std::optional<CompiledGraph> loaded = LoadGraph(relative_path, sink);
    INFO(FormatText(sink));
    REQUIRE(loaded);
    auto compiled = codegen::CompileGraph(std::move(loaded->graph), sink);
    REQUIRE(compiled);
    if (run == 0) {
      first = compiled->bytes;
      CheckGolden(golden, codegen::Disassemble(compiled->program));
    } else {
      CHECK(compiled->bytes == first);
    }
  }
}

bool IsGraphDocument(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str().find("format: animtc.graph") != std::string::npos ||
         text.str().find("\"format\": \"animtc.graph\"") != std::string::npos;
}

TEST_CASE("graph documents compile deterministically to their golden disassembly") {
  CheckDocument("tests/backend/cli/walk.yaml", "walk_yaml.asm");
  CheckDocument("tests/backend/cli/walk.json", "walk_json.asm");
  // Every sample graph (any document under samples/ declaring format animtc.graph).
  namespace fs = std::filesystem;
  for (const auto& entry : fs::recursive_directory_iterator("samples")) {
    const fs::path& path = entry.path();
    if (!entry.is_regular_file() || (path.extension() != ".yaml" && path.extension() != ".json")) continue;
    if (!IsGraphDocument(path)) continue;
    std::string golden = "sample";  // samples/humanoid/loco.yaml -> sample_humanoid_loco.asm
    const fs::path relative = fs::relative(path, "samples").replace_extension();
    for (const fs::path& part : relative)
      golden += "_" + part.string();
    CheckDocument(path.string(), golden + ".asm");
  }
}

TEST_CASE("the disassembler prints damaged programs without reading out of bounds") {
  Program p = CompileOrFail(test::BlendChain(3));
  p.code.push_back(999);                                   // unknown opcode
  p.code.push_back(static_cast<uint16_t>(Opcode::Blend));  // truncated: no operands follow
  p.code.push_back(0);
  p.clocks.clear();  // every clock operand now dangles
  p.bones.clear();
  const std::string text = codegen::Disassemble(p);
  CHECK(text.find(".word 0x03e7  ; unknown opcode") != std::string::npos);
  CHECK(text.find("blend          p0  <truncated>") != std::string::npos);
  CHECK(text.find("clock ?0") != std::string::npos);
}

TEST_CASE("the JSON description names instructions and tables") {
  const Program p = CompileOrFail(test::Locomotion());
  const nlohmann::json j = nlohmann::json::parse(codegen::ProgramToJson(p));
  CHECK(j["version"] == kAnimBytecodeVersion);
  CHECK(j["code"].size() == p.debug.size());
  CHECK(j["code"].back()["op"] == "output");
  CHECK(j["machines"][0]["name"] == "loco");
  CHECK(j["machines"][0]["transitions"][2]["from"].is_null());
  CHECK(j["machines"][0]["states"].size() == 3);
  const nlohmann::json& first = j["code"][0];
  CHECK(first["node"] == p.debug[0].node);
  CHECK(first["operands"][0]["text"].get<std::string>().front() == 's');
}

}  // namespace
}  // namespace anim
