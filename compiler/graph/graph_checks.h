// Whole-graph checks once every node is read: the format's limits (E901), cycles (E009, with the
// path), then the lints (compiler/graph/graph_lints.h). The warnings are only given for an
// otherwise clean graph: after an error, a dropped transition or an unread node would make them
// misleading.
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
