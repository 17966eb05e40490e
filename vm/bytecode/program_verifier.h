// Verification of a Program's meaning (docs/bytecode.md "Verification"): every operand in range and
// of the right kind, pose registers written before they are read, the tables' own references
// consistent. A program that passes cannot make the VM or the executor read out of bounds once it
// is bound to assets (ProgramBinding adds the checks that need the skeleton and clips).
#pragma once

#include <string>

#include "vm/bytecode/limits.h"
#include "vm/bytecode/program.h"

namespace anim {

struct VerifyResult {
  std::string error;  // the first problem found; empty when the program is sound
  bool ok() const { return error.empty(); }
};

VerifyResult VerifyProgram(const Program& program);

// The word index of every instruction's opcode, in order, for a program that verified.
std::vector<uint32_t> InstructionStarts(const Program& program);

}  // namespace anim
