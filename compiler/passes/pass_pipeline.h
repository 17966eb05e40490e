// The back end's IR passes in order: verify, fold constants, merge duplicates, fold poses (when
// given the assets), eliminate dead values, verify again. A verifier failure is an internal compiler error
// (E900): the front end handed over IR that breaks the IR's own rules, or a pass broke them.
#pragma once

#include "compiler/diag/diagnostics.h"
#include "compiler/ir/ir.h"
#include "compiler/passes/pose_folding.h"

namespace anim::ir {

struct PassStats {
  int values_in = 0;
  int folded = 0;
  int merged = 0;
  int poses_folded = 0;  // MakeAdditive nodes baked into clips (pose_folding.h)
  int removed = 0;
  int values_out = 0;
};

// Adds one E900 error per broken invariant (at the graph file) and returns false when the IR is
// invalid before or after the passes; the graph is then unspecified. Poses are folded only when
// `fold` names the graph's assets.
bool OptimizeGraph(Graph& graph, DiagnosticSink& diagnostics, PassStats* stats = nullptr,
                   const FoldAssets* fold = nullptr);

// Verifies `graph`, reporting each problem as E900 "internal compiler error" at `where`.
bool CheckGraph(const Graph& graph, const SourceLocation& where, const char* stage,
                DiagnosticSink& diagnostics);

}  // namespace anim::ir
