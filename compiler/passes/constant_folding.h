// Constant folding: a scalar or vec3 op whose operands are all constants becomes a constant,
// computed with the VM's semantics (scalar_semantics.h). Results that are not finite are left for
// the VM to compute, so folding never changes what a program does.
#pragma once

#include "compiler/ir/ir.h"

namespace anim::ir {

// Rewrites foldable values in place (same id, now Op::Const); returns how many were folded. Their
// operands may become dead: run EliminateDeadValues afterwards.
int FoldConstants(Graph& graph);

}  // namespace anim::ir
