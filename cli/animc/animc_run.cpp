#include "cli/animc/animc_run.h"

#include <spdlog/spdlog.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>

#include "cli/animc/depfile.h"
#include "cli/animc/output_file.h"
#include "compiler/codegen/compile.h"
#include "compiler/codegen/disassembler.h"
#include "compiler/codegen/program_json.h"
#include "compiler/graph/load_graph.h"
#include "compiler/passes/ir_printer.h"

namespace anim::animc {
namespace {

// Where a usage or I/O problem is caught before any compiling happens.
std::optional<std::string> CheckOptions(const Options& o) {
  if (o.emit == Emit::Bytecode && o.output.empty())
    return "no output file: pass -o FILE (or -o - for standard output)";
  if (!o.depfile.empty() && (o.output.empty() || o.output == "-")) {
    return "--depfile needs an output file (-o FILE) to name as the target";
  }
  if (o.input != "-") {
    std::error_code ec;
    if (!std::filesystem::exists(o.input, ec)) return "cannot open '" + o.input + "': no such file";
    if (std::filesystem::is_directory(o.input, ec)) return "cannot open '" + o.input + "': it is a directory";
    if (!std::ifstream(o.input)) return "cannot open '" + o.input + "': permission denied";
  }
  return std::nullopt;
}

std::optional<CompiledGraph> Load(const Options& o, DiagnosticSink& sink) {
  if (o.input != "-") return LoadGraph(o.input, sink);
  const std::string text{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  return ParseGraph(text, "<stdin>", "", sink);
}

void PrintDiagnostics(const Options& o, const DiagnosticSink& sink) {
  if (o.diagnostics_format == DiagnosticsFormat::Json) {
    std::cerr << FormatJson(sink) << '\n';
  } else if (!sink.diagnostics().empty()) {
    std::cerr << FormatText(sink);
  }
  std::cerr.flush();
}

std::string Stats(const codegen::CompileStats& s) {
  std::ostringstream out;
  out << "nodes:            " << s.nodes << '\n'
      << "values:           " << s.passes.values_in << " (" << s.passes.values_out
      << " after passes: " << s.passes.folded << " folded, " << s.passes.merged << " merged, "
      << s.passes.removed << " removed)\n"
      << "instructions:     " << s.instructions << " (" << s.code_words << " code words)\n"
      << "scalar registers: " << s.scalar_registers << '\n'
      << "pose registers:   " << s.pose_registers << '\n'
      << "bytes:            " << s.bytes << '\n';
  return out.str();
}

std::string Rendered(const Options& o, const codegen::CompiledProgram& compiled, const ir::Graph& input) {
  switch (o.emit) {
    case Emit::Ir:
      return ir::PrintGraph(input);
    case Emit::Asm:
      return codegen::Disassemble(compiled.program);
    case Emit::Json:
      return codegen::ProgramToJson(compiled.program);
    case Emit::Bytecode:
      break;
  }
  return std::string(compiled.bytes.begin(), compiled.bytes.end());
}

}  // namespace

int RunAnimc(const Options& o) {
  if (const std::optional<std::string> problem = CheckOptions(o)) {
    spdlog::error("{}", *problem);
    return kExitUsageOrIo;
  }
  DiagnosticSink sink;
  sink.set_warnings_as_errors(o.warnings_as_errors);
  std::optional<CompiledGraph> loaded = Load(o, sink);
  std::optional<codegen::CompiledProgram> compiled;
  if (loaded && !sink.has_errors()) compiled = codegen::CompileGraph(loaded->graph, sink);
  PrintDiagnostics(o, sink);
  if (!compiled || sink.has_errors()) return kExitCompileError;

  // --emit ir prints the IR as the front end lowered it, before the passes.
  const std::string result = Rendered(o, *compiled, loaded->graph);
  const std::string destination = o.output.empty() ? "-" : o.output;
  std::string error;
  if (!WriteOutput(destination, result, error)) {
    spdlog::error("{}", error);
    return kExitUsageOrIo;
  }
  if (!o.depfile.empty()) {
    std::vector<std::string> inputs = loaded->input_files;
    const std::string depfile = FormatDepfile(o.output, inputs);
    if (!WriteOutput(o.depfile, depfile, error)) {
      spdlog::error("{}", error);
      return kExitUsageOrIo;
    }
  }
  if (o.stats) {
    // Statistics go to standard output unless the result already does.
    (destination == "-" ? std::cerr : std::cout) << Stats(compiled->stats) << std::flush;
  }
  return kExitSuccess;
}

}  // namespace anim::animc
