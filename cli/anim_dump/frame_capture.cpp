#include "cli/anim_dump/frame_capture.h"

#include <spdlog/spdlog.h>

#include <charconv>

#include "cli/anim_dump/capture_input.h"
#include "cli/anim_dump/progress.h"
#include "compiler/diag/escape.h"
#include "vm/frame_runner.h"
#include "vm/program_binding.h"

namespace anim::dump {
namespace {

int ParseFrameNumber(const std::string& text, const std::string& option) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 0) {
    throw InputError{option + " '" + EscapeTerminal(text) + "' is not a frame number (0, 1, 2, ...)"};
  }
  return value;
}

void CheckInRange(int frame, int frame_count) {
  if (frame >= frame_count) {
    throw InputError{
        "frame " + std::to_string(frame) + " is out of range: the scenario has " +
        std::to_string(frame_count) +
        (frame_count == 1 ? " frame (0)" : " frames (0-" + std::to_string(frame_count - 1) + ")")};
  }
}

std::string ResourceName(const AnimTask& task, const AnimTaskList& list, const Program& program) {
  const std::size_t r = task.resource;
  switch (task.type) {
    case AnimTaskType::SampleClip:
      return r < list.clips.size() && list.clips[r] != nullptr ? list.clips[r]->name() : "";
    case AnimTaskType::BlendMasked:
      return r < program.masks.size() ? program.masks[r].name : "";
    case AnimTaskType::SavePoseSnapshot:
    case AnimTaskType::LoadPoseSnapshot:
      return r < program.snapshots.size() ? program.snapshots[r] : "";
    case AnimTaskType::Inertialize:
    case AnimTaskType::DeadBlend:
    case AnimTaskType::Crossfade:
      return r < program.machines.size() ? program.machines[r].name : "";
    default:
      return "";
  }
}

std::vector<MachineFrame> Machines(const AnimInstance& instance, const Program& program) {
  std::vector<MachineFrame> out;
  for (std::size_t m = 0; m < instance.machines.size() && m < program.machines.size(); ++m) {
    const MachineDesc& desc = program.machines[m];
    const MachineState& state = instance.machines[m];
    MachineFrame f;
    f.name = desc.name;
    f.state = state.current < desc.states.size() ? desc.states[state.current].name : "";
    f.current = state.current;
    f.fired = state.fired;
    f.blend_active = state.blend_active;
    f.blend_finished = state.blend_finished;
    for (std::size_t s = 0; s < desc.states.size(); ++s) {
      f.states.push_back(desc.states[s].name);
      f.state_tasks.push_back(s < state.state_tasks.size() ? state.state_tasks[s] : -1);
    }
    if (state.last_transition >= 0 &&
        static_cast<std::size_t>(state.last_transition) < desc.transitions.size()) {
      const TransitionDesc& t = desc.transitions[static_cast<std::size_t>(state.last_transition)];
      f.last = {t.from < desc.states.size() ? desc.states[t.from].name : "any",
                t.to < desc.states.size() ? desc.states[t.to].name : "?", BlendModeName(t.mode)};
      if (state.fired) f.transition = f.last.from + " -> " + f.last.to;
    }
    out.push_back(std::move(f));
  }
  return out;
}

// Where an event came from, for people: its clip player's node, its state, its transition.
std::vector<DumpEvent> Events(const AnimInstance& instance, const Program& program,
                              const ProgramBinding& binding, const AnimTaskList& list) {
  const EventTable& table = program.events;
  std::vector<DumpEvent> out;
  auto state_name = [&](uint16_t m, uint16_t s) {
    const MachineDesc& machine = program.machines[m];
    return machine.name + "." + (s < machine.states.size() ? machine.states[s].name : "?");
  };
  for (const FiredEvent& e : instance.events) {
    DumpEvent d{e.name < table.names.size() ? table.names[e.name] : "?", e.phase, e.source, "", e.weight};
    switch (e.source) {
      case EventSource::Clip: {
        const uint16_t clock = table.clip[e.desc].clock;
        const int16_t task = instance.clocks[clock].task;
        const int32_t node = task >= 0 && static_cast<std::size_t>(task) < list.tasks.size()
                                 ? list.tasks[static_cast<std::size_t>(task)].source_node
                                 : -1;
        d.origin = node >= 0 && static_cast<std::size_t>(node) < binding.node_names().size()
                       ? binding.node_names()[static_cast<std::size_t>(node)]
                       : "clock " + std::to_string(clock);
        break;
      }
      case EventSource::State:
        d.origin = state_name(table.state[e.desc].machine, table.state[e.desc].state);
        break;
      case EventSource::Transition: {
        const TransitionEventDesc& t = table.transition[e.desc];
        const MachineDesc& machine = program.machines[t.machine];
        const TransitionDesc& desc = machine.transitions[t.transition];
        d.origin = machine.name + ": " +
                   (desc.from < machine.states.size() ? machine.states[desc.from].name : "any") + " -> " +
                   (desc.to < machine.states.size() ? machine.states[desc.to].name : "?");
        break;
      }
    }
    out.push_back(std::move(d));
  }
  return out;
}

std::vector<BlendSpaceFrame> BlendSpaces(const AnimInstance& instance, const Program& program) {
  std::vector<BlendSpaceFrame> out;
  for (std::size_t b = 0; b < program.blend_spaces.size() && b < instance.blend_spaces.size(); ++b) {
    const BlendSpaceDesc& desc = program.blend_spaces[b];
    const BlendSpaceState& state = instance.blend_spaces[b];
    const auto first = instance.blend_space_weights.begin() + state.first_weight;
    out.push_back({desc.name, state.x, state.y, desc.positions,
                   std::vector<float>(first, first + static_cast<std::ptrdiff_t>(desc.sample_count()))});
  }
  return out;
}

DumpFrame Capture(const FrameResult& result, const ProgramBinding& binding, FrameContent content) {
  DumpFrame frame;
  frame.frame = result.frame;
  frame.time = result.time;
  frame.summary = *result.snapshot;
  frame.summary.tasks.clear();
  const AnimTaskList& list = *result.list;
  frame.task_count = static_cast<int>(list.tasks.size());
  frame.active_bones = list.ActiveBones();
  frame.bone_count = binding.skeleton().bone_count();
  for (std::size_t i = 0; content.tasks && i < list.tasks.size(); ++i)
    frame.tasks.push_back(DescribeTask(list, i, *result.snapshot, binding));
  frame.machines = Machines(*result.instance, binding.program());
  frame.blend_spaces = BlendSpaces(*result.instance, binding.program());
  frame.root_motion = result.root_motion;
  frame.root = result.instance->root;
  frame.events = Events(*result.instance, binding.program(), binding, list);
  frame.curves.assign(result.curves.begin(), result.curves.end());
  frame.params.assign(result.params.begin(), result.params.end());
  if (content.pose) {
    frame.local_pose.reserve(static_cast<std::size_t>(result.local_pose->bone_count()));
    for (int b = 0; b < result.local_pose->bone_count(); ++b)
      frame.local_pose.push_back(result.local_pose->Get(b));
    frame.model.assign(result.model.begin(), result.model.end());
    frame.skinning.assign(result.skinning.begin(), result.skinning.end());
  }
  return frame;
}

void WarnOnce(void* /*user*/, const char* message) {
  spdlog::warn("{}", EscapeTerminal(message));
}

}  // namespace

FrameRange SelectFrames(const std::string& frame, const std::string& frames, int frame_count) {
  FrameRange range;
  if (!frame.empty() && !frames.empty()) throw InputError{"--frame and --frames cannot be used together"};
  if (!frames.empty()) {
    const std::size_t colon = frames.find(':');
    if (colon == std::string::npos)
      throw InputError{"--frames '" + EscapeTerminal(frames) + "' is not a range A:B"};
    range.first = ParseFrameNumber(frames.substr(0, colon), "--frames");
    range.last = ParseFrameNumber(frames.substr(colon + 1), "--frames");
    if (range.first > range.last)
      throw InputError{"--frames '" + EscapeTerminal(frames) + "' is empty: A must not be after B"};
    range.many = true;
  } else if (!frame.empty()) {
    range.first = range.last = ParseFrameNumber(frame, "--frame");
  } else {
    range.first = range.last = frame_count - 1;
  }
  CheckInRange(range.last, frame_count);
  return range;
}

std::string BoneName(const CapturedRun& run, uint16_t bone) {
  return bone < run.bone_names.size() ? run.bone_names[bone] : std::to_string(bone);
}

CapturedRun NewRun(const ProgramBinding& binding) {
  CapturedRun run;
  const Skeleton& skeleton = binding.skeleton();
  for (int b = 0; b < skeleton.bone_count(); ++b) {
    run.bone_names.push_back(skeleton.bone_name(b));
    run.bone_parents.push_back(skeleton.parent(b));
  }
  run.curve_names = binding.program().curves;
  run.params = binding.program().params;
  return run;
}

DumpTask DescribeTask(const AnimTaskList& list, std::size_t index, const TaskSnapshot& snapshot,
                      const ProgramBinding& binding) {
  DumpTask t;
  t.task = list.tasks[index];
  if (index < snapshot.tasks.size()) t.exec = snapshot.tasks[index];
  const std::vector<std::string>& nodes = binding.node_names();
  const auto node = static_cast<std::size_t>(t.task.source_node);
  if (t.task.source_node >= 0 && node < nodes.size()) t.node = nodes[node];
  t.resource = ResourceName(t.task, list, binding.program());
  return t;
}

CapturedRun StreamFrames(const DumpInput& input, const FrameRange& range, FrameContent content,
                         const FrameSink& on_frame) {
  const ProgramBinding binding = BindDumpInput(input);
  if (input.capture) return StreamCapturedFrames(*input.capture, binding, range, content, on_frame);
  CapturedRun run = NewRun(binding);
  run.version_mismatch = binding.version_mismatch();

  Scenario scenario = input.scenario;
  scenario.frame_count = range.last + 1;
  AnimInstance instance(input.program);
  instance.set_warning_callback(&WarnOnce, nullptr);
  Progress progress("frame", scenario.frame_count);
  RunScenario(binding, instance, scenario, [&](const FrameResult& result) {
    progress.Update(result.frame + 1);
    ++run.frames_run;
    if (result.frame == range.last) {
      for (int b = 0; b < result.local_pose->bone_count(); ++b)
        run.final_pose.push_back(result.local_pose->Get(b));
      run.final_skinning.assign(result.skinning.begin(), result.skinning.end());
    }
    if (result.frame >= range.first) on_frame(run, Capture(result, binding, content));
  });
  return run;
}

CapturedRun CaptureFrames(const DumpInput& input, const FrameRange& range, bool keep_tasks) {
  std::vector<DumpFrame> frames;
  CapturedRun run =
      StreamFrames(input, range, FrameContent{.tasks = keep_tasks},
                   [&](const CapturedRun&, const DumpFrame& frame) { frames.push_back(frame); });
  run.frames = std::move(frames);
  return run;
}

}  // namespace anim::dump
