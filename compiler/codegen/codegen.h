// Code generation: a verified, optimised IR graph to a Program (vm/bytecode/program.h):
// scheduling and instruction selection (code_emitter.h), register allocation by liveness
// (register_allocator.h), the constant table, every table the instructions index (state pose and
// transition condition registers filled in), one debug entry per instruction. Deterministic: the
// same graph gives the same Program.
#pragma once

#include <optional>

#include "compiler/diag/diagnostics.h"
#include "compiler/ir/ir.h"
#include "vm/bytecode/program.h"

namespace anim::codegen {

// Nullopt, with E901 errors, when the program exceeds a bytecode limit (65535 registers of a kind,
// 65535 entries in a table).
std::optional<Program> GenerateProgram(const ir::Graph& graph, DiagnosticSink& diagnostics);

}  // namespace anim::codegen
