// anim-dump profile: the scenario played many times through the VM and the executor, reported as
// time per task type, per graph node and per frame (mean, p50, p99), the executor's overhead and
// the pool's traffic, as text tables, JSON or a Chrome trace of one play (docs/cli.md,
// docs/performance.md).
#pragma once

#include <string>

#include "cli/anim_dump/dump_input.h"

namespace CLI {
class App;
}

namespace anim::dump {

struct ProfileOptions {
  InputOptions input;           // the graph (or .animbc with --graph), the scenario, -I
  std::string frames;           // --frames A:B, played from frame 0 (default: the whole scenario)
  int repeat = 20;              // --repeat N: timed plays (and as many untimed ones)
  std::string format = "text";  // text, json or trace
  std::string output = "-";
  std::string diagnostics_format = "text";
  bool quiet = false;
};

CLI::App* AddProfileSubcommand(CLI::App& app, ProfileOptions& options);

// 0 written; 1 the graph, scenario or bytecode is wrong; 2 usage or I/O.
int RunProfileCommand(const ProfileOptions& options);

}  // namespace anim::dump
