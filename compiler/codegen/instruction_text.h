// Naming one instruction's operands for people: shared by the disassembler and the JSON
// description. Works on any Program, including one that failed verification: out-of-range
// indices print as '?', a truncated instruction is reported as such. Names are copied as they are
// (any bytes): each writer escapes the text for its output (compiler/diag/escape.h, json_text.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "vm/bytecode/program.h"

namespace anim::codegen {

struct DecodedOperand {
  OperandKind kind;
  uint16_t raw;
  std::string text;  // "s3", "p1", "clip 'walk_fwd' via clock 0", "const 0.3", "mesh"
};

struct DecodedInstruction {
  uint32_t offset = 0;
  const OpcodeInfo* info = nullptr;  // null for an unknown opcode
  uint16_t opcode_word = 0;
  bool truncated = false;  // the code ends inside its operands
  std::vector<DecodedOperand> operands;
  uint32_t size = 1;  // in words
};

DecodedInstruction DecodeInstruction(const Program& program, uint32_t offset);

std::string ScopeText(const Program& program, uint16_t scope);

}  // namespace anim::codegen
