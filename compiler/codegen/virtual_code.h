// Straight-line code before register allocation: the bytecode's instruction layout, with 32-bit
// words whose register operands are virtual registers (each written by exactly one instruction).
#pragma once

#include <cstdint>
#include <vector>

#include "vm/bytecode/opcodes.h"

namespace anim::codegen {

enum class Bank : uint8_t { Scalar, Pose };

// An optional pose operand that is absent (kNoOperand once allocated).
inline constexpr uint32_t kNoVirtualRegister = 0xFFFFFFFFu;

// A register the VM reads at an instruction through a table rather than an operand: transition
// conditions at machine_update, state poses at machine_record.
struct ImplicitRead {
  uint32_t instruction = 0;
  Bank bank = Bank::Scalar;
  uint32_t vreg = 0;
};

struct VirtualCode {
  std::vector<uint32_t> words;               // opcode word, then operands, per instruction
  std::vector<uint32_t> starts;              // index into words of each instruction's opcode word
  std::vector<ImplicitRead> implicit_reads;  // in instruction order
  uint32_t scalar_vregs = 0;
  uint32_t pose_vregs = 0;
};

// Calls visit(word index, kind) for every operand of the instruction whose opcode word is at
// `start` (the opcode is known: the code was emitted by codegen).
template <typename Visit>
void ForEachOperand(const std::vector<uint32_t>& words, uint32_t start, Visit&& visit) {
  const OpcodeInfo* info = FindOpcode(static_cast<uint16_t>(words[start]));
  for (uint32_t k = 0; k < info->operand_count; ++k)
    visit(start + 1 + k, info->operands[k]);
}

}  // namespace anim::codegen
