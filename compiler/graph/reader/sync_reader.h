// The `sync` field of clip players and blend spaces (docs/graph-format.md, "Sync groups"): the
// group a clip's clock joins, by name, and its role. Groups are declared by being named: the first
// node naming one adds it to the graph's table.
#pragma once

#include "compiler/graph/reader/graph_read_state.h"

namespace anim::graph {

// Reads `node`'s `sync` (when written) into node.sync_group and node.sync_role: a group name, or a
// mapping {group, role}. Errors are positioned where the value is written.
void ReadSync(GraphReadState& state, GraphNode& node, const DocNode* sync);

// Once every node is read: a blend space's group passes to each of its samples that is a clip
// player naming no group of its own, with the blend space's role.
void PassSyncToSamples(GraphModel& model);

}  // namespace anim::graph
