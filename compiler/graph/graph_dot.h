// The graph as written, drawn as Graphviz DOT (animc --emit dot, docs/cli.md): every node (named or
// inline) shaped and coloured by kind, pose inputs as edges labelled with the input's field, each
// state machine as a cluster of its states and transitions (labelled with the condition as written
// and the blend), and parameters as notes feeding the nodes that read them. Names may be any bytes:
// each is escaped once, where it is written.
#pragma once

#include <string>
#include <string_view>

#include "compiler/graph/graph_model.h"

namespace anim::graph {

// `title` (the graph's file name) labels the drawing.
std::string GraphDot(const GraphModel& model, std::string_view title);

}  // namespace anim::graph
