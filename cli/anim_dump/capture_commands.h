// anim-dump record and replay (docs/capture.md): a scenario's frames captured into an .animcap
// file, and a capture re-executed with this build's executor against the graph it names, compared
// frame by frame with what was recorded.
#pragma once

#include <string>

#include "cli/anim_dump/dump_input.h"

namespace CLI {
class App;
}

namespace anim::dump {

struct RecordOptions {
  InputOptions input;  // the graph (or .animbc with --graph), the scenario, -I
  std::string frames;  // --frames A:B, played from frame 0 (default: the whole scenario)
  std::string output;  // -o FILE.animcap
  std::string diagnostics_format = "text";
  bool quiet = false;
};

struct ReplayOptions {
  std::string capture;  // the .animcap file
  std::string graph;    // --graph: the graph document or .animbc to replay on (default: as recorded)
  std::string source;   // --source: for an .animbc, its graph document (default: as recorded)
  std::vector<std::string> asset_dirs;
  std::string format = "text";  // text or json
  std::string output = "-";
  std::string diagnostics_format = "text";
  bool quiet = false;
};

CLI::App* AddRecordSubcommand(CLI::App& app, RecordOptions& options);
CLI::App* AddReplaySubcommand(CLI::App& app, ReplayOptions& options);

// 0 written; 1 the graph, scenario or bytecode is wrong; 2 usage or I/O.
int RunRecordCommand(const RecordOptions& options);
// 0 identical; 1 a frame differs, or the capture is damaged or of other assets; 2 usage or I/O.
int RunReplayCommand(const ReplayOptions& options);

}  // namespace anim::dump
