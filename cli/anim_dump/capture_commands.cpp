#include "cli/anim_dump/capture_commands.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/anim_dump/capture_input.h"
#include "cli/anim_dump/capture_json.h"
#include "cli/anim_dump/dump_commands.h"
#include "cli/anim_dump/frame_capture.h"
#include "cli/anim_dump/play_options.h"
#include "cli/anim_dump/progress.h"
#include "cli/common/command_line.h"
#include "compiler/diag/escape.h"
#include "vm/capture/capture_file.h"
#include "vm/capture/capture_replay.h"
#include "vm/capture/frame_recorder.h"

namespace anim::dump {
namespace {

struct Bound {
  std::unique_ptr<DumpInput> input;
  std::optional<ProgramBinding> binding;
};

Bound BindInput(const InputOptions& options, const char* doing) {
  Bound b;
  b.input = LoadDumpInput(options);
  if (b.input->version_mismatch)
    throw InputError(std::string("cannot ") + doing + ": " + b.input->version_warning, kExitInvalidInput);
  b.binding.emplace(BindDumpInput(*b.input));
  return b;
}

}  // namespace

CLI::App* AddRecordSubcommand(CLI::App& app, RecordOptions& o) {
  CLI::App* sub = app.add_subcommand(
      "record",
      "capture the scenario's frames into an .animcap file: per frame the task list, parameters, the "
      "state the tasks read and what they produced (docs/capture.md)");
  sub->footer(
      "Example:\n  anim-dump record samples/locomotion.yaml --scenario samples/locomotion.scenario.yaml "
      "--frames 200:260 -o run.animcap");
  AddPlayOptions(sub, o.input, o.frames, o.diagnostics_format,
                 {.scenario = "the scenario to play (default: one frame of defaults)",
                  .frames = "capture frames A through B, inclusive, played from frame 0 (default: all)"});
  sub->add_option("-o,--output", o.output,
                  "the capture file to write (atomically); a name ending in .json gets the JSON form")
      ->required()
      ->type_name("FILE");
  return sub;
}

CLI::App* AddReplaySubcommand(CLI::App& app, ReplayOptions& o) {
  CLI::App* sub = app.add_subcommand(
      "replay",
      "re-execute a capture's task lists with this build's executor and compare with what was recorded: "
      "identical, or the first divergent frame, task and bone");
  sub->footer("Example:\n  anim-dump replay run.animcap --graph samples/locomotion.yaml");
  sub->add_option("CAPTURE", o.capture,
                  "a capture written by anim-dump record or FrameRecorder (.animcap, or its JSON form)")
      ->required()
      ->type_name("");
  sub->add_option("--graph", o.graph,
                  "the graph document or .animbc to replay on (default: the one recorded)")
      ->type_name("GRAPH");
  sub->add_option("--source", o.source,
                  "for a .animbc: the graph document it was compiled from (default: as recorded)")
      ->type_name("GRAPH");
  sub->add_option("-I,--asset-path", o.asset_dirs, "look here for a graph's assets (repeatable)")
      ->type_name("DIR");
  cli::Choices(sub->add_option("-f,--format", o.format, "text or json"), {"text", "json"}, true);
  sub->add_option("-o,--output", o.output, "write to FILE (atomically) instead of standard output")
      ->type_name("FILE");
  cli::Choices(sub->add_option("--diagnostics-format", o.diagnostics_format,
                               "a bad graph's diagnostics as text (FILE:LINE:COL: error[CODE]: ...) or json"),
               {"text", "json"}, true);
  return sub;
}

int RunRecordCommand(const RecordOptions& o) {
  try {
    const Bound b = BindInput(o.input, "record");
    const int frame_count = b.input->scenario.frame_count;
    const FrameRange range =
        SelectFrames("", o.frames.empty() ? "0:" + std::to_string(frame_count - 1) : o.frames, frame_count);
    AnimInstance instance(b.input->program);
    Progress progress("frame", range.last + 1);
    AnimCapture capture = RecordScenario(*b.binding, instance, b.input->scenario, range.first, range.last,
                                         o.input.input, [&](int frame) { progress.Update(frame + 1); });
    capture.assets.graph_document = o.input.graph;
    std::string error;
    bool written = false;
    if (o.output.ends_with(".json")) {
      written = cli::WriteOutput(o.output, CaptureToJson(capture), b.input->files_read, error);
    } else {
      const std::vector<uint8_t> bytes = EncodeCapture(capture);
      written = cli::WriteOutput(o.output, {reinterpret_cast<const char*>(bytes.data()), bytes.size()},
                                 b.input->files_read, error);
    }
    if (!written) throw InputError{error};
    return kExitOk;
  } catch (const InputError& e) {
    ReportInputError(e, o.diagnostics_format == "json", o.quiet);
    return e.exit_code;
  }
}

int RunReplayCommand(const ReplayOptions& o) {
  try {
    const AnimCapture capture = ReadCaptureFile(o.capture);
    const CaptureAssets& recorded = capture.assets;
    InputOptions in;
    in.input = !o.graph.empty() ? o.graph : recorded.graph;
    in.graph = !o.source.empty() ? o.source : recorded.graph_document;
    in.asset_dirs = o.asset_dirs;
    if (in.input.empty()) throw InputError{"the capture names no graph: give one with --graph"};
    const Bound b = BindInput(in, "replay");
    const ReplayOutcome outcome = ReplayCapture(capture, *b.binding);

    std::string out;
    if (o.format == "json") {
      const auto or_null = [](int v) { return v < 0 ? nlohmann::json() : nlohmann::json(v); };
      out = nlohmann::json{{"capture", o.capture},
                           {"graph", in.input},
                           {"identical", outcome.identical},
                           {"frames_replayed", outcome.frames},
                           {"frame", or_null(outcome.frame)},
                           {"task", or_null(outcome.task)},
                           {"bone", or_null(outcome.bone)},
                           {"message", outcome.message}}
                .dump(2) +
            "\n";
    } else {
      out = EscapeTerminal(o.capture) + ": " + EscapeTerminal(outcome.message) + "\n";
    }
    cli::InputFiles inputs = b.input->files_read;
    inputs.Add(o.capture);
    std::string error;
    if (!cli::WriteOutput(o.output, out, inputs, error)) throw InputError{error};
    return outcome.identical ? kExitOk : kExitInvalidInput;
  } catch (const InputError& e) {
    ReportInputError(e, o.diagnostics_format == "json", o.quiet);
    return e.exit_code;
  }
}

}  // namespace anim::dump
