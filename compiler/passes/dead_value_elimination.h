// Dead value elimination: keeps what the output uses, and every state machine with all of its
// states and transition conditions whatever the output reads (which state runs is decided at run
// time; the executor prunes inactive states by reachability). Removes everything else and
// renumbers the survivors in their original order.
#pragma once

#include "compiler/ir/ir.h"

namespace anim::ir {

// Returns how many values were removed.
int EliminateDeadValues(Graph& graph);

}  // namespace anim::ir
