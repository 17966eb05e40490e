#include "cli/anim_dump/text_report.h"

#include <algorithm>
#include <map>

#include "cli/anim_dump/task_describe.h"
#include "cli/anim_dump/text_table.h"
#include "compiler/diag/escape.h"

namespace anim::dump {
namespace {

std::string OrDash(const std::string& s) {
  return s.empty() ? "-" : s;
}
std::string OrDash(int value) {
  return value < 0 ? "-" : std::to_string(value);
}

std::string Summary(const DumpFrame& frame) {
  const int count = static_cast<int>(frame.tasks.size());
  return EscapeTerminal(FrameHeading(frame)) + "\noutput task " + OrDash(frame.summary.output_task) + "; " +
         std::to_string(frame.summary.reachable_count) + " of " + std::to_string(count) +
         " tasks reachable; peak " + std::to_string(frame.summary.peak_live_buffers) + " live buffers\n";
}

// "steal buffer 0 from task 4; release buffer 1", as in the seed's buffer traffic table.
std::string Action(const DumpFrame& frame, const DumpTask& t) {
  std::string s;
  if (t.exec.buffer < 0) {
    s = "no pool buffer: the result stays in its snapshot slot";
  } else if (t.exec.stole_buffer) {
    s = "steal buffer " + std::to_string(t.exec.buffer);
    for (int d : Dependencies(t.task)) {
      if (StoleFrom(frame.tasks[static_cast<std::size_t>(d)], t)) {
        s += " from task " + std::to_string(d);
        break;
      }
    }
  } else {
    s = "acquire buffer " + std::to_string(t.exec.buffer);
  }
  if (t.exec.handed_over) s += "; hand it over to the seam's history";
  for (int16_t released : t.exec.released) {
    if (released >= 0) s += "; release buffer " + std::to_string(released);
  }
  if (t.exec.handed_over) s += "; release buffer " + std::to_string(t.exec.buffer);
  return s;
}

}  // namespace

std::string FrameHeading(const DumpFrame& frame) {
  std::string s = "frame " + std::to_string(frame.frame) + " (t=" + Number(frame.time) + "s)";
  for (const MachineFrame& m : frame.machines) {
    s += "  " + m.name + ": " + m.state;
    if (m.fired)
      s += " (transition " + m.transition + " starts)";
    else if (m.blend_active)
      s += " (blending)";
  }
  // Each 2D blend space's point and the samples it weighs, by position.
  for (const BlendSpaceFrame& b : frame.blend_spaces) {
    s += "  " + b.name + " at (" + Number(b.x) + ", " + Number(b.y) + "):";
    const char* separator = " ";
    for (std::size_t i = 0; i < b.weights.size() && 2 * i + 1 < b.positions.size(); ++i) {
      if (b.weights[i] == 0.0f) continue;
      s += separator + ("[" + Number(b.positions[2 * i]) + ", " + Number(b.positions[2 * i + 1]) + "] ") +
           Number(b.weights[i]);
      separator = ", ";
    }
  }
  if (frame.active_bones < frame.bone_count)
    s +=
        "  LOD: " + std::to_string(frame.active_bones) + " of " + std::to_string(frame.bone_count) + " bones";
  return s;
}

std::string TasksText(const CapturedRun& run, const DumpFrame& frame, bool colour) {
  TextTable table({"idx", "type", "stage", "deps", "fields", "reachable", "node"},
                  {true, false, false, false, false, false, false});
  for (std::size_t i = 0; i < frame.tasks.size(); ++i) {
    const DumpTask& t = frame.tasks[i];
    table.Add(
        {std::to_string(i), AnimTaskTypeName(t.task.type), AnimTaskStageName(t.task.stage),
         DependencyText(t.task), KeyFields(run, frame, t), t.exec.reachable ? "yes" : "no", OrDash(t.node)},
        !t.exec.reachable);
  }
  return Summary(frame) + table.Render(colour);
}

std::string ReachText(const CapturedRun& /*run*/, const DumpFrame& frame, bool colour) {
  TextTable table({"idx", "type", "reachable", "uses", "level", "node", "why pruned"},
                  {true, false, false, true, true, false, false});
  std::map<int, std::vector<int>> levels;
  const std::vector<std::string> reasons = PruneReasons(frame);
  for (std::size_t i = 0; i < frame.tasks.size(); ++i) {
    const DumpTask& t = frame.tasks[i];
    const int index = static_cast<int>(i);
    if (t.exec.reachable) levels[t.exec.level].push_back(index);
    table.Add({std::to_string(i), AnimTaskTypeName(t.task.type), t.exec.reachable ? "yes" : "no",
               std::to_string(t.exec.use_count), OrDash(t.exec.level), OrDash(t.node), reasons[i]},
              !t.exec.reachable);
  }
  std::string out = Summary(frame) + table.Render(colour);
  out += "levels (tasks on one level do not depend on each other):\n";
  for (const auto& [level, tasks] : levels) {
    out += "  " + std::to_string(level) + ":";
    for (std::size_t k = 0; k < tasks.size(); ++k) {
      out += (k == 0 ? " " : ", ") +
             EscapeTerminal(TaskLabel(frame.tasks[static_cast<std::size_t>(tasks[k])], tasks[k]));
    }
    out += '\n';
  }
  return out;
}

std::string TimelineText(const CapturedRun& /*run*/, const DumpFrame& frame, bool colour) {
  std::vector<int> executed;
  for (std::size_t i = 0; i < frame.tasks.size(); ++i) {
    if (frame.tasks[i].exec.exec_order >= 0) executed.push_back(static_cast<int>(i));
  }
  std::sort(executed.begin(), executed.end(), [&](int a, int b) {
    return frame.tasks[static_cast<std::size_t>(a)].exec.exec_order <
           frame.tasks[static_cast<std::size_t>(b)].exec.exec_order;
  });
  TextTable table({"task", "action", "live buffers after"}, {false, false, true});
  for (int i : executed) {
    const DumpTask& t = frame.tasks[static_cast<std::size_t>(i)];
    std::string label = TaskLabel(t, i);
    const std::string deps = DependencyText(t.task);
    if (!deps.empty()) label += " " + deps;
    table.Add({label, Action(frame, t), std::to_string(t.exec.live_buffers)});
  }
  return Summary(frame) + table.Render(colour);
}

}  // namespace anim::dump
