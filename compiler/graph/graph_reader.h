// Reading a graph document (docs/graph-format.md): the header, the skeleton and clips it names
// (loaded through the asset loader, relative to `base_dir`), parameters, masks, nodes and output,
// each checked and resolved with every problem reported. Codes: docs/graph-format.md.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/diag/diagnostics.h"
#include "compiler/document/document.h"
#include "compiler/graph/graph_model.h"
#include "compiler/graph/skeleton_origin.h"
#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"

namespace anim::graph {

struct ReadGraphResult {
  GraphModel model;
  Skeleton skeleton;
  std::vector<Clip> clips;               // parallel to model.clips
  std::vector<std::string> input_files;  // the skeleton and clip files, as opened
  SkeletonOrigin skeleton_origin;
};

// `source` is the document's text (for columns inside expression strings). Asset references resolve
// against `base_dir`, then the graph's `asset_paths`, then `asset_dirs`. Nullopt when any error was
// reported; warnings alone still give a result.
std::optional<ReadGraphResult> ReadGraph(const Document& document, std::string_view source,
                                         const std::string& base_dir,
                                         const std::vector<std::string>& asset_dirs,
                                         DiagnosticSink& diagnostics);

}  // namespace anim::graph
