// Loading what every anim-dump subcommand works on: the program (a graph document compiled in
// memory, or a compiled .animbc), the assets it binds to, and the scenario it plays.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/common/output_file.h"
#include "compiler/diag/diagnostics.h"
#include "compiler/graph/load_graph.h"
#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"
#include "vm/bytecode/program.h"
#include "vm/capture/anim_capture.h"
#include "vm/program_binding.h"
#include "vm/scenario.h"

namespace anim::dump {

struct InputOptions {
  // A graph document (.yaml/.json), a .animbc, or a capture (.animcap or its JSON form); "-" for
  // standard input.
  std::string input;
  // For a .animbc: the graph document it was compiled from (assets, validate). For a capture: the
  // graph or .animbc to play it on, instead of the one it names.
  std::string graph;
  std::string scenario;        // scenario file, "-" for standard input, empty for one frame of defaults
  bool needs_assets = true;    // false for `dis`, which only prints the program
  bool reads_capture = false;  // the subcommand shows a capture's frames (tasks, reach, timeline, ...)
  std::vector<std::string> asset_dirs;  // -I: where a graph's assets are looked for, as animc does
};

struct DumpInput {
  Program program;
  bool from_bytecode = false;
  bool version_mismatch = false;       // a .animbc of another bytecode version (header only)
  std::string version_warning;         // the loader's message for it
  std::optional<CompiledGraph> graph;  // the graph document, when there is one
  Scenario scenario;
  // The input was a capture: its frames are what the dumps show, played on `program` and `graph`
  // (the ones it names, or --graph).
  std::optional<AnimCapture> capture;
  cli::InputFiles files_read;  // every file read (input, graph, assets, scenario): never an output

  const Skeleton* skeleton() const { return graph ? &graph->skeleton : nullptr; }
  std::vector<const Clip*> clips() const;
};

inline constexpr int kExitInvalidInput = 1;  // the input is wrong: a malformed document, bytecode or asset
inline constexpr int kExitUsageOrIo = 2;     // a usage error, a file that cannot be read or written

// Thrown for every input problem: a message of one line, without the "anim-dump: error: " prefix,
// and for a document that does not read or compile, every diagnostic it has (printed in place of
// the message, as animc prints them).
struct InputError {
  explicit InputError(std::string text, int code = kExitUsageOrIo,
                      std::shared_ptr<const DiagnosticSink> found = nullptr)
      : message(std::move(text)), exit_code(code), diagnostics(std::move(found)) {}
  std::string message;
  int exit_code;
  std::shared_ptr<const DiagnosticSink> diagnostics;
};

// Loads, compiles, binds nothing yet. Throws InputError.
std::unique_ptr<DumpInput> LoadDumpInput(const InputOptions& options);

// The program bound to the input's skeleton and clips; InputError (exit 1) when it does not bind.
ProgramBinding BindDumpInput(const DumpInput& input);

}  // namespace anim::dump
