// anim-dump's subcommands once the command line is parsed: load the input, run the frames asked
// for and write the requested view of them. Every problem is one `anim-dump: error: ...` line.
#pragma once

#include <string>

#include "cli/anim_dump/dump_input.h"
#include "cli/anim_dump/run_report.h"

namespace anim::dump {

enum class Command { Tasks, Reach, Timeline, Graph, Dis, Validate, Run, Pose, Root, Events, Export, Report };
enum class Format { Text, Json, Trace, Svg, Dot, Gltf, Glb, Html };

struct CommandOptions {
  InputOptions input;
  std::string frame;   // --frame N
  std::string frames;  // --frames A:B
  Format format = Format::Text;
  std::string output = "-";  // -o FILE, written atomically; "-" for standard output
  float tolerance = 1e-4f;
  FinalOutput final_output = FinalOutput::None;
  bool json_diagnostics = false;  // --diagnostics-format json
  bool quiet = false;             // -q: no warnings among the diagnostics
  bool skeleton_only = false;     // export: the skeleton alone, without its glTF file's meshes
  bool all_frames = false;        // timeline --format svg: draw identical frames too
};

// And dump_input.h's kExitInvalidInput (1) and kExitUsageOrIo (2).
inline constexpr int kExitOk = 0;
inline constexpr int kExitDivergence = 1;  // validate: the task path and direct evaluation disagree

int RunCommand(Command command, const CommandOptions& options);

// A document's diagnostics as animc prints them (FILE:LINE:COL: error[CODE]: ..., or one JSON array
// with `json_diagnostics`; warnings unless `quiet`); any other problem as one `anim-dump: error:` line.
void ReportInputError(const InputError& e, bool json_diagnostics, bool quiet);

}  // namespace anim::dump
