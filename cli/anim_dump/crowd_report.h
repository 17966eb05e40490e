// anim-dump crowd: N copies of one graph playing one scenario as a Crowd (crowd/crowd.h) on T
// threads, with the crowd's update-rate stagger, visibility, LOD bands and followers, reported per
// frame: entities updated, skipped and gated, tasks executed, pool buffers per thread, and the
// time each mechanism saved (docs/crowd.md).
#pragma once

#include <string>

#include "cli/anim_dump/dump_input.h"

namespace CLI {
class App;
}

namespace anim::dump {

struct CrowdOptions {
  InputOptions input;        // the graph and the scenario every entity plays
  int count = 0;             // --count: entities
  int threads = 0;           // --threads: 0 = every core
  int stagger = 1;           // --stagger K: each entity updates every K-th frame
  double invisible = 0.0;    // --invisible FRACTION of the entities, spread evenly
  double followers = 0.0;    // --followers FRACTION, each copying the entity before it that leads
  std::string lod;           // --lod D:BONES,...: LOD bands by distance
  std::string frames;        // --frames A:B: report frames A through B, played from 0 (default: all)
  bool json = false;         // --json
  std::string output = "-";  // -o FILE
  std::string diagnostics_format = "text";  // --diagnostics-format text|json
  bool quiet = false;                       // -q: no warnings among the diagnostics
};

// Adds the `crowd` subcommand to anim-dump's command line, filling `options`.
CLI::App* AddCrowdSubcommand(CLI::App& app, CrowdOptions& options);

// Runs the command. A graph or scenario that does not read or compile gets its diagnostics as animc
// prints them and exit code 1, as does a program that does not bind; every other problem is one
// `anim-dump: error: ...` line and exit code 2.
int RunCrowdCommand(const CrowdOptions& options);

}  // namespace anim::dump
