// Failure class 2: an opcode inserted mid-enum silently renumbers every later opcode. The checked-in
// golden table pins every number, name and operand layout.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "vm/bytecode/opcodes.h"

namespace anim {
namespace {

const char* KindText(OperandKind kind) {
  switch (kind) {
    case OperandKind::ScalarRead:
      return "s";
    case OperandKind::ScalarWrite:
      return "s_out";
    case OperandKind::PoseRead:
      return "p";
    case OperandKind::OptPoseRead:
      return "p?";
    case OperandKind::PoseWrite:
      return "p_out";
    case OperandKind::Constant:
      return "const";
    case OperandKind::Parameter:
      return "param";
    case OperandKind::Clock:
      return "clock";
    case OperandKind::Mask:
      return "mask";
    case OperandKind::Bone:
      return "bone";
    case OperandKind::OptBone:
      return "bone?";
    case OperandKind::Machine:
      return "machine";
    case OperandKind::Snapshot:
      return "snapshot";
    case OperandKind::Immediate:
      return "imm";
  }
  return "?";
}

std::vector<std::string> TableLines() {
  std::vector<std::string> lines{"version " + std::to_string(kAnimBytecodeVersion)};
  for (const OpcodeInfo& info : OpcodeTable()) {
    std::string line = std::to_string(static_cast<int>(info.opcode)) + " " + info.name;
    for (int i = 0; i < info.operand_count; ++i)
      line += std::string(" ") + KindText(info.operands[i]);
    lines.push_back(line);
  }
  return lines;
}

std::vector<std::string> GoldenLines() {
  std::ifstream in(std::string(ANIMTC_SOURCE_DIR) + "/tests/vm/opcode_table.golden");
  REQUIRE(in.good());
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  }
  return lines;
}

TEST_CASE("the opcode table matches the checked-in golden table line by line", "[vm][opcodes]") {
  const std::vector<std::string> golden = GoldenLines();
  const std::vector<std::string> table = TableLines();
  REQUIRE(golden.size() == static_cast<std::size_t>(kOpcodeCount) + 1);
  REQUIRE(table.size() == golden.size());
  for (std::size_t i = 0; i < golden.size(); ++i) {
    INFO("golden line " << i << ": '" << golden[i] << "'");
    CHECK(table[i] == golden[i]);
  }
}

TEST_CASE("FindOpcode refuses numbers past the table", "[vm][opcodes]") {
  CHECK(FindOpcode(static_cast<uint16_t>(kOpcodeCount)) == nullptr);
  CHECK(FindOpcode(0xFFFF) == nullptr);
  REQUIRE(FindOpcode(45) != nullptr);
  CHECK(std::string(FindOpcode(45)->name) == "output");
}

}  // namespace
}  // namespace anim
