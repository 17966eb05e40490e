// A checked graph model to the IR (compiler/ir/ir.h): values in topological order, one clock per
// clip node, one scope per state of each machine (a node shared by several states runs in their
// lowest common scope), machines with their states and transitions, and the model's tables.
#pragma once

#include <cstdint>
#include <string>

#include "compiler/diag/diagnostics.h"
#include "compiler/graph/graph_model.h"
#include "compiler/ir/ir.h"

namespace anim::graph {

// `model` must be free of errors (acyclic, every reference resolved). `file` names the graph in
// the values' locations. The one error only scopes reveal goes to `diagnostics`: E017, a node that
// runs in no state reading time_in_state or state_progress.
ir::Graph LowerGraph(const GraphModel& model, uint64_t skeleton_hash, const std::string& file,
                     DiagnosticSink& diagnostics);

}  // namespace anim::graph
