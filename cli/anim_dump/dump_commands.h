// anim-dump's subcommands once the command line is parsed: load the input, run the frames asked
// for and write the requested view of them. Every problem is one `anim-dump: error: ...` line.
#pragma once

#include <optional>
#include <string>

#include "cli/anim_dump/dump_input.h"
#include "cli/anim_dump/run_report.h"

namespace anim::dump {

enum class Command { Tasks, Reach, Timeline, Graph, Dis, Validate, Run, Pose, Root, Events, Export, Report };
enum class Format { Text, Json, Trace, Svg, Dot, Gltf, Glb, Html };

struct CommandOptions {
  InputOptions input;
  std::string frame;              // --frame N
  std::string frames;             // --frames A:B (tasks, reach, timeline, graph, pose, export, report)
  std::optional<int> run_frames;  // run --frames N: the first N frames (N >= 1); none: the whole scenario
  Format format = Format::Text;
  std::string output = "-";  // -o FILE, written atomically; "-" for standard output
  float tolerance = 1e-4f;
  FinalOutput final_output = FinalOutput::None;
  bool skeleton_only = false;  // export: the skeleton alone, without its glTF file's meshes
};

inline constexpr int kExitOk = 0;
inline constexpr int kExitDivergence = 1;  // validate: the task path and direct evaluation disagree
inline constexpr int kExitBadInput = 2;    // usage, unreadable or invalid input, frame out of range

int RunCommand(Command command, const CommandOptions& options);

}  // namespace anim::dump
