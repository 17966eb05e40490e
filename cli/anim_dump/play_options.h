// The options of the subcommands that play a graph over its scenario on their own (record, profile,
// crowd), said the same way in each: the input and its graph, asset folders, the scenario, the
// frames and the diagnostics' format.
#pragma once

#include <string>

#include "cli/anim_dump/dump_input.h"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace anim::dump {

struct PlayHelp {
  const char* scenario;  // what -s/--scenario is for
  const char* frames;    // what --frames A:B selects
};

// Adds INPUT, --graph, -I, -s, --frames and --diagnostics-format; returns the scenario's option
// (crowd requires one).
CLI::Option* AddPlayOptions(CLI::App* sub, InputOptions& input, std::string& frames,
                            std::string& diagnostics_format, const PlayHelp& help);

}  // namespace anim::dump
