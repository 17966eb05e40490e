// anim-import's work once the command line is parsed: import, write the documents, summarise.
#pragma once

#include <string>
#include <vector>

#include "executor/pose/clip.h"

namespace anim::import_tool {

inline constexpr int kExitSuccess = 0;
inline constexpr int kExitImportError = 1;
inline constexpr int kExitUsageOrIo = 2;

enum class ReportFormat { Text, Json };
enum class DiagnosticsFormat { Text, Json };

struct Options {
  std::string input;
  std::string output_dir;
  int skin = 0;
  double rate = 0.0;  // 0: each animation's own key rate, raised while the clip strays from the source
  ClipEncoding encoding = ClipEncoding::Compressed;  // what the documents ask to be held as
  double precision = 0.0;                            // skeleton units; 0: the default for its height
  ReportFormat report = ReportFormat::Text;
  bool warnings_as_errors = false;
  std::vector<std::string> marker_feet;  // --markers feet:BONE_L,BONE_R
  bool tree = false;                     // print the skeleton's hierarchy instead of the report
  bool quiet = false;                    // no warnings
  DiagnosticsFormat diagnostics_format = DiagnosticsFormat::Text;
};

// A file-name stem from a clip name: letters, digits, '-', '_' and '.' kept, anything else '_';
// never empty, never starting with '.'.
std::string SanitizeFileStem(const std::string& name);

// Imports `options.input` and writes DIR/skeleton.yaml and DIR/<clip>.json by the tools' output
// policy (cli/common/output_file.h). Every file is written to a temporary first and renamed only
// once all are written, so a failure leaves DIR as it was. With `tree` and no DIR, writes nothing.
// Diagnostics go to standard error, the report (import_report.h) or the tree (import_tree.h) to
// standard output.
int RunImport(const Options& options);

}  // namespace anim::import_tool
