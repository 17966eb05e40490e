#include "cli/anim_dump/profile_commands.h"

#include <unistd.h>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <climits>
#include <cstdint>

#include "cli/anim_dump/dump_commands.h"
#include "cli/anim_dump/frame_capture.h"
#include "cli/anim_dump/play_options.h"
#include "cli/anim_dump/profile_report.h"
#include "cli/anim_dump/profile_run.h"
#include "cli/anim_dump/profile_summary.h"
#include "cli/anim_dump/profile_trace.h"
#include "cli/anim_dump/progress.h"
#include "cli/common/command_line.h"
#include "cli/common/tool_logger.h"
#include "compiler/diag/escape.h"
#include "vm/program_binding.h"

namespace anim::dump {
namespace {

constexpr int kMaxRepeat = 10000;

}  // namespace

CLI::App* AddProfileSubcommand(CLI::App& app, ProfileOptions& o) {
  CLI::App* sub = app.add_subcommand(
      "profile",
      "play the scenario many times and time it: per task type, per graph node and per frame (mean, p50, "
      "p99), the executor's overhead and the pool's traffic");
  sub->footer(
      "Example:\n  anim-dump profile samples/locomotion.yaml --scenario samples/locomotion.scenario.yaml "
      "--repeat 20 --format trace -o profile.trace.json");
  AddPlayOptions(
      sub, o.input, o.frames, o.diagnostics_format,
      {.scenario = "the scenario to play (default: one frame of defaults)",
       .frames = "time frames A through B, inclusive, played from frame 0 (default: the whole scenario)"});
  cli::NumberIn(sub->add_option("--repeat", o.repeat,
                                "timed plays of the frames, each beside an untimed one (default 20)"),
                1, kMaxRepeat, "N");
  cli::Choices(sub->add_option("-f,--format", o.format,
                               "text (tables), json or trace (Chrome trace-event JSON of the median play)"),
               {"text", "json", "trace"}, true);
  sub->add_option("-o,--output", o.output, "write to FILE (atomically) instead of standard output")
      ->type_name("FILE");
  return sub;
}

int RunProfileCommand(const ProfileOptions& o) {
  try {
    const std::unique_ptr<DumpInput> input = LoadDumpInput(o.input);
    if (input->version_mismatch)
      throw InputError("cannot profile: " + input->version_warning, kExitInvalidInput);
    const ProgramBinding binding = BindDumpInput(*input);
    const int frame_count = input->scenario.frame_count;
    const FrameRange range =
        SelectFrames("", o.frames.empty() ? "0:" + std::to_string(frame_count - 1) : o.frames, frame_count);

    // Every play runs frames 0..B; the progress line counts them all (in an int).
    const int64_t total = (range.last + 1) * (2 * int64_t{o.repeat} + 1);
    Progress progress("frame", static_cast<int>(std::min<int64_t>(total, INT_MAX)));
    int64_t played = 0;
    const ProfileRun run = RunProfile(binding, input->scenario, range, o.repeat, [&] {
      progress.Update(static_cast<int>(std::min<int64_t>(++played, INT_MAX)));
    });
    std::string text;
    if (o.format == "trace") {
      text = ProfileTrace(run, o.input.input);
    } else if (o.format == "json") {
      text = ProfileJson(Summarize(run), o.input.input);
    } else {
      // Colour only for text on a terminal, and never when NO_COLOR is set.
      const bool colour = o.output == "-" && isatty(STDOUT_FILENO) == 1 && !cli::NoColorRequested();
      text = ProfileText(Summarize(run), o.input.input, colour);
    }
    std::string error;
    if (!cli::WriteOutput(o.output, text, input->files_read, error)) throw InputError{error};
    return kExitOk;
  } catch (const InputError& e) {
    ReportInputError(e, o.diagnostics_format == "json", o.quiet);
    return e.exit_code;
  }
}

}  // namespace anim::dump
