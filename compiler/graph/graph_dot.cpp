#include "compiler/graph/graph_dot.h"

#include <map>
#include <vector>

#include "compiler/assets/asset_checks.h"
#include "compiler/diag/escape.h"
#include "compiler/expr/expr_check.h"

namespace anim::graph {
namespace {

// Identity fields longer than this stay off a node's label.
constexpr std::size_t kShortValue = 24;

// Names as the text outputs show them: a newline in a name reads `\n`, not a line break.
std::string Shown(std::string_view name) {
  return EscapeTerminal(name);
}

struct KindStyle {
  const char* shape;
  const char* fill;
};

// Clip players, blends, blend spaces, additives, state machines, snapshots, bone operations and IK
// each in their own shape and colour.
KindStyle StyleOf(NodeType type) {
  switch (type) {
    case NodeType::Clip:
      return {"box", "#dbe9fb"};
    case NodeType::ReferencePose:
      return {"box", "#eeeeee"};
    case NodeType::Blend:
    case NodeType::MaskedBlend:
      return {"invtrapezium", "#fff2c6"};
    case NodeType::BlendSpace1D:
    case NodeType::BlendSpace2D:
      return {"hexagon", "#fde3c0"};
    case NodeType::MakeAdditive:
    case NodeType::ApplyAdditive:
      return {"invhouse", "#dcf2d4"};
    case NodeType::StateMachine:
      return {"box3d", "#eadcf5"};
    case NodeType::SaveSnapshot:
    case NodeType::LoadSnapshot:
      return {"cylinder", "#d9f0ee"};
    case NodeType::BoneTransform:
    case NodeType::TranslateBone:
      return {"component", "#f9dcdc"};
    case NodeType::TwoBoneIK:
    case NodeType::Fabrik:
    case NodeType::LookAt:
    case NodeType::FootIK:
      return {"octagon", "#f6d2e6"};
    case NodeType::Physics:
      return {"doublecircle", "#e2e2f6"};
  }
  return {"box", "#ffffff"};
}

std::string NodeId(int node) {
  return "n" + std::to_string(node);
}

std::string StateId(int machine, int state) {
  return NodeId(machine) + "_s" + std::to_string(state);
}

// The name a Bone, Clip, Mask or Snapshot field refers to; empty for other fields.
std::string IdentityValue(const GraphModel& m, const FieldSpec& spec, const FieldValue& value) {
  if (value.index < 0) return {};
  const auto i = static_cast<std::size_t>(value.index);
  switch (spec.type) {
    case FieldType::Bone:
      return m.bones[i].name;
    case FieldType::Clip:
      return m.clips[i];
    case FieldType::Mask:
      return m.masks[i].name;
    case FieldType::Snapshot:
      return m.snapshots[i];
    default:
      return {};
  }
}

// Name, kind, and the short values that tell nodes of a kind apart (clip, bones, mask, snapshot).
std::string NodeLabel(const GraphModel& m, const GraphNode& node) {
  std::string label = Shown(node.name) + "\n" + std::string(node.kind->name);
  for (std::size_t f = 0; f < node.fields.size(); ++f) {
    const FieldSpec& spec = node.kind->fields[f];
    const std::string value = IdentityValue(m, spec, node.fields[f]);
    if (!value.empty() && value.size() <= kShortValue)
      label += "\n" + std::string(spec.name) + ": " + Shown(value);
  }
  return label;
}

// Inline nodes have a dashed outline; the graph's output a double one.
std::string NodeStatement(const GraphModel& m, int index) {
  const GraphNode& node = m.nodes[static_cast<std::size_t>(index)];
  const KindStyle style = StyleOf(node.kind->type);
  std::string attributes = "label=" + QuoteDot(NodeLabel(m, node)) + ", shape=" + style.shape +
                           ", fillcolor=\"" + style.fill + "\"";
  if (!node.named) attributes += ", style=\"filled,dashed\"";
  if (index == m.output) attributes += ", peripheries=2";
  return NodeId(index) + " [" + attributes + "];\n";
}

// The condition exactly as written (a line break in it breaks the label), then the blend.
std::string TransitionLabel(const GraphModel& m, const TransitionModel& t) {
  std::string label = t.condition_text + "\n" + BlendModeName(t.mode);
  if (t.mode == BlendMode::Crossfade) label += std::string(" ") + BlendCurveName(t.curve);
  label += " " + FormatFloat(t.duration) + " s";
  if (t.mode == BlendMode::DeadBlend) label += ", half-life " + FormatFloat(t.half_life) + " s";
  if (t.can_interrupt) label += "\ninterruptible";
  if (t.event.name >= 0) label += "\nevent " + Shown(m.event_names[static_cast<std::size_t>(t.event.name)]);
  return label;
}

// A machine's cluster: its own node, its states (the initial one pointed at, final ones with a
// double outline), an "any" node when a transition leaves from any state, and the transitions.
std::string MachineCluster(const GraphModel& m, int index) {
  const GraphNode& node = m.nodes[static_cast<std::size_t>(index)];
  const std::string id = NodeId(index);
  std::string out = "  subgraph cluster_" + id + " {\n    label=" + QuoteDot(Shown(node.name)) +
                    ";\n    style=rounded;\n    color=\"#9a7fb5\";\n    bgcolor=\"#faf6fd\";\n";
  out += "    " + NodeStatement(m, index);
  for (std::size_t s = 0; s < node.states.size(); ++s) {
    const StateModel& state = node.states[s];
    out += "    " + StateId(index, static_cast<int>(s)) + " [label=" + QuoteDot(Shown(state.name)) +
           ", shape=ellipse, fillcolor=white" + (state.final ? ", peripheries=2" : "") + "];\n";
  }
  if (node.initial_state >= 0) {
    out += "    " + id + "_start [shape=point, label=\"\", width=0.12];\n";
    out += "    " + id + "_start -> " + StateId(index, node.initial_state) + ";\n";
  }
  bool any = false;
  for (const TransitionModel& t : node.transitions) {
    if (t.from < 0 && !any) {
      any = true;
      out += "    " + id + "_any [label=\"any\", shape=circle, style=dashed, fontcolor=\"#555555\"];\n";
    }
    const std::string from = t.from < 0 ? id + "_any" : StateId(index, t.from);
    out += "    " + from + " -> " + StateId(index, t.to) + " [label=" + QuoteDot(TransitionLabel(m, t)) +
           ", color=\"#6a4c93\"];\n";
  }
  // Invisible: the machine's own node sits below its states, where its result leaves the cluster.
  for (std::size_t s = 0; s < node.states.size(); ++s)
    out += "    " + StateId(index, static_cast<int>(s)) + " -> " + id + " [style=invis];\n";
  return out + "  }\n";
}

std::string Edge(const std::string& from, const std::string& to, const std::string& label,
                 const char* extra = "") {
  return "  " + from + " -> " + to + " [label=" + QuoteDot(label) + extra + "];\n";
}

// Pose inputs (labelled with their field, a sample with its position), states' poses, and the
// snapshot each load reads (as saved the frame before: no rank constraint).
std::string PoseEdges(const GraphModel& m, int index) {
  const GraphNode& node = m.nodes[static_cast<std::size_t>(index)];
  const std::string id = NodeId(index);
  std::string out;
  for (std::size_t f = 0; f < node.fields.size(); ++f) {
    const FieldType type = node.kind->fields[f].type;
    if ((type == FieldType::Pose || type == FieldType::OptionalPose) && node.fields[f].node >= 0)
      out += Edge(NodeId(node.fields[f].node), id, std::string(node.kind->fields[f].name));
  }
  for (const SampleModel& s : node.samples) {
    const std::string position = node.kind->type == NodeType::BlendSpace2D
                                     ? "(" + FormatFloat(s.x) + ", " + FormatFloat(s.y) + ")"
                                     : FormatFloat(s.x);
    out += Edge(NodeId(s.node), id, position);
  }
  for (std::size_t s = 0; s < node.states.size(); ++s)
    out += "  " + NodeId(node.states[s].node) + " -> " + StateId(index, static_cast<int>(s)) +
           " [style=dashed, arrowhead=empty];\n";
  if (node.kind->type == NodeType::LoadSnapshot) {
    const int snapshot = node.field("name").index;
    for (std::size_t saver = 0; saver < m.nodes.size(); ++saver) {
      const GraphNode& other = m.nodes[saver];
      if (other.kind->type == NodeType::SaveSnapshot && other.field("name").index == snapshot)
        out += Edge(NodeId(static_cast<int>(saver)), id, "last frame",
                    ", style=dotted, constraint=false, color=\"#4a8f87\"");
    }
  }
  return out;
}

// Each parameter to each node reading it, labelled with the fields that do ("transitions" for a
// machine's conditions).
std::string ParameterEdges(const GraphModel& m, int index) {
  const GraphNode& node = m.nodes[static_cast<std::size_t>(index)];
  std::map<int, std::vector<std::string_view>> readers;  // parameter -> fields, in field order
  const auto add = [&](const expr::Expr& e, std::string_view field) {
    for (const int p : expr::ParamsRead(e)) {
      std::vector<std::string_view>& fields = readers[p];
      if (fields.empty() || fields.back() != field) fields.push_back(field);
    }
  };
  for (std::size_t f = 0; f < node.fields.size(); ++f)
    add(node.fields[f].expr, node.kind->fields[f].name);
  for (const TransitionModel& t : node.transitions)
    add(t.condition, "transitions");
  std::string out;
  for (const auto& [param, fields] : readers) {
    std::string label;
    for (const std::string_view field : fields)
      label += (label.empty() ? "" : ", ") + std::string(field);
    out += Edge("p" + std::to_string(param), NodeId(index), label, ", style=dashed, color=\"#b08d1a\"");
  }
  return out;
}

}  // namespace

std::string GraphDot(const GraphModel& model, std::string_view title) {
  std::string out = "digraph authored {\n";
  out += "  label=" + QuoteDot(Shown(title)) + ";\n  labelloc=t;\n  rankdir=TB;\n";
  out += "  node [style=filled, fontname=\"Helvetica\", fontsize=10];\n";
  out += "  edge [fontname=\"Helvetica\", fontsize=9];\n";
  for (std::size_t p = 0; p < model.params.size(); ++p) {
    const ParamDesc& param = model.params[p];
    out += "  p" + std::to_string(p) +
           " [label=" + QuoteDot(Shown(param.name) + "\n" + ParamTypeName(param.type) + " parameter") +
           ", shape=note, fillcolor=\"#fffbe0\"];\n";
  }
  const int count = static_cast<int>(model.nodes.size());
  for (int n = 0; n < count; ++n) {
    if (model.nodes[static_cast<std::size_t>(n)].kind->type != NodeType::StateMachine)
      out += "  " + NodeStatement(model, n);
  }
  for (int n = 0; n < count; ++n) {
    if (model.nodes[static_cast<std::size_t>(n)].kind->type == NodeType::StateMachine)
      out += MachineCluster(model, n);
  }
  for (int n = 0; n < count; ++n)
    out += PoseEdges(model, n) + ParameterEdges(model, n);
  if (model.output >= 0) {
    out += "  output [label=\"output\", shape=doublecircle, fillcolor=\"#333333\", fontcolor=white];\n";
    out += "  " + NodeId(model.output) + " -> output;\n";
  }
  return out + "}\n";
}

}  // namespace anim::graph
