// The disassembler and the JSON description of a program whose names are any bytes, as a
// hand-edited .animbc re-sealed with a valid checksum can hold (issue 13): the disassembly holds no
// control character and no extra line, its comment column stays aligned, and the JSON parses with
// ill-formed UTF-8 replaced and control characters kept.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "compiler/codegen/compile.h"
#include "compiler/codegen/disassembler.h"
#include "compiler/codegen/program_json.h"
#include "tests/backend/sample_graphs.h"
#include "tests/support/text_checks.h"

namespace anim {
namespace {

using namespace std::string_literals;

Program Compiled(ir::Graph graph) {
  DiagnosticSink sink;
  auto compiled = codegen::CompileGraph(std::move(graph), sink);
  REQUIRE(compiled);
  return compiled->program;
}

// Every byte value once, so every control character and every ill-formed sequence start is there.
std::string EveryByte() {
  std::string s;
  for (int b = 0; b < 256; ++b)
    s += static_cast<char>(b);
  return s;
}

// Renames everything in `p` that carries a name, with `name` and the table index.
void Rename(Program& p, const std::string& name) {
  int n = 0;
  const auto next = [&] { return name + std::to_string(n++); };
  for (ParamDesc& d : p.params)
    d.name = next();
  for (std::string& c : p.clips)
    c = next();
  for (MachineDesc& m : p.machines) {
    m.name = next();
    for (StateDesc& s : m.states)
      s.name = next();
  }
  for (MaskDesc& m : p.masks)
    m.name = next();
  for (BoneRef& b : p.bones)
    b.name = next();
  for (std::string& s : p.snapshots)
    s = next();
  for (DebugEntry& e : p.debug)
    e.node = next();
}

std::size_t LineCount(const std::string& text) {
  std::size_t lines = 0;
  for (char c : text)
    lines += c == '\n' ? 1 : 0;
  return lines;
}

}  // namespace

TEST_CASE("the disassembly of a program with names of any bytes is safe terminal text") {
  for (ir::Graph (*graph)() : {&test::Locomotion, &test::EveryOp}) {
    const Program original = Compiled(graph());
    Program p = original;
    Rename(p, "\x1b[2J\n; forged\0\xC2\x9B\u202e"s + EveryByte() + "\xED\xA0\x80\xC0\xAF");
    const std::string text = codegen::Disassemble(p);
    INFO(text);
    CHECK(test::FirstTerminalHazard(text) == "");
    CHECK(LineCount(text) == LineCount(codegen::Disassemble(original)));
    CHECK(text.find(R"(\x1b[2J\n; forged\0\u009b\u202e\0\x01\x02)") != std::string::npos);
    CHECK(text.find(R"(\xed\xa0\x80\xc0\xaf)") != std::string::npos);
    CHECK(text.find(R"(\\)") != std::string::npos);  // the backslash of EveryByte, doubled
    // Instruction lines with a short operand list keep their graph-node comment in one column.
    std::size_t comment_column = 0;
    for (std::size_t at = 0; at < text.size();) {
      const std::size_t end = text.find('\n', at);
      const std::string line = text.substr(at, end - at);
      at = end + 1;
      const std::size_t semicolon = line.find(" ; ");
      if (line.rfind("  0", 0) != 0 || semicolon == std::string::npos || semicolon < 70) continue;
      const std::size_t column = test::Columns(line.substr(0, semicolon));
      if (column > 72) continue;  // the operands ran past the column
      if (comment_column == 0) comment_column = column;
      INFO(line);
      CHECK(column == comment_column);
    }
    CHECK(comment_column == 72);
  }
}

TEST_CASE("the JSON description of a program with names of any bytes parses") {
  Program p = Compiled(test::Locomotion());
  Rename(p, "ok\0\x1b[31m\n\u202e"s);
  nlohmann::json j;
  REQUIRE_NOTHROW(j = nlohmann::json::parse(codegen::ProgramToJson(p)));
  CHECK(j["machines"][0]["name"] == p.machines[0].name);  // valid UTF-8 stays as it is
  CHECK(j["code"][0]["node"] == p.debug[0].node);

  Rename(p, "bad\xFF\xC0\xAF\xED\xA0\x80\xF4\x90\x80\x80\xE2\x80"s + EveryByte());
  std::string text;
  REQUIRE_NOTHROW(text = codegen::ProgramToJson(p));
  CHECK(test::IsWellFormedUtf8(text));
  REQUIRE_NOTHROW(j = nlohmann::json::parse(text));
  const std::string machine = j["machines"][0]["name"];
  CHECK(machine.rfind("bad\xEF\xBF\xBD", 0) == 0);  // U+FFFD
  int parameters = 0;
  for (const auto& instruction : j["code"]) {
    for (const auto& operand : instruction["operands"]) {
      if (operand["kind"] != "parameter") continue;
      ++parameters;
      CHECK(operand["text"].get<std::string>().rfind("param 'bad\xEF\xBF\xBD", 0) == 0);
    }
  }
  CHECK(parameters > 0);
}

}  // namespace anim
