// Common subexpression merging for scalar and vec3 values: identical constants, parameter reads,
// machine queries and pure scalar ops on the same operands become one value. Poses are never
// merged: each pose node records its own task and may run in its own scope.
#pragma once

#include "compiler/ir/ir.h"

namespace anim::ir {

// Redirects every use (operands, transition conditions, the output) of a duplicate to its first
// occurrence; returns how many values became unused. Run EliminateDeadValues afterwards.
int MergeValues(Graph& graph);

}  // namespace anim::ir
