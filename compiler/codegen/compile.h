// The back end in one call: IR passes, code generation and the bytecode bytes, with the counts
// `animc --stats` prints.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "compiler/diag/diagnostics.h"
#include "compiler/ir/ir.h"
#include "compiler/passes/pass_pipeline.h"
#include "vm/bytecode/program.h"

namespace anim::codegen {

struct CompileStats {
  int nodes = 0;  // distinct graph nodes in the IR handed to the back end
  ir::PassStats passes;
  int instructions = 0;
  int code_words = 0;
  int scalar_registers = 0;
  int pose_registers = 0;
  int bytes = 0;
};

struct CompiledProgram {
  ir::Graph graph;  // after the passes
  Program program;
  std::vector<uint8_t> bytes;
  CompileStats stats;
};

struct CompileOptions {
  // Bake what only depends on assets into clips the program carries (compiler/passes/pose_folding.h);
  // `animc --no-fold` turns it off, for A/B comparisons.
  bool fold_poses = true;
};

// Nullopt with diagnostics (E900 invalid IR, E901 program limits) on failure. Without the graph's
// assets nothing is folded.
std::optional<CompiledProgram> CompileGraph(ir::Graph graph, DiagnosticSink& diagnostics);

// With the skeleton and clips the graph was checked against (`clips` parallel to graph.clips, as
// LoadGraph returns them), so poses can be folded.
std::optional<CompiledProgram> CompileGraph(ir::Graph graph, const Skeleton& skeleton,
                                            std::span<const Clip> clips, DiagnosticSink& diagnostics,
                                            const CompileOptions& options = {});

}  // namespace anim::codegen
