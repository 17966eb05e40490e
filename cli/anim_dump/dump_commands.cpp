#include "cli/anim_dump/dump_commands.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <limits>
#include <nlohmann/json.hpp>

#include "cli/anim_dump/dot_graph.h"
#include "cli/anim_dump/events_report.h"
#include "cli/anim_dump/frame_capture.h"
#include "cli/anim_dump/frame_report.h"
#include "cli/anim_dump/gltf_export.h"
#include "cli/anim_dump/json_report.h"
#include "cli/anim_dump/pose_report.h"
#include "cli/anim_dump/pose_svg.h"
#include "cli/anim_dump/progress.h"
#include "cli/anim_dump/report_data.h"
#include "cli/anim_dump/root_report.h"
#include "cli/anim_dump/run_report.h"
#include "cli/anim_dump/svg_timeline.h"
#include "cli/anim_dump/text_report.h"
#include "cli/anim_dump/trace_report.h"
#include "cli/common/output_file.h"
#include "cli/common/tool_logger.h"
#include "compiler/codegen/disassembler.h"
#include "compiler/diag/diagnostics.h"
#include "compiler/validate/validate.h"

namespace anim::dump {
namespace {

const char* FormatName(Format f) {
  switch (f) {
    case Format::Text:
      return "text";
    case Format::Json:
      return "json";
    case Format::Trace:
      return "trace";
    case Format::Svg:
      return "svg";
    case Format::Dot:
      return "dot";
    case Format::Gltf:
      return "gltf";
    case Format::Glb:
      return "glb";
    case Format::Html:
      return "html";
  }
  return "";
}

void CheckFormat(Command command, Format format) {
  bool ok = false;
  switch (command) {
    case Command::Tasks:
    case Command::Reach:
    case Command::Run:
    case Command::Events:
      ok = format == Format::Text || format == Format::Json;
      break;
    case Command::Pose:
      ok = format == Format::Text || format == Format::Json || format == Format::Svg;
      break;
    case Command::Timeline:
      ok = format != Format::Dot;
      break;
    case Command::Graph:
      ok = format == Format::Dot;
      break;
    case Command::Root:
      ok = format == Format::Text || format == Format::Svg;
      break;
    case Command::Dis:
    case Command::Validate:
      ok = format == Format::Text;
      break;
    case Command::Export:
      ok = format == Format::Gltf || format == Format::Glb;
      break;
    case Command::Report:
      ok = format == Format::Html;
      break;
  }
  if (!ok)
    throw InputError{std::string("--format ") + FormatName(format) + " is not available for this subcommand"};
}

// Colour only for text on a terminal, and never when NO_COLOR is set.
bool UseColour(const CommandOptions& o) {
  return o.output == "-" && o.format == Format::Text && isatty(STDOUT_FILENO) == 1 &&
         !cli::NoColorRequested();
}

// The output, by the policy of docs/cli.md "Output files"; never one of the files the run read.
void Write(const CommandOptions& o, const DumpInput& input, const std::string& text) {
  std::string error;
  if (!cli::WriteOutput(o.output, text, input.files_read, error)) throw InputError{error};
}

// A command's output, written as its report grows (in chunks), committed when the report ends:
// a run of a million frames holds one frame and one chunk at a time.
class StreamedOutput {
 public:
  StreamedOutput(const CommandOptions& o, const DumpInput& input) {
    std::string error;
    file_ = cli::OutputFile::Open(o.output, input.files_read, error);
    if (!file_) throw InputError{error};
  }
  std::string& buffer() { return pending_; }
  void FlushIfLarge() {
    if (pending_.size() >= kChunkBytes) Flush();
  }
  void Commit() {
    Flush();
    std::string error;
    if (!file_->Commit(error)) throw InputError{error};
  }

 private:
  static constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
  void Flush() {
    std::string error;
    if (!file_->Write(pending_, error)) throw InputError{error};
    pending_.clear();
  }
  std::unique_ptr<cli::OutputFile> file_;
  std::string pending_;
};

// Plays the range through `report`, streaming its text out; `content` as StreamFrames.
void Stream(const CommandOptions& o, const DumpInput& input, const FrameRange& range, FrameContent content,
            FrameReport& report) {
  StreamedOutput out(o, input);
  const CapturedRun run =
      StreamFrames(input, range, content, [&](const CapturedRun& r, const DumpFrame& frame) {
        report.Frame(r, frame, out.buffer());
        out.FlushIfLarge();
      });
  report.End(run, out.buffer());
  out.Commit();
}

// The animation's name: the input's file name without its extension ("locomotion").
std::string ExportName(const CommandOptions& o) {
  const std::string stem = std::filesystem::path(o.input.input).stem().string();
  return stem.empty() || o.input.input == "-" ? "animation" : stem;
}

FrameTable TableOf(Command command) {
  return command == Command::Tasks ? FrameTable::Tasks
                                   : (command == Command::Reach ? FrameTable::Reach : FrameTable::Timeline);
}

// A capture's frames keep the numbers they were recorded under; by default its last frame, or all
// of them for a report of a run. Whether the frames asked for are captured is checked as they play
// (StreamCapturedFrames), naming the ones the capture holds.
FrameRange SelectCapturedFrames(const CommandOptions& o, const AnimCapture& capture, bool whole_run) {
  const std::string first = std::to_string(capture.frames.front().frame);
  const std::string last = std::to_string(capture.frames.back().frame);
  constexpr int kAnyFrame = std::numeric_limits<int>::max();
  if (!o.frame.empty() || !o.frames.empty()) return SelectFrames(o.frame, o.frames, kAnyFrame);
  return whole_run ? SelectFrames("", first + ":" + last, kAnyFrame) : SelectFrames(last, "", kAnyFrame);
}

int Validate(const CommandOptions& o, const DumpInput& input) {
  if (!input.graph)
    throw InputError{
        "validate needs the graph document: direct evaluation runs on the graph, not on the bytecode; pass "
        "--graph GRAPH"};
  if (input.version_mismatch) throw InputError{"cannot validate: " + input.version_warning};
  ValidateOptions options;
  options.tolerance = o.tolerance;
  Progress progress("frame", input.scenario.frame_count);
  options.on_frame = [&progress](int frames_done) { progress.Update(frames_done); };
  const ValidationReport report = anim::Validate(*input.graph, input.program, input.scenario, options);
  if (!report.error.empty()) throw InputError{report.error};
  std::string text = FormatReport(report);
  if (text.empty() || text.back() != '\n') text += '\n';
  Write(o, input, text);
  return report.agree ? kExitOk : kExitDivergence;
}

}  // namespace

void ReportInputError(const InputError& e, bool json_diagnostics, bool quiet) {
  if (!e.diagnostics) {
    spdlog::error("{}", e.message);
    return;
  }
  const std::string text =
      json_diagnostics ? FormatJson(*e.diagnostics, !quiet) + "\n" : FormatText(*e.diagnostics, !quiet);
  std::fputs(text.c_str(), stderr);
}

int RunCommand(Command command, const CommandOptions& o) {
  try {
    CheckFormat(command, o.format);
    InputOptions in = o.input;
    in.needs_assets = command != Command::Dis;
    // What a capture holds: its task lists and what the executor makes of them. The rest needs the
    // VM's run (machines, events, the root) or the graph itself.
    in.reads_capture = command == Command::Tasks || command == Command::Reach ||
                       command == Command::Timeline || command == Command::Graph || command == Command::Pose;
    const std::unique_ptr<DumpInput> input = LoadDumpInput(in);
    if (command == Command::Dis) {
      if (input->version_mismatch) spdlog::warn("{}", input->version_warning);
      Write(o, *input, codegen::Disassemble(input->program));
      return kExitOk;
    }
    if (command == Command::Validate) return Validate(o, *input);

    const int frame_count = input->version_mismatch ? 1 : input->scenario.frame_count;
    FrameRange range;
    if (o.final_output != FinalOutput::None && o.format != Format::Json)
      throw InputError{"--final needs --format json"};
    if (o.all_frames && !(command == Command::Timeline && o.format == Format::Svg))
      throw InputError{"--all-frames draws the timeline picture: it needs --format svg"};
    // These report a run, by default the whole scenario; the others one frame, by default the last.
    const bool timeline_run =
        command == Command::Timeline && (o.format == Format::Trace || o.format == Format::Svg);
    const bool whole_run = command == Command::Run || command == Command::Root ||
                           command == Command::Events || command == Command::Export ||
                           command == Command::Report || timeline_run;
    if (input->capture) {
      range = SelectCapturedFrames(o, *input->capture, whole_run);
    } else if (whole_run && o.frames.empty() && o.frame.empty()) {
      range = SelectFrames("", "0:" + std::to_string(frame_count - 1), frame_count);
    } else {
      range = SelectFrames(o.frame, o.frames, frame_count);
    }
    if (command == Command::Graph && range.first != range.last)
      throw InputError{"graph draws one frame: use --frame N"};
    switch (command) {
      case Command::Run: {
        const int frames = range.last - range.first + 1;
        const auto report =
            o.format == Format::Json ? RunJsonReport(frames, o.final_output) : RunTextReport(UseColour(o));
        Stream(o, *input, range, FrameContent{}, *report);
        break;
      }
      case Command::Events: {
        const auto report = o.format == Format::Json ? EventsJsonReport() : EventsTextReport(UseColour(o));
        Stream(o, *input, range, FrameContent{}, *report);
        break;
      }
      case Command::Root: {
        const auto report = o.format == Format::Svg ? RootSvgReport() : RootTextReport(UseColour(o));
        Stream(o, *input, range, FrameContent{}, *report);
        break;
      }
      case Command::Pose: {
        if (o.format == Format::Svg) {
          if (range.last - range.first + 1 > kMaxPoseSvgFrames)
            throw InputError{
                fmt::format("a pose picture holds at most {} frames; {} asked for (choose fewer "
                            "with --frames A:B)",
                            kMaxPoseSvgFrames, range.last - range.first + 1)};
          Stream(o, *input, range, FrameContent{.tasks = true, .pose = true}, *PoseSvgReport());
          break;
        }
        const auto report =
            o.format == Format::Json ? PoseJsonReport(range.many) : PoseTextReport(UseColour(o));
        Stream(o, *input, range, FrameContent{.pose = true}, *report);
        break;
      }
      case Command::Export: {
        if (o.format == Format::Glb && o.output == "-" && isatty(STDOUT_FILENO) == 1)
          throw InputError{"a .glb is binary: write it to a file with -o FILE.glb (or pipe it)"};
        const GltfContainer container =
            o.format == Format::Glb ? GltfContainer::Glb : GltfContainer::GltfEmbedded;
        Write(o, *input, ExportGltf(*input, range, ExportName(o), container, !o.skeleton_only));
        break;
      }
      case Command::Report: {
        const int frames = range.last - range.first + 1;
        if (frames > kMaxReportFrames)
          throw InputError{
              fmt::format("a report holds at most {} frames; {} {} (choose a range with --frames A:B)",
                          kMaxReportFrames, o.frames.empty() ? "the scenario has" : "asked for", frames)};
        if (o.output == "-" && isatty(STDOUT_FILENO) == 1)
          throw InputError{"a report is an HTML page: write it to a file with -o FILE.html (or pipe it)"};
        Stream(o, *input, range, FrameContent{.tasks = true, .pose = true}, *HtmlReport(ExportName(o)));
        break;
      }
      case Command::Graph: {
        const CapturedRun run = CaptureFrames(*input, range);
        Write(o, *input, TaskGraphDot(run, run.frames.front()));
        break;
      }
      case Command::Timeline:
        if (o.format == Format::Trace) {
          Stream(o, *input, range, FrameContent{.tasks = true}, *TraceReport());
          break;
        }
        if (o.format == Format::Svg) {
          SvgPlan plan;
          const auto measure = SvgPlanReport(plan, o.all_frames);
          std::string nothing;
          const CapturedRun measured = StreamFrames(
              *input, range, FrameContent{.tasks = true},
              [&](const CapturedRun& r, const DumpFrame& frame) { measure->Frame(r, frame, nothing); });
          measure->End(measured, nothing);
          Stream(o, *input, range, FrameContent{.tasks = true}, *SvgTimelineReport(plan, o.all_frames));
          break;
        }
        [[fallthrough]];
      default: {
        const auto report = o.format == Format::Json ? FrameJsonReport(TableOf(command), range.many)
                                                     : FrameTextReport(TableOf(command), UseColour(o));
        Stream(o, *input, range, FrameContent{.tasks = true}, *report);
        break;
      }
    }
    return kExitOk;
  } catch (const InputError& e) {
    ReportInputError(e, o.json_diagnostics, o.quiet);
    return e.exit_code;
  }
}

}  // namespace anim::dump
