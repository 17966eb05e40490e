#include "cli/anim_dump/dump_commands.h"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/anim_dump/dot_graph.h"
#include "cli/anim_dump/frame_capture.h"
#include "cli/anim_dump/json_report.h"
#include "cli/anim_dump/svg_timeline.h"
#include "cli/anim_dump/text_report.h"
#include "cli/anim_dump/trace_report.h"
#include "cli/common/output_file.h"
#include "compiler/codegen/disassembler.h"
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
  }
  return "";
}

void CheckFormat(Command command, Format format) {
  bool ok = false;
  switch (command) {
    case Command::Tasks:
    case Command::Reach:
    case Command::Run:
      ok = format == Format::Text || format == Format::Json;
      break;
    case Command::Timeline:
      ok = format != Format::Dot;
      break;
    case Command::Graph:
      ok = format == Format::Dot;
      break;
    case Command::Dis:
    case Command::Validate:
      ok = format == Format::Text;
      break;
  }
  if (!ok)
    throw InputError{std::string("--format ") + FormatName(format) + " is not available for this subcommand"};
}

// Colour only for text on a terminal, and never when NO_COLOR is set.
bool UseColour(const CommandOptions& o) {
  return o.output == "-" && o.format == Format::Text && isatty(STDOUT_FILENO) == 1 &&
         std::getenv("NO_COLOR") == nullptr;
}

// The output, by the policy of docs/cli.md "Output files"; never one of the files the run read.
void Write(const CommandOptions& o, const DumpInput& input, const std::string& text) {
  std::string error;
  if (!cli::WriteOutput(o.output, text, input.files_read, error)) throw InputError{error};
}

std::string PerFrame(Command command, const CommandOptions& o, const CapturedRun& run,
                     const FrameRange& range) {
  if (o.format == Format::Json) {
    const JsonKind kind = command == Command::Tasks
                              ? JsonKind::Tasks
                              : (command == Command::Reach ? JsonKind::Reach : JsonKind::Timeline);
    if (!range.many) return FrameJson(kind, run, run.frames.front()).dump(2) + "\n";
    nlohmann::ordered_json frames = nlohmann::ordered_json::array();
    for (const DumpFrame& f : run.frames)
      frames.push_back(FrameJson(kind, run, f));
    return frames.dump(2) + "\n";
  }
  const bool colour = UseColour(o);
  std::string out;
  for (const DumpFrame& f : run.frames) {
    if (!out.empty()) out += '\n';
    out += command == Command::Tasks   ? TasksText(run, f, colour)
           : command == Command::Reach ? ReachText(run, f, colour)
                                       : TimelineText(run, f, colour);
  }
  return out;
}

int Validate(const CommandOptions& o, const DumpInput& input) {
  if (!input.graph)
    throw InputError{
        "validate needs the graph document: direct evaluation runs on the graph, not on the bytecode; pass "
        "--graph GRAPH"};
  if (input.version_mismatch) throw InputError{"cannot validate: " + input.version_warning};
  ValidateOptions options;
  options.tolerance = o.tolerance;
  const ValidationReport report = anim::Validate(*input.graph, input.program, input.scenario, options);
  if (!report.error.empty()) throw InputError{report.error};
  std::string text = FormatReport(report);
  if (text.empty() || text.back() != '\n') text += '\n';
  Write(o, input, text);
  return report.agree ? kExitOk : kExitDivergence;
}

}  // namespace

int RunCommand(Command command, const CommandOptions& o) {
  try {
    CheckFormat(command, o.format);
    if (command == Command::Validate && !(o.tolerance >= 0.0f))
      throw InputError{"--tolerance must be a number >= 0"};
    InputOptions in = o.input;
    in.needs_assets = command != Command::Dis;
    const std::unique_ptr<DumpInput> input = LoadDumpInput(in);
    if (command == Command::Dis) {
      if (input->version_mismatch) spdlog::warn("{}", input->version_warning);
      Write(o, *input, codegen::Disassemble(input->program));
      return kExitOk;
    }
    if (command == Command::Validate) return Validate(o, *input);

    const int frame_count = input->version_mismatch ? 1 : input->scenario.frame_count;
    FrameRange range;
    if (command == Command::Run) {
      if (o.final_output != FinalOutput::None && o.format != Format::Json)
        throw InputError{"--final needs --format json"};
      if (o.run_frames && *o.run_frames < 1)
        throw InputError{"--frames must be a positive number of frames, not " +
                         std::to_string(*o.run_frames)};
      const int frames = o.run_frames ? *o.run_frames : frame_count;
      if (frames < 1) throw InputError{"the scenario has no frames to run"};
      range = SelectFrames("", "0:" + std::to_string(frames - 1), frame_count);
    } else {
      range = SelectFrames(o.frame, o.frames, frame_count);
    }
    if (command == Command::Graph && range.first != range.last)
      throw InputError{"graph draws one frame: use --frame N"};
    const CapturedRun run = CaptureFrames(*input, range, command != Command::Run);
    switch (command) {
      case Command::Run:
        Write(o, *input,
              o.format == Format::Json ? RunJson(run, o.final_output) : RunText(run, UseColour(o)));
        break;
      case Command::Graph:
        Write(o, *input, TaskGraphDot(run, run.frames.front()));
        break;
      case Command::Timeline:
        if (o.format == Format::Trace) {
          Write(o, *input, TraceJson(run));
          break;
        }
        if (o.format == Format::Svg) {
          Write(o, *input, TimelineSvg(run));
          break;
        }
        Write(o, *input, PerFrame(command, o, run, range));
        break;
      default:
        Write(o, *input, PerFrame(command, o, run, range));
        break;
    }
    return kExitOk;
  } catch (const InputError& e) {
    spdlog::error("{}", e.message);
    return kExitBadInput;
  }
}

}  // namespace anim::dump
