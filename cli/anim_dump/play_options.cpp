#include "cli/anim_dump/play_options.h"

#include <CLI/CLI.hpp>

#include "cli/common/command_line.h"

namespace anim::dump {

CLI::Option* AddPlayOptions(CLI::App* sub, InputOptions& input, std::string& frames,
                            std::string& diagnostics_format, const PlayHelp& help) {
  sub->add_option(
         "INPUT", input.input,
         "graph document (.yaml/.json, compiled in memory) or compiled .animbc; - for standard input")
      ->required()
      ->type_name("");
  sub->add_option("--graph", input.graph, "for a .animbc input: the graph document it was compiled from")
      ->type_name("GRAPH");
  sub->add_option("-I,--asset-path", input.asset_dirs, "look here for a graph's assets (repeatable)")
      ->type_name("DIR");
  CLI::Option* scenario = sub->add_option("-s,--scenario", input.scenario, help.scenario)->type_name("S");
  sub->add_option("--frames", frames, help.frames)->type_name("A:B");
  cli::Choices(sub->add_option("--diagnostics-format", diagnostics_format,
                               "a bad graph's or scenario's diagnostics as text (FILE:LINE:COL: "
                               "error[CODE]: ...) or json"),
               {"text", "json"}, true);
  return scenario;
}

}  // namespace anim::dump
