// The graph's `parameters`: name, type, default and range of each (docs/graph-format.md,
// "Parameters"), checked and appended to state.model.params.
#pragma once

#include "compiler/graph/reader/graph_read_state.h"

namespace anim::graph {

void ReadParameters(GraphReadState& state, const DocNode& params);

}  // namespace anim::graph
