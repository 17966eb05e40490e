#include "cli/anim_dump/dot_graph.h"

#include <algorithm>
#include <vector>

#include "cli/anim_dump/task_describe.h"
#include "cli/anim_dump/text_report.h"
#include "compiler/diag/escape.h"

namespace anim::dump {
namespace {

// Names of any bytes, shown as the text outputs show them (a newline in a name as `\n`, not as a
// line break).
std::string Shown(const std::string& text) {
  return EscapeTerminal(text);
}

// The input of `type` that dependency slot `slot` (0 dep_a, 1 dep_b) feeds.
const char* InputName(AnimTaskType type, int slot) {
  switch (type) {
    case AnimTaskType::Blend:
    case AnimTaskType::BlendMasked:
      return slot == 0 ? "a" : "b";
    case AnimTaskType::ApplyAdditive:
      return slot == 0 ? "base" : "additive";
    case AnimTaskType::MakeAdditive:
      return slot == 0 ? "source" : "base";
    case AnimTaskType::Crossfade:
      return slot == 0 ? "to" : "from";
    default:
      return "source";
  }
}

// The tasks each task's result is made of: itself and every task it reads, transitively.
std::vector<bool> Closure(const DumpFrame& frame, int task) {
  std::vector<bool> in(frame.tasks.size(), false);
  std::vector<int> open{task};
  while (!open.empty()) {
    const int t = open.back();
    open.pop_back();
    if (t < 0 || static_cast<std::size_t>(t) >= in.size() || in[t]) continue;
    in[t] = true;
    for (int d : Dependencies(frame.tasks[t].task))
      open.push_back(d);
  }
  return in;
}

// One state of a machine: the tasks its result is made of, less those another state's smaller
// result holds too (a nested machine's states, or tasks shared between states).
struct StateCluster {
  std::string label;
  bool current = false;
  std::vector<int> tasks;
};

std::vector<StateCluster> StateClusters(const DumpFrame& frame) {
  struct Candidate {
    std::string label;
    bool current;
    std::vector<bool> members;
    std::size_t size;
  };
  std::vector<Candidate> candidates;
  for (const MachineFrame& m : frame.machines) {
    for (std::size_t s = 0; s < m.states.size() && s < m.state_tasks.size(); ++s) {
      if (m.state_tasks[s] < 0) continue;
      std::vector<bool> members = Closure(frame, m.state_tasks[s]);
      const std::size_t size = static_cast<std::size_t>(std::count(members.begin(), members.end(), true));
      candidates.push_back(
          {Shown(m.name) + ": " + Shown(m.states[s]), m.states[s] == m.state, std::move(members), size});
    }
  }
  std::vector<StateCluster> clusters(candidates.size());
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    clusters[c].label = candidates[c].label;
    clusters[c].current = candidates[c].current;
  }
  for (std::size_t t = 0; t < frame.tasks.size(); ++t) {
    int best = -1;
    for (std::size_t c = 0; c < candidates.size(); ++c) {
      if (candidates[c].members[t] && (best < 0 || candidates[c].size < candidates[best].size))
        best = static_cast<int>(c);
    }
    if (best >= 0) clusters[best].tasks.push_back(static_cast<int>(t));
  }
  return clusters;
}

}  // namespace

std::string TaskGraphDot(const CapturedRun& run, const DumpFrame& frame) {
  std::string out = "digraph tasks {\n";
  out += "  label=" + QuoteDot(Shown(FrameHeading(frame))) + ";\n  labelloc=t;\n  rankdir=TB;\n";
  out +=
      "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#eef4fb\", fontname=\"Helvetica\", "
      "fontsize=10];\n";
  out += "  edge [fontname=\"Helvetica\", fontsize=9];\n";
  for (std::size_t i = 0; i < frame.tasks.size(); ++i) {
    const DumpTask& t = frame.tasks[i];
    std::string label = std::to_string(i) + " " + AnimTaskTypeName(t.task.type);
    const std::string fields = Shown(KeyFields(run, frame, t));
    if (!fields.empty()) label += "\n" + fields;
    label += "\n" + (t.node.empty() ? std::string("(no node)") : Shown(t.node));
    if (t.exec.reachable)
      label += "\nbuffer " + (t.exec.buffer < 0 ? std::string("-") : std::to_string(t.exec.buffer));
    std::string attributes = "label=" + QuoteDot(label);
    if (!t.exec.reachable)
      attributes +=
          ", style=\"rounded,filled,dashed\", fillcolor=\"#eeeeee\", color=\"#aaaaaa\", "
          "fontcolor=\"#999999\"";
    if (static_cast<int>(i) == frame.summary.output_task) attributes += ", peripheries=2";
    out += "  t" + std::to_string(i) + " [" + attributes + "];\n";
  }
  const std::vector<StateCluster> clusters = StateClusters(frame);
  for (std::size_t c = 0; c < clusters.size(); ++c) {
    if (clusters[c].tasks.empty()) continue;
    out += "  subgraph cluster_state_" + std::to_string(c) +
           " {\n    label=" + QuoteDot(clusters[c].label + (clusters[c].current ? " (current)" : "")) +
           ";\n    style=\"rounded,dashed\";\n    color=\"#8899aa\";\n    fontname=\"Helvetica\";\n    "
           "fontsize=10;\n";
    if (clusters[c].current) out += "    bgcolor=\"#f6f9fd\";\n";
    for (int t : clusters[c].tasks)
      out += "    t" + std::to_string(t) + ";\n";
    out += "  }\n";
  }
  for (std::size_t i = 0; i < frame.tasks.size(); ++i) {
    const DumpTask& t = frame.tasks[i];
    bool stolen = false;  // at most one dependency's buffer is taken over
    const int16_t slots[2] = {t.task.dep_a, t.task.dep_b};
    const std::vector<int> deps = Dependencies(t.task);
    for (int k = 0; k < 2; ++k) {
      const int d = slots[k];
      if (std::find(deps.begin(), deps.end(), d) == deps.end()) continue;
      const DumpTask& dep = frame.tasks[static_cast<std::size_t>(d)];
      std::string label = InputName(t.task.type, k);
      std::string attributes;
      if (!t.exec.reachable) {
        attributes = "color=\"#bbbbbb\", fontcolor=\"#999999\", style=dashed, ";
      } else if (!stolen && StoleFrom(dep, t)) {
        stolen = true;
        attributes = "color=\"#1f5fbf\", penwidth=2, ";
        label += ", steal";
      }
      out += "  t" + std::to_string(d) + " -> t" + std::to_string(i) + " [" + attributes +
             "label=" + QuoteDot(label) + "];\n";
    }
  }
  return out + "}\n";
}

}  // namespace anim::dump
