// Target "writers": a .animbc file (header repaired as for "bytecode") played by anim-dump's frame
// capture under a scenario drawn from the input, then every output anim-dump writes of what the VM
// recorded and the executor decided: tasks, reach and timeline as text and JSON, the SVG timeline,
// the DOT task graph, the trace, the pose and run reports (text and JSON) and the disassembly. Names in a
// program are any bytes; every writer must escape them for its format without throwing.
#include <spdlog/spdlog.h>

#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "cli/anim_dump/dot_graph.h"
#include "cli/anim_dump/dump_input.h"
#include "cli/anim_dump/frame_capture.h"
#include "cli/anim_dump/frame_report.h"
#include "cli/anim_dump/pose_report.h"
#include "cli/anim_dump/pose_svg.h"
#include "cli/anim_dump/run_report.h"
#include "cli/anim_dump/svg_timeline.h"
#include "cli/anim_dump/text_report.h"
#include "cli/anim_dump/trace_report.h"
#include "compiler/codegen/disassembler.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/fuzz_targets.h"
#include "vm/bytecode/program_loader.h"

namespace anim::fuzz {
namespace {

// The most frames one input captures: every writer runs over every captured frame.
constexpr int kMaxCapturedFrames = 4;

// One DumpInput per sample, holding its assets as anim-dump's --graph would; each input swaps in
// its program and scenario.
dump::DumpInput& InputFor(const SampleProgram& sample) {
  static std::vector<std::unique_ptr<dump::DumpInput>> inputs;
  if (inputs.empty()) {
    spdlog::set_level(spdlog::level::off);  // the version-mismatch warning, once per input
    for (const SampleProgram& s : SamplePrograms()) {
      auto input = std::make_unique<dump::DumpInput>();
      input->from_bytecode = true;
      input->graph = s.graph;
      inputs.push_back(std::move(input));
    }
  }
  return *inputs[static_cast<std::size_t>(&sample - SamplePrograms().data())];
}

float FiniteValue(ByteStream& script) {
  if (script.U8() % 4 != 0) return static_cast<float>(static_cast<int8_t>(script.U8())) * 0.25f;
  const float value = script.F32();
  return std::isfinite(value) ? value : 0.0f;
}

// What the scenario reader could have produced for this program: finite values, fires on
// triggers only, times within the run.
Scenario MakeScenario(const Program& program, int bones, ByteStream& script) {
  static constexpr float kTimeSteps[] = {1.0f / 30.0f, 1.0f / 60.0f, 0.25f, 1e-6f};
  Scenario scenario;
  scenario.frame_count = 1 + script.U8() % kMaxCapturedFrames;
  scenario.delta_time = kTimeSteps[script.U8() % std::size(kTimeSteps)];
  const auto time = [&] {
    return static_cast<float>(script.U8() % scenario.frame_count) * scenario.delta_time;
  };
  const int events = program.params.empty() ? 0 : script.U8() % 5;
  for (int e = 0; e < events; ++e) {
    ParamEvent event;
    event.param = static_cast<uint16_t>(script.U16() % program.params.size());
    event.time = time();
    if (program.params[event.param].type == ParamType::Trigger) {
      event.kind = ParamEventKind::Fire;
    } else {
      event.kind = script.U8() % 2 == 0 ? ParamEventKind::Set : ParamEventKind::Ramp;
      event.end_time = event.kind == ParamEventKind::Ramp ? event.time + time() : event.time;
      for (int c = 0; c < 3; ++c) {
        event.from[c] = FiniteValue(script);
        event.to[c] = FiniteValue(script);
      }
    }
    scenario.events.push_back(event);
  }
  if (script.U8() % 3 == 0) scenario.lod_events.push_back({time(), script.U8() % (bones + 2)});
  return scenario;
}

// Every output of anim-dump over the captured frames, each fed as anim-dump streams it. The JSON
// outputs must parse as JSON (nlohmann's parser, which refuses ill-formed UTF-8 too).
void WriteEverything(const dump::CapturedRun& run, const Program& program) {
  const bool many = run.frames.size() > 1;
  std::vector<std::unique_ptr<dump::FrameReport>> text, json;
  for (dump::FrameTable table :
       {dump::FrameTable::Tasks, dump::FrameTable::Reach, dump::FrameTable::Timeline}) {
    text.push_back(dump::FrameTextReport(table, false));
    text.push_back(dump::FrameTextReport(table, true));
    json.push_back(dump::FrameJsonReport(table, many));
  }
  text.push_back(dump::PoseTextReport(false));
  text.push_back(dump::PoseTextReport(true));
  json.push_back(dump::PoseJsonReport(many));
  if (run.frames.size() <= dump::kMaxPoseSvgFrames) text.push_back(dump::PoseSvgReport());
  text.push_back(dump::RunTextReport(false));
  text.push_back(dump::RunTextReport(true));
  json.push_back(dump::TraceReport());
  for (dump::FinalOutput final_output :
       {dump::FinalOutput::None, dump::FinalOutput::Pose, dump::FinalOutput::Skinning})
    json.push_back(dump::RunJsonReport(static_cast<int>(run.frames.size()), final_output));
  for (const bool all_frames : {false, true}) {
    dump::SvgPlan plan;
    const std::unique_ptr<dump::FrameReport> measure = dump::SvgPlanReport(plan, all_frames);
    std::string nothing;
    for (const dump::DumpFrame& frame : run.frames)
      measure->Frame(run, frame, nothing);
    measure->End(run, nothing);
    text.push_back(dump::SvgTimelineReport(plan, all_frames));
  }

  const auto write = [&](dump::FrameReport& report) {
    std::string out;
    for (const dump::DumpFrame& frame : run.frames)
      report.Frame(run, frame, out);
    report.End(run, out);
    return out;
  };
  for (const auto& report : text)
    (void)write(*report);
  for (const auto& report : json) {
    if (!nlohmann::json::accept(write(*report))) InvariantFailed("anim-dump wrote JSON that does not parse");
  }
  for (const dump::DumpFrame& frame : run.frames)
    (void)dump::TaskGraphDot(run, frame);
  (void)codegen::Disassemble(program);
}

void Run(std::span<const uint8_t> bytes, uint64_t seed) {
  LoadResult loaded = LoadVerifiedProgram(bytes);
  if (loaded.outcome == LoadOutcome::Error) return;
  const SampleProgram* assets = SampleBySkeletonHash(loaded.program.skeleton_hash);
  if (assets == nullptr) assets = &Humanoid();
  dump::DumpInput& input = InputFor(*assets);
  input.program = std::move(loaded.program);
  input.version_mismatch = loaded.outcome == LoadOutcome::VersionMismatch;
  input.version_warning = loaded.error;
  const std::vector<uint8_t> script_bytes = PseudoRandomBytes(seed, 128);
  ByteStream script(script_bytes);
  input.scenario = MakeScenario(input.program, assets->graph.skeleton.bone_count(), script);
  const int frames = input.version_mismatch ? 1 : input.scenario.frame_count;
  const dump::FrameRange range{script.U8() % frames, frames - 1, true};
  try {
    // Every frame with its tasks and its pose, kept for the reports.
    std::vector<dump::DumpFrame> kept;
    dump::CapturedRun run = dump::StreamFrames(
        input, range, dump::FrameContent{.tasks = true, .pose = true},
        [&](const dump::CapturedRun&, const dump::DumpFrame& frame) { kept.push_back(frame); });
    run.frames = std::move(kept);
    WriteEverything(run, input.program);
  } catch (const dump::InputError&) {
    // The program does not bind to the sample's assets: anim-dump's one-line error.
  }
}

}  // namespace

int FuzzDumpWriters(const uint8_t* data, std::size_t size) {
  const std::span<const uint8_t> input(data, size);
  const RepairedBytecode repaired = RepairBytecodeHeader(input);
  Run(repaired.bytes, repaired.seed);
  return 0;
}

}  // namespace anim::fuzz
