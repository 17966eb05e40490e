#include "compiler/passes/pass_pipeline.h"

#include "compiler/passes/constant_folding.h"
#include "compiler/passes/dead_value_elimination.h"
#include "compiler/passes/ir_verifier.h"
#include "compiler/passes/value_merging.h"

namespace anim::ir {
namespace {

// Where an internal error is reported: the output's location names the graph file.
SourceLocation GraphLocation(const Graph& graph) {
  if (graph.output >= 0 && static_cast<size_t>(graph.output) < graph.values.size()) {
    return {graph.values[static_cast<size_t>(graph.output)].location.file, 0, 0};
  }
  return {};
}

}  // namespace

bool CheckGraph(const Graph& graph, const SourceLocation& where, const char* stage,
                DiagnosticSink& diagnostics) {
  const std::vector<std::string> problems = VerifyGraph(graph);
  for (const std::string& problem : problems) {
    diagnostics.Error("E900", where,
                      std::string("internal compiler error: invalid IR ") + stage + ": " + problem);
  }
  return problems.empty();
}

bool OptimizeGraph(Graph& graph, DiagnosticSink& diagnostics, PassStats* stats, const FoldAssets* fold) {
  const SourceLocation where = GraphLocation(graph);
  PassStats local;
  local.values_in = static_cast<int>(graph.values.size());
  if (!CheckGraph(graph, where, "from the front end", diagnostics)) return false;
  local.folded = FoldConstants(graph);
  local.merged = MergeValues(graph);
  // After merging: the clip node a fold leaves dead must not be merged with the SampleClip that
  // replaced its reader.
  if (fold != nullptr) local.poses_folded = FoldPoses(graph, *fold);
  local.removed = EliminateDeadValues(graph);
  local.values_out = static_cast<int>(graph.values.size());
  if (stats) *stats = local;
  return CheckGraph(graph, where, "after the passes", diagnostics);
}

}  // namespace anim::ir
