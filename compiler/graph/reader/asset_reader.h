// The graph's `skeleton` and `clips`: skeleton and clip documents loaded through the asset loader,
// or glTF files imported (each file once per skin and key rate), each problem in an asset reported
// where it is with a note at the graph line that names it (docs/graph-format.md, "glTF files").
#pragma once

#include "compiler/document/document_reader.h"
#include "compiler/graph/reader/graph_read_state.h"

namespace anim::graph {

// The graph's `asset_paths` (each relative to the graph, in order), then `asset_dirs` (animc -I):
// where a reference not found beside the graph is looked for. Fills state.search_dirs.
void ReadAssetPaths(GraphReadState& state, FieldReader& top, const std::vector<std::string>& asset_dirs);

// Fills state.skeleton, state.clips, state.clip_durations, state.clip_index, state.files and
// state.model.clips.
void ReadAssets(GraphReadState& state, FieldReader& top);

// Fills state.model.curves: every curve of the loaded clips, in clip order, each name once.
void CollectCurves(GraphReadState& state);

}  // namespace anim::graph
