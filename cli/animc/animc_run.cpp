#include "cli/animc/animc_run.h"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <filesystem>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "cli/animc/depfile.h"
#include "cli/common/output_file.h"
#include "compiler/clips/clip_encoding.h"
#include "compiler/codegen/compile.h"
#include "compiler/codegen/disassembler.h"
#include "compiler/codegen/program_json.h"
#include "compiler/diag/escape.h"
#include "compiler/diag/warning_codes.h"
#include "compiler/document/source_text.h"
#include "compiler/graph/graph_dot.h"
#include "compiler/graph/load_graph.h"
#include "compiler/passes/ir_printer.h"

namespace anim::animc {
namespace {

bool SameFile(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (std::filesystem::equivalent(a, b, ec)) return true;
  // Absolute first: weakly_canonical leaves a relative path whose first part does not exist as it is.
  const std::filesystem::path x = std::filesystem::weakly_canonical(std::filesystem::absolute(a), ec);
  if (ec) return false;
  const std::filesystem::path y = std::filesystem::weakly_canonical(std::filesystem::absolute(b), ec);
  return !ec && x == y;
}

// Where a usage problem is caught before any reading or compiling happens.
std::optional<std::string> CheckOptions(const Options& o) {
  if (o.emit == Emit::Bytecode && o.output.empty())
    return "no output file: the graph comes from standard input, so pass -o FILE (or -o - for standard "
           "output)";
  if (!o.depfile.empty() && (o.output.empty() || o.output == "-")) {
    return "--depfile needs an output file (-o FILE) to name as the target";
  }
  if (!o.depfile.empty() && SameFile(o.depfile, o.output))
    return "--depfile and -o name the same file '" + EscapeTerminal(o.output) + "'";
  return std::nullopt;
}

// The graph as written is kept for --emit dot.
struct Loaded {
  std::optional<AuthoredGraph> graph;
  std::string io_error;  // set when the graph could not be read at all: exit 2
};

Loaded Load(const Options& o, DiagnosticSink& sink) {
  Loaded out;
  const bool from_stdin = o.input == "-";
  BoundedRead read = from_stdin ? ReadBoundedDescriptor(STDIN_FILENO) : ReadBounded(o.input);
  if (!read.bytes) {
    using Failure = BoundedRead::Failure;
    if (from_stdin)
      out.io_error = "cannot read standard input: " + read.Reason();
    else if (read.failure == Failure::Missing)
      out.io_error = "cannot open '" + EscapeTerminal(o.input) + "': no such file";
    else if (read.failure == Failure::Directory)
      out.io_error = "cannot open '" + EscapeTerminal(o.input) + "': it is a directory";
    else
      out.io_error = "cannot read '" + EscapeTerminal(o.input) + "': " + read.Reason();
    return out;
  }
  // Read once, here, so a FIFO or a pipe works; asset paths resolve against the graph's folder
  // (the current directory for standard input).
  const std::string base_dir = from_stdin ? "" : std::filesystem::path(o.input).parent_path().string();
  out.graph = ParseAuthoredGraph(*read.bytes, from_stdin ? "<stdin>" : o.input, base_dir, sink, o.asset_dirs);
  if (out.graph && !from_stdin)
    out.graph->compiled.input_files.insert(out.graph->compiled.input_files.begin(), o.input);
  return out;
}

// Every file the run read: an output must not be any of them.
cli::InputFiles InputsOf(const Options& o, const CompiledGraph& graph) {
  cli::InputFiles inputs;
  if (o.input == "-") inputs.AddStandardInput();
  for (const std::string& file : graph.input_files)
    inputs.Add(file);
  return inputs;
}

// Both outputs are written in full before either replaces anything, so a failure leaves both
// destinations as they were.
bool WriteOutputs(const Options& o, const std::string& destination, const std::string& result,
                  const cli::InputFiles& inputs, const std::vector<std::string>& input_files,
                  std::string& error) {
  const std::unique_ptr<cli::OutputFile> output = cli::OutputFile::Open(destination, inputs, error);
  if (!output || !output->Write(result, error) || !output->Close(error)) return false;
  std::unique_ptr<cli::OutputFile> depfile;
  if (!o.depfile.empty()) {
    depfile = cli::OutputFile::Open(o.depfile, inputs, error);
    if (!depfile || !depfile->Write(FormatDepfile(o.output, input_files), error) || !depfile->Close(error))
      return false;
  }
  return output->Commit(error) && (!depfile || depfile->Commit(error));
}

void PrintDiagnostics(const Options& o, const DiagnosticSink& sink) {
  if (o.diagnostics_format == DiagnosticsFormat::Json) {
    std::cerr << FormatJson(sink, !o.quiet) << '\n';
  } else {
    std::cerr << FormatText(sink, !o.quiet);
  }
  std::cerr.flush();
}

// The -W options, applied to `sink`; a problem with one of them, as a usage error.
std::optional<std::string> ApplyWarningOptions(const Options& o, DiagnosticSink& sink) {
  for (const std::string& argument : o.warning_options) {
    std::string problem;
    const std::optional<WarningOption> option = ParseWarningOption(argument, problem);
    if (!option) return problem;
    switch (option->kind) {
      case WarningOption::Kind::AllErrors:
        sink.set_warnings_as_errors(true);
        break;
      case WarningOption::Kind::Error:
        sink.PromoteWarning(option->code);
        break;
      case WarningOption::Kind::Disable:
        sink.DisableWarning(option->code);
        break;
    }
  }
  return std::nullopt;
}

std::string Stats(const codegen::CompileStats& s, const std::vector<Clip>& clips) {
  std::ostringstream out;
  out << "nodes:            " << s.nodes << '\n'
      << "values:           " << s.passes.values_in << " (" << s.passes.values_out
      << " after passes: " << s.passes.folded << " folded, " << s.passes.merged << " merged, "
      << s.passes.removed << " removed, " << s.passes.poses_folded << " poses baked)\n"
      << "instructions:     " << s.instructions << " (" << s.code_words << " code words)\n"
      << "scalar registers: " << s.scalar_registers << '\n'
      << "pose registers:   " << s.pose_registers << '\n'
      << "bytes:            " << s.bytes << '\n';
  // The clips the program binds to, as the graph holds them (docs/asset-formats.md, "Clip encodings").
  std::size_t bytes = 0, dense = 0;
  for (const Clip& clip : clips)
    bytes += clip.key_bytes(), dense += clip.dense_key_bytes();
  out << "clip bytes:       " << bytes << " (" << clips.size() << " clips; dense " << dense;
  if (bytes > 0)
    out << ", " << std::fixed << std::setprecision(1) << static_cast<double>(dense) / bytes << "x smaller";
  out << ")\n";
  for (const Clip& clip : clips) {
    out << "  " << EscapeTerminal(clip.name()) << ": " << clip.key_bytes() << ' '
        << EncodingName(clip.encoding()) << " (dense " << clip.dense_key_bytes() << ")\n";
  }
  return out.str();
}

std::string Rendered(const Options& o, const codegen::CompiledProgram& compiled,
                     const AuthoredGraph& authored) {
  switch (o.emit) {
    case Emit::Ir:
      return ir::PrintGraph(authored.compiled.graph);
    case Emit::Asm:
      return codegen::Disassemble(compiled.program);
    case Emit::Json:
      return codegen::ProgramToJson(compiled.program);
    case Emit::Dot:  // titled with the file's name alone, so the drawing does not depend on the directory
      return graph::GraphDot(authored.model,
                             std::filesystem::path(authored.document.file_name()).filename().string());
    case Emit::Bytecode:
      break;
  }
  return std::string(compiled.bytes.begin(), compiled.bytes.end());
}

// Bytecode without -o goes to the graph's name with .animbc in the working directory, as a
// compiler names its object file.
Options WithDefaultOutput(Options o) {
  if (o.emit == Emit::Bytecode && o.output.empty() && o.input != "-" && !o.input.empty())
    o.output = std::filesystem::path(o.input).stem().string() + ".animbc";
  return o;
}

}  // namespace

int RunAnimc(const Options& given) {
  const Options o = WithDefaultOutput(given);
  if (const std::optional<std::string> problem = CheckOptions(o)) {
    spdlog::error("{}", *problem);
    return kExitUsageOrIo;
  }
  if (o.input != "-" && !o.output.empty() && o.output != "-" && SameFile(o.input, o.output)) {
    spdlog::error(
        "cannot write '{}': it is the input '{}' (the same file); an output never replaces one of "
        "the run's inputs",
        o.output, o.input);
    return kExitUsageOrIo;
  }
  DiagnosticSink sink;
  if (const std::optional<std::string> problem = ApplyWarningOptions(o, sink)) {
    spdlog::error("{}", *problem);
    return kExitUsageOrIo;
  }
  Loaded loaded = Load(o, sink);
  if (!loaded.io_error.empty()) {
    spdlog::error("{}", loaded.io_error);
    return kExitUsageOrIo;
  }
  std::optional<codegen::CompiledProgram> compiled;
  if (loaded.graph && !sink.has_errors()) {
    const CompiledGraph& graph = loaded.graph->compiled;
    compiled =
        codegen::CompileGraph(graph.graph, graph.skeleton, graph.clips, sink, {.fold_poses = !o.no_fold});
  }
  PrintDiagnostics(o, sink);
  if (!compiled || sink.has_errors()) return kExitCompileError;

  // --emit ir prints the IR as the front end lowered it, before the passes.
  const std::string result = Rendered(o, *compiled, *loaded.graph);
  const std::string destination = o.output.empty() ? "-" : o.output;
  const CompiledGraph& graph = loaded.graph->compiled;
  std::string error;
  if (!WriteOutputs(o, destination, result, InputsOf(o, graph), graph.input_files, error)) {
    spdlog::error("{}", error);
    return kExitUsageOrIo;
  }
  if (destination != "-") spdlog::debug("wrote {} ({} bytes)", EscapeTerminal(destination), result.size());
  if (o.stats) {
    // Statistics go to standard output unless the result already does.
    if (destination == "-") {
      std::cerr << Stats(compiled->stats, graph.clips) << std::flush;
    } else if (!cli::WriteOutput("-", Stats(compiled->stats, graph.clips), {}, error)) {
      spdlog::error("{}", error);
      return kExitUsageOrIo;
    }
  }
  return kExitSuccess;
}

}  // namespace anim::animc
