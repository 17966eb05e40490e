// The front end's entry point: a graph document (JSON or YAML) to the IR, with the skeleton and
// clips it was checked against and every file it read. Every problem goes to the sink; nothing is
// returned when any error was found (warnings alone still compile).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/diag/diagnostics.h"
#include "compiler/document/document.h"
#include "compiler/graph/graph_model.h"
#include "compiler/graph/skeleton_origin.h"
#include "compiler/ir/ir.h"
#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"

namespace anim {

struct CompiledGraph {
  ir::Graph graph;
  Skeleton skeleton;
  std::vector<Clip> clips;               // parallel to graph.clips
  std::vector<std::string> input_files;  // the graph (unless read from text), skeleton, clips
  SkeletonOrigin skeleton_origin;
};

// `asset_dirs` (animc -I): where skeleton, clip and glTF references are looked for when they are
// found neither beside the graph nor in the graph's own `asset_paths` (docs/graph-format.md).
std::optional<CompiledGraph> LoadGraph(const std::string& path, DiagnosticSink& diagnostics,
                                       const std::vector<std::string>& asset_dirs = {});

// For standard input and tests: `file_name` names the text in diagnostics; asset paths are
// resolved against `base_dir` ("" for the current directory), then the search directories.
std::optional<CompiledGraph> ParseGraph(std::string_view text, const std::string& file_name,
                                        const std::string& base_dir, DiagnosticSink& diagnostics,
                                        const std::vector<std::string>& asset_dirs = {});

// A compiled graph with the graph as written: the document and the model read from it, whose
// fields point into the document (animc --emit dot draws it).
struct AuthoredGraph {
  CompiledGraph compiled;
  Document document;
  graph::GraphModel model;
};

// ParseGraph, keeping the graph as written.
std::optional<AuthoredGraph> ParseAuthoredGraph(std::string_view text, const std::string& file_name,
                                                const std::string& base_dir, DiagnosticSink& diagnostics,
                                                const std::vector<std::string>& asset_dirs = {});

}  // namespace anim
