// animc's work once the command line is parsed: load the graph (file or standard input) through
// the front end, run the back end, write the requested output, the depfile and the statistics.
#pragma once

#include <string>
#include <vector>

namespace anim::animc {

enum class Emit { Bytecode, Ir, Asm, Json, Dot };
enum class DiagnosticsFormat { Text, Json };

struct Options {
  std::string input;  // a graph file, or "-" for standard input
  // A file, "-" for standard output, or empty: bytecode then goes to the graph's name with
  // .animbc in the working directory (required with a graph from standard input); the other
  // outputs go to standard output.
  std::string output;
  Emit emit = Emit::Bytecode;
  bool stats = false;
  bool no_fold = false;  // --no-fold: no pose is baked at compile time (A/B comparisons)
  // -W arguments as given: "error", "error=CODE", "no-CODE" (compiler/diag/warning_codes.h).
  std::vector<std::string> warning_options;
  bool quiet = false;  // -q: no warnings printed (errors still are)
  DiagnosticsFormat diagnostics_format = DiagnosticsFormat::Text;
  std::string depfile;  // empty: none
  // -I: where asset references not found beside the graph (nor in its asset_paths) are looked for.
  std::vector<std::string> asset_dirs;
};

inline constexpr int kExitSuccess = 0;
inline constexpr int kExitCompileError = 1;
inline constexpr int kExitUsageOrIo = 2;

// Diagnostics and tool errors go to stderr; results to `options.output`. Returns the exit code.
int RunAnimc(const Options& options);

}  // namespace anim::animc
