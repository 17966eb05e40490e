#include "compiler/codegen/compile.h"

#include <set>
#include <string>

#include "compiler/codegen/codegen.h"
#include "compiler/codegen/program_writer.h"

namespace anim::codegen {

std::optional<CompiledProgram> CompileGraph(ir::Graph graph, DiagnosticSink& diagnostics) {
  CompiledProgram out;
  std::set<std::string> nodes;
  for (const ir::Value& v : graph.values)
    nodes.insert(v.node);
  out.stats.nodes = static_cast<int>(nodes.size());
  if (!ir::OptimizeGraph(graph, diagnostics, &out.stats.passes)) return std::nullopt;
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

}  // namespace anim::codegen
