#include "cli/anim_dump/dump_input.h"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>

#include "cli/anim_dump/capture_input.h"
#include "compiler/codegen/compile.h"
#include "compiler/diag/escape.h"
#include "compiler/document/source_text.h"
#include "compiler/scenario/scenario_reader.h"
#include "vm/bytecode/program_loader.h"

namespace anim::dump {
namespace {

struct InputText {
  std::string name;  // the path, or "<stdin>"
  std::string bytes;
};

// Reads a whole input once (so FIFOs and pipes work), in chunks, never more than kMaxDocumentBytes.
InputText Read(const std::string& path, const char* what, cli::InputFiles& files_read) {
  const bool from_stdin = path == "-";
  BoundedRead read = from_stdin ? ReadBoundedDescriptor(STDIN_FILENO) : ReadBounded(path);
  if (!read.bytes) {
    using Failure = BoundedRead::Failure;
    const std::string which = std::string(what) + " '" + EscapeTerminal(path) + "'";
    if (from_stdin) throw InputError{"cannot read standard input: " + read.Reason()};
    if (read.failure == Failure::Missing) throw InputError{"cannot open " + which + ": no such file"};
    if (read.failure == Failure::Directory) throw InputError{"cannot open " + which + ": it is a directory"};
    throw InputError{"cannot read " + which + ": " + read.Reason()};
  }
  if (from_stdin)
    files_read.AddStandardInput();
  else
    files_read.Add(path);
  return {from_stdin ? "<stdin>" : path, std::move(*read.bytes)};
}

// Every diagnostic, to be printed as animc prints them; the fallback when there is none.
[[noreturn]] void ThrowDiagnostics(const DiagnosticSink& sink, const std::string& fallback) {
  if (!sink.has_errors()) throw InputError(fallback, kExitInvalidInput);
  throw InputError(fallback, kExitInvalidInput, std::make_shared<const DiagnosticSink>(sink));
}

// The first warning as one line, with a count of the others; all of them at debug level (-v).
void LogWarnings(const DiagnosticSink& sink) {
  const int count = sink.warning_count();
  if (count == 0) return;
  spdlog::debug("warnings:\n{}", FormatText(sink));
  for (const Diagnostic& d : sink.diagnostics()) {
    if (d.severity != Severity::Warning) continue;
    const std::string first = FormatText(d).substr(0, FormatText(d).find('\n'));
    if (count == 1)
      spdlog::warn("{}", first);
    else
      spdlog::warn("{} (and {} more; -v shows all)", first, count - 1);
    return;
  }
}

bool IsBytecode(const std::string& bytes) {
  return bytes.size() >= sizeof(kBytecodeMagic) &&
         std::memcmp(bytes.data(), kBytecodeMagic, sizeof(kBytecodeMagic)) == 0;
}

// A graph document is text. What is neither a compiled program nor text is said to be that, with
// the real reason, rather than parsed as a graph.
void CheckDocumentText(const InputText& text) {
  const std::string& bytes = text.bytes;
  if (bytes.empty())
    throw InputError(
        EscapeTerminal(text.name) + ": the file is empty: neither a compiled program nor a graph document",
        kExitInvalidInput);
  if (bytes.size() < sizeof(kBytecodeMagic) && std::memcmp(bytes.data(), kBytecodeMagic, bytes.size()) == 0)
    throw InputError(EscapeTerminal(text.name) +
                         ": a truncated compiled program: " + std::to_string(bytes.size()) +
                         (bytes.size() == 1 ? " byte" : " bytes") + ", shorter than the 4-byte ANBC magic",
                     kExitInvalidInput);
  DiagnosticSink sink;
  if (!CheckSourceText(bytes, text.name, sink)) {
    const Diagnostic& d = sink.diagnostics().front();
    throw InputError(
        FormatLocation(d.location) +
            ": not a compiled program (it does not start with the ANBC magic) nor a graph document (" +
            EscapeTerminal(d.message) + ")",
        kExitInvalidInput);
  }
}

// Parses the text already read (a file is read once); asset paths resolve against the document's
// folder, or the current directory for standard input.
CompiledGraph LoadGraphDocument(const InputText& text, const std::string& path,
                                const std::vector<std::string>& asset_dirs, cli::InputFiles& files_read) {
  CheckDocumentText(text);
  DiagnosticSink sink;
  const bool from_stdin = path == "-";
  const std::string base_dir = from_stdin ? "" : std::filesystem::path(path).parent_path().string();
  std::optional<CompiledGraph> graph = ParseGraph(text.bytes, text.name, base_dir, sink, asset_dirs);
  if (!graph || sink.has_errors())
    ThrowDiagnostics(sink, EscapeTerminal(text.name) + ": not a valid graph document");
  LogWarnings(sink);
  if (!from_stdin) graph->input_files.insert(graph->input_files.begin(), path);
  for (const std::string& file : graph->input_files)
    files_read.Add(file);
  return std::move(*graph);
}

void LoadBytecode(const InputText& text, DumpInput& out) {
  const std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(text.bytes.data()),
                                       text.bytes.size());
  LoadResult loaded = LoadVerifiedProgram(bytes);
  out.from_bytecode = true;
  if (loaded.outcome == LoadOutcome::Error)
    throw InputError(EscapeTerminal(text.name) + ": " + loaded.error, kExitInvalidInput);
  out.version_mismatch = loaded.outcome == LoadOutcome::VersionMismatch;
  out.version_warning = loaded.error;
  out.program = std::move(loaded.program);
}

Scenario LoadScenario(const std::string& path, const Program& program, cli::InputFiles& files_read) {
  const InputText text = Read(path, "scenario", files_read);
  DiagnosticSink sink;
  std::optional<Scenario> scenario = ParseScenario(text.bytes, text.name, program, sink);
  if (!scenario || sink.has_errors())
    ThrowDiagnostics(sink, EscapeTerminal(text.name) + ": not a valid scenario");
  LogWarnings(sink);
  return *scenario;
}

// The program from `text` (read from options.input): a compiled program, with options.graph for
// its assets, or a graph document compiled here.
void LoadProgramInput(const InputText& text, const InputOptions& options, DumpInput& out) {
  if (IsBytecode(text.bytes)) {
    LoadBytecode(text, out);
    if (!options.graph.empty())
      out.graph = LoadGraphDocument(Read(options.graph, "graph", out.files_read), options.graph,
                                    options.asset_dirs, out.files_read);
    if (options.needs_assets && !out.graph) {
      throw InputError{EscapeTerminal(text.name) +
                       ": a compiled program carries clip names but no assets: pass --graph GRAPH, the graph "
                       "document it was compiled from"};
    }
  } else {
    CheckDocumentText(text);
    if (!options.graph.empty())
      throw InputError{"--graph is only for a compiled .animbc input; '" + EscapeTerminal(text.name) +
                       "' is a graph document"};
    out.graph = LoadGraphDocument(text, options.input, options.asset_dirs, out.files_read);
    DiagnosticSink sink;
    std::optional<codegen::CompiledProgram> compiled =
        codegen::CompileGraph(out.graph->graph, out.graph->skeleton, out.graph->clips, sink);
    if (!compiled || sink.has_errors())
      ThrowDiagnostics(sink, EscapeTerminal(text.name) + ": the graph does not compile");
    out.program = std::move(compiled->program);
  }
}

// A capture's frames, played on the graph it names (or --graph): for a compiled program, the graph
// document it was recorded with supplies the assets.
void LoadCaptureInput(const InputText& text, const InputOptions& options, DumpInput& out) {
  if (!options.scenario.empty())
    throw InputError{"a capture holds its frames: --scenario is for a graph document or .animbc"};
  out.capture = DecodeCaptureText(text.bytes, text.name);
  if (out.capture->frames.empty())
    throw InputError(EscapeTerminal(text.name) + ": the capture holds no frames", kExitInvalidInput);
  const CaptureAssets& recorded = out.capture->assets;
  InputOptions source = options;
  source.input = options.graph.empty() ? recorded.graph : options.graph;
  if (source.input.empty()) throw InputError{"the capture names no graph: give one with --graph"};
  const InputText graph = Read(source.input, "graph", out.files_read);
  source.graph = IsBytecode(graph.bytes) ? recorded.graph_document : "";
  LoadProgramInput(graph, source, out);
  if (out.version_mismatch)
    throw InputError("cannot play the capture: " + out.version_warning, kExitInvalidInput);
}

}  // namespace

std::vector<const Clip*> DumpInput::clips() const {
  std::vector<const Clip*> out;
  if (graph) {
    for (const Clip& c : graph->clips)
      out.push_back(&c);
  }
  return out;
}

std::unique_ptr<DumpInput> LoadDumpInput(const InputOptions& options) {
  if (options.input == "-" && options.scenario == "-") {
    throw InputError{"the input and the scenario cannot both be standard input"};
  }
  auto out = std::make_unique<DumpInput>();
  // Every input is held to the document limit: a capture larger than that is for `replay` alone.
  const InputText text = Read(options.input, "input", out->files_read);
  if (IsCaptureText(text.bytes)) {
    if (!options.reads_capture)
      throw InputError{EscapeTerminal(text.name) +
                       " is a capture: tasks, reach, timeline, graph and pose show its frames and replay "
                       "re-executes them; this subcommand plays a graph document or .animbc"};
    LoadCaptureInput(text, options, *out);
    return out;
  }
  LoadProgramInput(text, options, *out);
  if (out->version_mismatch) {
    // A program of another version has no parameter table to read a scenario against: it shows
    // the bind pose for one frame, as the runtime does.
    if (!options.scenario.empty()) {
      spdlog::debug("the scenario is not played: the program is of another version");
      if (options.scenario != "-") out->files_read.Add(options.scenario);  // unread, still an input
    }
  } else if (!options.scenario.empty()) {
    out->scenario = LoadScenario(options.scenario, out->program, out->files_read);
  }
  return out;
}

ProgramBinding BindDumpInput(const DumpInput& input) {
  BindResult bound = ProgramBinding::Bind(input.program, *input.skeleton(), input.clips());
  // The binding's message names clips and bones of any bytes; the error line is terminal text.
  if (!bound.binding)
    throw InputError("cannot bind the program to its assets: " + EscapeTerminal(bound.error),
                     kExitInvalidInput);
  return std::move(*bound.binding);
}

}  // namespace anim::dump
