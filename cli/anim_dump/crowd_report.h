// anim-dump crowd: N copies of one graph playing one scenario as a Crowd (crowd/crowd.h) on T
// threads, with the crowd's update-rate stagger, visibility, LOD bands and followers, reported per
// frame: entities updated, skipped and gated, tasks executed, pool buffers per thread, and the
// time each mechanism saved (docs/crowd.md).
#pragma once

#include <optional>
#include <string>

#include "cli/anim_dump/dump_input.h"

namespace CLI {
class App;
}

namespace anim::dump {

struct CrowdOptions {
  InputOptions input;         // the graph and the scenario every entity plays
  int count = 0;              // --count: entities
  int threads = 0;            // --threads: 0 = every core
  int stagger = 1;            // --stagger K: each entity updates every K-th frame
  double invisible = 0.0;     // --invisible FRACTION of the entities, spread evenly
  double followers = 0.0;     // --followers FRACTION, each copying the entity before it that leads
  std::string lod;            // --lod D:BONES,...: LOD bands by distance
  std::optional<int> frames;  // --frames N: the first N frames (default: the whole scenario)
  bool json = false;          // --json
  std::string output = "-";   // -o FILE
};

// Adds the `crowd` subcommand to anim-dump's command line, filling `options`.
CLI::App* AddCrowdSubcommand(CLI::App& app, CrowdOptions& options);

// Runs the command; every problem is one `anim-dump: error: ...` line and exit code 2.
int RunCrowdCommand(const CrowdOptions& options);

}  // namespace anim::dump
