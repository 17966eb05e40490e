// anim-dump: offline inspection of animation graphs and compiled programs: the recorded task list,
// reachability, the pose buffer timeline, the task graph, disassembly, validation and per-frame
// run summaries. Usage and exit codes: docs/cli.md.
#include <spdlog/spdlog.h>
#include <CLI/CLI.hpp>

#include <cctype>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <vector>

#include "cli/anim_dump/capture_commands.h"
#include "cli/anim_dump/crowd_report.h"
#include "cli/anim_dump/dump_commands.h"
#include "cli/anim_dump/profile_commands.h"
#include "cli/anim_dump/report_data.h"
#include "cli/common/command_line.h"
#include "cli/common/tool_logger.h"
#include "cli/common/tool_main.h"
#include "cli/common/version.h"
#include "compiler/diag/suggest.h"

namespace {

using anim::dump::Command;
using anim::dump::CommandOptions;
using anim::dump::Format;

const char* kInputHelp =
    "graph document (.yaml/.json, compiled in memory), compiled .animbc, or for tasks, reach, timeline, "
    "graph and pose a capture (.animcap or its JSON form); - for standard input";

struct Subcommand {
  const char* name;
  Command command;
  const char* description;
  const char* example;
};

constexpr Subcommand kSubcommands[] = {
    {"tasks", Command::Tasks,
     "the recorded task list: index, type, stage, dependencies, key fields, node, reachability",
     "anim-dump tasks samples/worked_example.yaml --scenario samples/worked_example.scenario.yaml --frame "
     "130"},
    {"reach", Command::Reach,
     "reachability: which tasks ran, which were pruned and why, use counts, dependency levels",
     "anim-dump reach samples/worked_example.yaml --scenario samples/worked_example.scenario.yaml --frame "
     "130 --format json"},
    {"timeline", Command::Timeline,
     "the pose buffer timeline: acquire, steal and release per executed task, live buffers, peak",
     "anim-dump timeline samples/worked_example.yaml --scenario samples/worked_example.scenario.yaml "
     "--frames 120:140 "
     "--format trace -o timeline.trace.json"},
    {"graph", Command::Graph, "the recorded task graph as Graphviz DOT (pruned tasks greyed, steals marked)",
     "anim-dump graph samples/worked_example.yaml --scenario samples/worked_example.scenario.yaml --frame "
     "130 "
     "--format dot | dot -Tsvg -o tasks.svg"},
    {"dis", Command::Dis, "disassembly of the program (as animc --emit asm)",
     "anim-dump dis build/worked_example.animbc"},
    {"validate", Command::Validate,
     "compare the task path with direct evaluation; exit 0 agree, 1 divergence, 2 bad input",
     "anim-dump validate samples/locomotion.yaml --scenario samples/locomotion.scenario.yaml"},
    {"run", Command::Run,
     "per-frame summary: machine states, transitions started, task and reachable counts, peak buffers",
     "anim-dump run samples/litmus.yaml --scenario samples/litmus.scenario.yaml --frames 0:59"},
    {"root", Command::Root,
     "where root motion takes the character: per frame the root motion and the accumulated root, or "
     "its trajectory from above (svg)",
     "anim-dump root samples/locomotion.yaml --scenario samples/locomotion.scenario.yaml --format svg -o "
     "root.svg"},
    {"events", Command::Events,
     "the events each frame fired: name, phase, source (clip player, state, transition) and weight",
     "anim-dump events samples/locomotion.yaml --scenario samples/locomotion.scenario.yaml"},
    {"pose", Command::Pose,
     "the output pose: per bone, local translation, rotation and scale after the root lock, model-space "
     "and skinning matrices",
     "anim-dump pose samples/worked_example.yaml --scenario samples/worked_example.scenario.yaml --frames "
     "120:130 --format json"},
    {"export", Command::Export,
     "the output over the scenario as an animated glTF 2.0 file (.glb or .gltf) any glTF viewer plays",
     "anim-dump export samples/locomotion.yaml --scenario samples/locomotion.scenario.yaml -o "
     "locomotion.glb"},
    {"report", Command::Report,
     "an HTML debugger in one self-contained file: scrub the frames and see the tasks, buffers, machines, "
     "parameters, curves, events, root and skeleton",
     "anim-dump report samples/locomotion.yaml --scenario samples/locomotion.scenario.yaml -o "
     "report.html"},
};

void AddInputOptions(CLI::App* sub, CommandOptions& o, std::string& diagnostics_format) {
  sub->add_option("INPUT", o.input.input, kInputHelp)->required()->type_name("");
  sub->add_option(
         "--graph", o.input.graph,
         "for a .animbc input: the graph document it was compiled from (its skeleton and clips; validate's "
         "direct evaluation); for a capture: the graph or .animbc to play it on (default: the one it names)")
      ->type_name("GRAPH");
  sub->add_option("-o,--output", o.output, "write to FILE (atomically) instead of standard output")
      ->type_name("FILE");
  sub->add_option("-I,--asset-path", o.input.asset_dirs,
                  "look here for a graph's skeleton, clip and glTF files not found beside it (repeatable)")
      ->type_name("DIR");
  anim::cli::Choices(sub->add_option("--diagnostics-format", diagnostics_format,
                                     "a bad graph's or scenario's diagnostics as text (FILE:LINE:COL: "
                                     "error[CODE]: ...) or json"),
                     {"text", "json"}, true);
}

void AddScenario(CLI::App* sub, CommandOptions& o) {
  sub->add_option("-s,--scenario", o.input.scenario,
                  "scenario file (- for standard input); without one, a single frame with default parameters")
      ->type_name("S");
}

void AddFrameRange(CLI::App* sub, CommandOptions& o, const std::string& help) {
  sub->add_option("--frames", o.frames, help)->type_name("A:B");
}

void AddFormat(CLI::App* sub, std::string& format, const std::vector<std::string>& names,
               const std::string& help) {
  anim::cli::Choices(sub->add_option("-f,--format", format, help), names, true);
}

std::string Lower(std::string s) {
  for (char& c : s)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// `name` is one of the subcommand's formats (Choices leaves it in lower case).
Format ParseFormat(const std::string& name) {
  const std::map<std::string, Format> formats{
      {"text", Format::Text}, {"json", Format::Json}, {"trace", Format::Trace}, {"svg", Format::Svg},
      {"dot", Format::Dot},   {"gltf", Format::Gltf}, {"glb", Format::Glb},     {"html", Format::Html}};
  return formats.at(name);
}

// The first argument that is not an option names the subcommand (the tool's own options, -v, -q,
// --help and --version, take no value). One that names none is refused here with the list, and a
// likely intended one, rather than as CLI11's "A subcommand is required".
std::optional<std::string> CheckSubcommand(int argc, char** argv) {
  std::vector<std::string_view> names;
  std::string list;
  for (const Subcommand& s : kSubcommands) {
    names.push_back(s.name);
    list += list.empty() ? s.name : std::string(", ") + s.name;
  }
  for (const char* name : {"crowd", "record", "replay", "profile"}) {
    names.push_back(name);
    list += std::string(", ") + name;
  }
  bool help_or_version = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "-h" || arg == "--help" || arg == "--help-all" || arg == "--version") help_or_version = true;
    if (arg.size() > 1 && arg[0] == '-') continue;
    for (std::string_view name : names) {
      if (arg == name) return std::nullopt;
    }
    const std::optional<std::string> close = anim::SuggestClosest(arg, names);
    return "unknown subcommand '" + std::string(arg) + "'" +
           (close ? " (did you mean '" + *close + "'?)" : std::string()) + "; the subcommands are " + list;
  }
  if (help_or_version) return std::nullopt;
  return "a subcommand is required: anim-dump SUBCOMMAND INPUT [options], where SUBCOMMAND is one of " + list;
}

int Main(int argc, char** argv) {
  anim::cli::InstallToolLogger("anim-dump");

  CLI::App app{"anim-dump: inspect animation graphs and compiled programs offline"};
  app.footer("Exit codes: 0 success, 1 validation divergence, 2 bad input or usage. See docs/cli.md.");
  app.require_subcommand(1);
  app.fallthrough();
  bool verbose = false, quiet = false;
  app.add_flag("-v,--verbose", verbose, "log more (every diagnostic of a bad input)");
  app.add_flag("-q,--quiet", quiet, "log only errors");
  app.set_version_flag("--version", anim::cli::VersionText("anim-dump"),
                       "print the tool version, the bytecode version and the source revision");

  if (const std::optional<std::string> problem = CheckSubcommand(argc, argv)) {
    spdlog::error("{}", *problem);
    return anim::dump::kExitUsageOrIo;
  }

  CommandOptions options;
  Command chosen = Command::Tasks;
  std::string format = "text";  // checked per subcommand
  std::string diagnostics_format = "text";
  std::string final_output;
  const CLI::Option* export_format = nullptr;
  for (const Subcommand& s : kSubcommands) {
    CLI::App* sub = app.add_subcommand(s.name, s.description);
    sub->footer(std::string("Example:\n  ") + s.example);
    sub->callback([&chosen, command = s.command] { chosen = command; });
    AddInputOptions(sub, options, diagnostics_format);
    switch (s.command) {
      case Command::Tasks:
      case Command::Reach:
      case Command::Timeline:
      case Command::Graph:
      case Command::Pose: {
        AddScenario(sub, options);
        auto* frame = sub->add_option("--frame", options.frame,
                                      s.command == Command::Timeline
                                          ? "the frame to show (default: the scenario's last; for trace and "
                                            "svg the whole scenario)"
                                          : "the frame to show (default: the scenario's last)");
        sub->add_option("--frames", options.frames, "frames A through B, inclusive; JSON is then an array")
            ->excludes(frame)
            ->type_name("A:B");
        if (s.command == Command::Timeline) {
          AddFormat(sub, format, {"text", "json", "trace", "svg"},
                    "text, json, trace (Chrome trace-event JSON) or svg");
          sub->add_flag("--all-frames", options.all_frames,
                        "svg: draw every frame, also those whose buffer timeline is the same as the frame "
                        "before (by default a run of them is drawn once, marked xN)");
        } else if (s.command == Command::Graph) {
          AddFormat(sub, format, {"dot"}, "dot (Graphviz; the default)");
        } else if (s.command == Command::Pose) {
          AddFormat(sub, format, {"text", "json", "svg"},
                    "text, json or svg (the skeleton drawn from the front, side and top, a panel per frame)");
        } else {
          AddFormat(sub, format, {"text", "json"}, "text or json");
        }
        break;
      }
      case Command::Export:
        AddScenario(sub, options);
        sub->add_option("--frames", options.frames,
                        "frames A through B, inclusive (default: the whole scenario)");
        AddFormat(sub, format, {"glb", "gltf"},
                  "glb (binary, the default) or gltf (JSON with the buffer embedded); by default as -o's "
                  "extension says");
        export_format = sub->get_option("--format");
        sub->add_flag("--skeleton-only", options.skeleton_only,
                      "write the skeleton alone, without the meshes of the glTF file it came from");
        break;
      case Command::Report:
        AddScenario(sub, options);
        sub->add_option("--frames", options.frames,
                        "frames A through B, inclusive (default: the whole scenario); at most " +
                            std::to_string(anim::dump::kMaxReportFrames));
        break;
      case Command::Dis:
        break;
      case Command::Validate:
        AddScenario(sub, options);
        anim::cli::NumberIn(sub->add_option("--tolerance", options.tolerance,
                                            "largest accepted absolute difference (default 1e-4)"),
                            0.0, std::numeric_limits<double>::max(), "DIFF");
        break;
      case Command::Events:
        AddScenario(sub, options);
        AddFormat(sub, format, {"text", "json"}, "text or json");
        AddFrameRange(sub, options, "report frames A through B, inclusive (default: the whole scenario)");
        break;
      case Command::Root:
        AddScenario(sub, options);
        AddFormat(sub, format, {"text", "svg"}, "text or svg");
        AddFrameRange(sub, options, "report frames A through B, inclusive (default: the whole scenario)");
        break;
      case Command::Run: {
        AddScenario(sub, options);
        AddFrameRange(sub, options, "report frames A through B, inclusive (default: the whole scenario)");
        AddFormat(sub, format, {"text", "json"}, "text or json");
        anim::cli::Choices(
            sub->add_option("--final", final_output,
                            "with --format json: add the last frame's local pose or skinning matrices"),
            {"pose", "skinning"}, true);
        break;
      }
    }
  }

  anim::dump::CrowdOptions crowd;
  const CLI::App* crowd_sub = anim::dump::AddCrowdSubcommand(app, crowd);
  anim::dump::RecordOptions record;
  const CLI::App* record_sub = anim::dump::AddRecordSubcommand(app, record);
  anim::dump::ReplayOptions replay;
  const CLI::App* replay_sub = anim::dump::AddReplaySubcommand(app, replay);
  anim::dump::ProfileOptions profile;
  const CLI::App* profile_sub = anim::dump::AddProfileSubcommand(app, profile);

  if (const std::optional<int> exit_code = anim::cli::ParseCommandLine(app, argc, argv)) return *exit_code;
  if (verbose && quiet) {
    spdlog::error("--verbose and --quiet cannot be used together");
    return anim::dump::kExitUsageOrIo;
  }
  spdlog::set_level(verbose ? spdlog::level::debug : (quiet ? spdlog::level::err : spdlog::level::info));
  options.quiet = quiet;
  options.json_diagnostics = diagnostics_format == "json";
  if (crowd_sub->parsed()) {
    crowd.quiet = quiet;
    return anim::dump::RunCrowdCommand(crowd);
  }
  if (record_sub->parsed()) {
    record.quiet = quiet;
    return anim::dump::RunRecordCommand(record);
  }
  if (replay_sub->parsed()) {
    replay.quiet = quiet;
    return anim::dump::RunReplayCommand(replay);
  }
  if (profile_sub->parsed()) {
    profile.quiet = quiet;
    return anim::dump::RunProfileCommand(profile);
  }
  // `graph` prints DOT whether or not --format dot is given, `report` HTML; `export` writes what
  // -o's extension names unless --format says.
  if (chosen == Command::Graph) format = "dot";
  if (chosen == Command::Report) format = "html";
  if (chosen == Command::Export && export_format->count() == 0)
    format = Lower(options.output).ends_with(".gltf") ? "gltf" : "glb";
  options.format = ParseFormat(format);
  options.final_output = final_output == "pose"       ? anim::dump::FinalOutput::Pose
                         : final_output == "skinning" ? anim::dump::FinalOutput::Skinning
                                                      : anim::dump::FinalOutput::None;
  return anim::dump::RunCommand(chosen, options);
}

}  // namespace

int main(int argc, char** argv) {
  return anim::cli::GuardedMain("anim-dump", [&] { return Main(argc, argv); });
}
