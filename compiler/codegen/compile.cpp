#include "compiler/codegen/compile.h"

#include <set>
#include <string>

#include "compiler/codegen/codegen.h"
#include "compiler/codegen/program_writer.h"

namespace anim::codegen {

namespace {

std::optional<CompiledProgram> Compile(ir::Graph graph, DiagnosticSink& diagnostics,
                                       const ir::FoldAssets* fold) {
  CompiledProgram out;
  std::set<std::string> nodes;
  for (const ir::Value& v : graph.values)
    nodes.insert(v.node);
  out.stats.nodes = static_cast<int>(nodes.size());
  if (!ir::OptimizeGraph(graph, diagnostics, &out.stats.passes, fold)) return std::nullopt;
  std::optional<Program> program = GenerateProgram(graph, diagnostics);
  if (!program) return std::nullopt;
  out.graph = std::move(graph);
  out.program = std::move(*program);
  out.bytes = WriteProgram(out.program);
  out.stats.instructions = static_cast<int>(out.program.debug.size());
  out.stats.code_words = static_cast<int>(out.program.code.size());
  out.stats.scalar_registers = out.program.scalar_register_count;
  out.stats.pose_registers = out.program.pose_register_count;
  out.stats.bytes = static_cast<int>(out.bytes.size());
  return out;
}

}  // namespace

std::optional<CompiledProgram> CompileGraph(ir::Graph graph, DiagnosticSink& diagnostics) {
  return Compile(std::move(graph), diagnostics, nullptr);
}

std::optional<CompiledProgram> CompileGraph(ir::Graph graph, const Skeleton& skeleton,
                                            std::span<const Clip> clips, DiagnosticSink& diagnostics,
                                            const CompileOptions& options) {
  const ir::FoldAssets assets{skeleton, clips};
  return Compile(std::move(graph), diagnostics, options.fold_poses ? &assets : nullptr);
}

}  // namespace anim::codegen
