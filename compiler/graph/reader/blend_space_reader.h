// The samples of a blend space node (docs/graph-format.md, blend_space_1d and blend_space_2d): each
// sample's pose read as any pose input; 1D positions strictly increasing; 2D positions triangulated
// (Delaunay) here, so a layout no weights can be worked out on is refused where it is written.
#pragma once

#include "compiler/graph/reader/node_reader.h"

namespace anim::graph {

void ReadBlendSpaceSamples(GraphReadState& state, NodeReader& nodes, GraphNode& node, FieldReader& fields);

}  // namespace anim::graph
