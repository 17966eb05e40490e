#include "cli/anim_dump/dot_graph.h"

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

}  // namespace

std::string TaskGraphDot(const CapturedRun& run, const DumpFrame& frame) {
  std::string out = "digraph tasks {\n";
  out += "  label=" + QuoteDot(Shown(FrameHeading(frame))) + ";\n  labelloc=t;\n  rankdir=LR;\n";
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
  for (std::size_t i = 0; i < frame.tasks.size(); ++i) {
    const DumpTask& t = frame.tasks[i];
    bool stolen = false;  // at most one dependency's buffer is taken over
    for (int d : Dependencies(t.task)) {
      const DumpTask& dep = frame.tasks[static_cast<std::size_t>(d)];
      std::string attributes;
      if (!t.exec.reachable) {
        attributes = "color=\"#bbbbbb\", style=dashed";
      } else if (!stolen && StoleFrom(dep, t)) {
        stolen = true;
        attributes = "color=\"#1f5fbf\", penwidth=2, label=\"steal\"";
      }
      out += "  t" + std::to_string(d) + " -> t" + std::to_string(i) +
             (attributes.empty() ? "" : " [" + attributes + "]") + ";\n";
    }
  }
  return out + "}\n";
}

}  // namespace anim::dump
