// Root motion settings (docs/graph-format.md, "Root motion"): the graph's `root_motion` (the mode
// its clip players take unless they say otherwise, and the bone whose motion is taken), and the
// bone's default once the output is read.
#pragma once

#include "compiler/graph/reader/bone_table.h"
#include "compiler/graph/reader/graph_read_state.h"

namespace anim::graph {

// Top level `root_motion`: a mode, or a mapping {mode, bone}.
void ReadRootMotion(GraphReadState& state, BoneTable& bones, const DocNode& doc);

// Once the nodes and the output are read: when a clip player takes motion out and no bone was
// named, the bone is the output's root_bone, else the skeleton's first bone.
void ResolveRootMotionBone(GraphReadState& state, BoneTable& bones);

// A clip node's mode: its own `root_motion`, else the graph's.
RootMotionMode EffectiveRootMotion(const GraphModel& model, const GraphNode& clip_node);

}  // namespace anim::graph
