#include "cli/anim_dump/dump_input.h"

#include <spdlog/spdlog.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "compiler/codegen/compile.h"
#include "compiler/scenario/scenario_reader.h"
#include "vm/bytecode/program_loader.h"

namespace anim::dump {
namespace {

struct InputText {
  std::string name;  // the path, or "<stdin>"
  std::string bytes;
};

InputText Read(const std::string& path, const char* what) {
  if (path == "-") {
    return {"<stdin>",
            std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>())};
  }
  std::error_code ec;
  if (!std::filesystem::exists(path, ec))
    throw InputError{"cannot open " + std::string(what) + " '" + path + "': no such file"};
  if (std::filesystem::is_directory(path, ec))
    throw InputError{"cannot open " + std::string(what) + " '" + path + "': it is a directory"};
  std::ifstream file(path, std::ios::binary);
  if (!file) throw InputError{"cannot open " + std::string(what) + " '" + path + "': permission denied"};
  std::ostringstream text;
  text << file.rdbuf();
  return {path, text.str()};
}

// The first error as one line; every diagnostic is logged at debug level (-v).
[[noreturn]] void ThrowDiagnostics(const DiagnosticSink& sink, const std::string& fallback) {
  spdlog::debug("diagnostics:\n{}", FormatText(sink));
  for (const Diagnostic& d : sink.diagnostics()) {
    if (d.severity != Severity::Error) continue;
    std::string line = FormatLocation(d.location) + ": ";
    if (!d.code.empty()) line += "[" + d.code + "] ";
    line += d.message;
    const int more = sink.error_count() - 1;
    if (more > 0) line += " (and " + std::to_string(more) + " more; -v shows all)";
    throw InputError{line};
  }
  throw InputError{fallback};
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

CompiledGraph LoadGraphDocument(const InputText& text, const std::string& path) {
  DiagnosticSink sink;
  std::optional<CompiledGraph> graph =
      path == "-" ? ParseGraph(text.bytes, text.name, "", sink) : LoadGraph(path, sink);
  if (!graph || sink.has_errors()) ThrowDiagnostics(sink, text.name + ": not a valid graph document");
  LogWarnings(sink);
  return std::move(*graph);
}

void LoadBytecode(const InputText& text, DumpInput& out) {
  const std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(text.bytes.data()),
                                       text.bytes.size());
  LoadResult loaded = LoadVerifiedProgram(bytes);
  out.from_bytecode = true;
  if (loaded.outcome == LoadOutcome::Error) throw InputError{text.name + ": " + loaded.error};
  out.version_mismatch = loaded.outcome == LoadOutcome::VersionMismatch;
  out.version_warning = loaded.error;
  out.program = std::move(loaded.program);
}

Scenario LoadScenario(const std::string& path, const Program& program) {
  const InputText text = Read(path, "scenario");
  DiagnosticSink sink;
  std::optional<Scenario> scenario = ParseScenario(text.bytes, text.name, program, sink);
  if (!scenario || sink.has_errors()) ThrowDiagnostics(sink, text.name + ": not a valid scenario");
  LogWarnings(sink);
  return *scenario;
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
  const InputText text = Read(options.input, "input");
  if (IsBytecode(text.bytes)) {
    LoadBytecode(text, *out);
    if (!options.graph.empty()) out->graph = LoadGraphDocument(Read(options.graph, "graph"), options.graph);
    if (options.needs_assets && !out->graph) {
      throw InputError{text.name +
                       ": a compiled program carries clip names but no assets: pass --graph GRAPH, the graph "
                       "document it was compiled from"};
    }
  } else {
    if (!options.graph.empty())
      throw InputError{"--graph is only for a compiled .animbc input; '" + text.name +
                       "' is a graph document"};
    out->graph = LoadGraphDocument(text, options.input);
    DiagnosticSink sink;
    std::optional<codegen::CompiledProgram> compiled = codegen::CompileGraph(out->graph->graph, sink);
    if (!compiled || sink.has_errors()) ThrowDiagnostics(sink, text.name + ": the graph does not compile");
    out->program = std::move(compiled->program);
  }
  if (out->version_mismatch) {
    // A program of another version has no parameter table to read a scenario against: it shows
    // the bind pose for one frame, as the runtime does.
    if (!options.scenario.empty())
      spdlog::debug("the scenario is not played: the program is of another version");
  } else if (!options.scenario.empty()) {
    out->scenario = LoadScenario(options.scenario, out->program);
  }
  return out;
}

}  // namespace anim::dump
