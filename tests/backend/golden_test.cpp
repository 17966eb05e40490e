// Disassembly golden files (tests/backend/golden/*.asm): what a reviewer reads to check codegen.
// Regenerate after an intended change with ANIMTC_UPDATE_GOLDEN=1 and review the diff.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "compiler/codegen/compile.h"
#include "compiler/codegen/disassembler.h"
#include "compiler/codegen/program_json.h"
#include "tests/backend/golden_check.h"
#include "tests/backend/sample_graphs.h"
#include "tests/support/sample_list.h"

#include <nlohmann/json.hpp>

namespace anim {
namespace {

Program CompileOrFail(ir::Graph graph) {
  DiagnosticSink sink;
  auto compiled = codegen::CompileGraph(std::move(graph), sink);
  REQUIRE(compiled);
  return compiled->program;
}

TEST_CASE("disassembly golden files") {
  test::CheckGolden("blend_chain_4.asm", codegen::Disassemble(CompileOrFail(test::BlendChain(4))));
  test::CheckGolden("locomotion.asm", codegen::Disassemble(CompileOrFail(test::Locomotion())));
  test::CheckGolden("every_op.asm", codegen::Disassemble(CompileOrFail(test::EveryOp())));
}

TEST_CASE("graph documents compile deterministically to their golden disassembly") {
  test::CheckDocument("tests/backend/cli/walk.yaml", "walk_yaml.asm");
  test::CheckDocument("tests/backend/cli/walk.json", "walk_json.asm");
  // Every sample graph but those that read the third-party glTF assets
  // (golden_gltf_assets_test.cpp).
  const std::vector<std::string> samples = test::SampleGraphPaths("samples", false);
  REQUIRE(samples.size() >= 3);
  for (const std::string& path : samples)
    test::CheckDocument(path, test::SampleGoldenName(path));
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
