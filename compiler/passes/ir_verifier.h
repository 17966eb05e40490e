// The IR's own invariants, checked between passes: operand counts and types per op, topological
// order, table indices, scope visibility, machine and transition tables. The front end only
// produces valid IR, so a failure here is an internal compiler error, not a user error.
#pragma once

#include <string>
#include <vector>

#include "compiler/ir/ir.h"

namespace anim::ir {

// Every broken invariant, one readable line each ("%12 (node 'walk'): blend operand 2 must be a
// scalar, got pose"); empty when the graph is valid.
std::vector<std::string> VerifyGraph(const Graph& graph);

// True when `inner` is `outer` or nested inside it (a state of a machine running in `outer`, ...).
bool ScopeIsWithin(const Graph& graph, uint16_t inner, uint16_t outer);

}  // namespace anim::ir
