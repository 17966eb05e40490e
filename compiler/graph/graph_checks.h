// Whole-graph checks once every node is read: cycles (E009, with the path), states no transition
// path reaches from the initial state (W001), named nodes nothing reachable from the output uses
// (W002). The warnings are only given for an otherwise clean graph: after an error, a dropped
// transition or an unread node would make them misleading.
#pragma once

#include "compiler/diag/diagnostics.h"
#include "compiler/document/document.h"
#include "compiler/graph/graph_model.h"

namespace anim::graph {

void CheckGraph(const GraphModel& model, const Document& document, DiagnosticSink& diagnostics,
                bool warnings);

// Every node before the nodes that use it (inputs in field order, depth first from node 0 up).
// Requires an acyclic model.
std::vector<int> TopologicalOrder(const GraphModel& model);

}  // namespace anim::graph
