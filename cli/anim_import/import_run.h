// anim-import's work once the command line is parsed: import, write the documents, summarise.
#pragma once

#include <string>

namespace anim::import_tool {

inline constexpr int kExitSuccess = 0;
inline constexpr int kExitImportError = 1;
inline constexpr int kExitUsageOrIo = 2;

struct Options {
  std::string input;
  std::string output_dir;
  int skin = 0;
  double rate = 0.0;  // 0: each animation's own key rate
  bool warnings_as_errors = false;
};

// A file-name stem from a clip name: letters, digits, '-', '_' and '.' kept, anything else '_';
// never empty, never starting with '.'.
std::string SanitizeFileStem(const std::string& name);

// Imports `options.input` and writes DIR/skeleton.yaml and DIR/<clip>.json by the tools' output
// policy (cli/common/output_file.h). Every file is written to a temporary first and renamed only
// once all are written, so a failure leaves DIR as it was.
// Diagnostics go to standard error, the per-clip summary to standard output.
int RunImport(const Options& options);

}  // namespace anim::import_tool
