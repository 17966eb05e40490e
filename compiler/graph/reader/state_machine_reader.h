// A state machine node's `initial`, `states` and `transitions` (docs/graph-format.md,
// "Transitions"): states by name, each state's pose read as any pose input, transitions checked
// and kept in priority order.
#pragma once

#include "compiler/graph/reader/node_reader.h"

namespace anim::graph {

void ReadStateMachine(GraphReadState& state, NodeReader& nodes, GraphNode& node, FieldReader& fields);

}  // namespace anim::graph
