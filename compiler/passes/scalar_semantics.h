// The VM's scalar semantics for every scalar IR op, so constant folding computes exactly what the
// VM would at run time: x / 0 = 0, comparisons and logic give 0 or 1, bools and ints are floats
// in registers (docs/bytecode.md, vm/bytecode/opcodes.h).
#pragma once

#include <optional>
#include <span>

#include "compiler/ir/ir.h"

namespace anim::ir {

// The result of a scalar op on scalar operands (as floats), or nullopt for an op that is not a
// pure scalar function of its operands (leaves, MakeVec3, pose ops).
std::optional<float> EvalScalarOp(Op op, std::span<const float> args);

}  // namespace anim::ir
