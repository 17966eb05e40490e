#include "compiler/graph/graph_lower.h"

#include <algorithm>
#include <numbers>

#include "compiler/expr/expr_check.h"
#include "compiler/expr/expr_emit.h"
#include "compiler/expr/expr_eval.h"
#include "compiler/graph/graph_checks.h"
#include "compiler/graph/reader/root_motion_reader.h"

namespace anim::graph {
namespace {

using ir::Op;
using ir::Type;
using ir::ValueId;

uint16_t U16(int value) {
  return static_cast<uint16_t>(value);
}

class Lowerer {
 public:
  Lowerer(const GraphModel& model, const std::string& file, DiagnosticSink& diagnostics)
      : model_(model), file_(file), diagnostics_(diagnostics) {
    const std::size_t n = model.nodes.size();
    scope_.assign(n, -1);
    used_.assign(n, 0);
    machine_.assign(n, -1);
    value_.assign(n, ir::kNoValue);
    clock_.assign(n, -1);
    first_clock_.assign(n, -1);
    leaves_.params.assign(model.params.size(), ir::kNoValue);
  }

  ir::Graph Run(uint64_t skeleton_hash) {
    graph_.skeleton_hash = skeleton_hash;
    graph_.params = model_.params;
    graph_.clips = model_.clips;
    graph_.masks = model_.masks;
    graph_.bones = model_.bones;
    graph_.snapshots = model_.snapshots;
    graph_.sync_groups = model_.sync_groups;
    graph_.curves = model_.curves;
    graph_.lock_root = model_.lock_root;
    graph_.events.threshold = model_.event_threshold;
    graph_.events.names = model_.event_names;
    graph_.root_bone = model_.root_bone;
    const std::vector<int> order = TopologicalOrder(model_);
    AssignScopes(order);
    for (int node : order) {
      Lower(node);
      NoteFirstClock(node);
    }
    graph_.output = value_[static_cast<std::size_t>(model_.output)];
    return std::move(graph_);
  }

 private:
  const GraphNode& Node(int n) const { return model_.nodes[static_cast<std::size_t>(n)]; }

  // ---- scopes ---------------------------------------------------------------------------------

  int LowestCommonScope(int a, int b) const {
    while (depth_[static_cast<std::size_t>(a)] > depth_[static_cast<std::size_t>(b)])
      a = parent_[static_cast<std::size_t>(a)];
    while (depth_[static_cast<std::size_t>(b)] > depth_[static_cast<std::size_t>(a)])
      b = parent_[static_cast<std::size_t>(b)];
    while (a != b) {
      a = parent_[static_cast<std::size_t>(a)];
      b = parent_[static_cast<std::size_t>(b)];
    }
    return a;
  }

  void Use(int node, int scope) {
    int& s = scope_[static_cast<std::size_t>(node)];
    s = s < 0 ? scope : LowestCommonScope(s, scope);
  }

  // Consumers before producers: a node's scope is final once every user has been seen.
  void AssignScopes(const std::vector<int>& order) {
    graph_.scopes.push_back({});
    parent_.push_back(-1);
    depth_.push_back(0);
    Use(model_.output, 0);
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      const int n = *it;
      int& scope = scope_[static_cast<std::size_t>(n)];
      used_[static_cast<std::size_t>(n)] = scope >= 0;
      if (scope < 0) scope = 0;  // unused: the back end removes it
      const GraphNode& node = Node(n);
      if (node.kind->type != NodeType::StateMachine) {
        for (const InputRef& input : node.inputs)
          Use(input.node, scope);
        continue;
      }
      const int m = static_cast<int>(graph_.machines.size());
      machine_[static_cast<std::size_t>(n)] = m;
      ir::Machine& machine = graph_.machines.emplace_back();
      machine.name = node.name;
      machine.scope = U16(scope);
      machine.initial_state = U16(node.initial_state);
      for (std::size_t s = 0; s < node.states.size(); ++s) {
        const int state_scope = static_cast<int>(graph_.scopes.size());
        graph_.scopes.push_back({U16(m), U16(static_cast<int>(s))});
        parent_.push_back(scope);
        depth_.push_back(depth_[static_cast<std::size_t>(scope)] + 1);
        StateDesc desc;
        desc.name = node.states[s].name;
        desc.scope = U16(state_scope);
        machine.states.push_back(std::move(desc));
        Use(node.states[s].node, state_scope);
      }
    }
  }

  // ---- values ---------------------------------------------------------------------------------

  // A field of `node`: its state values are those of the state the node runs in.
  ValueId Emit(const GraphNode& node, const expr::Expr& e) {
    const std::size_t n = static_cast<std::size_t>(&node - model_.nodes.data());
    const uint16_t scope = U16(scope_[n]);
    if (const expr::ExprNode* read = expr::FirstStateRead(e); read != nullptr && scope == 0 && used_[n]) {
      diagnostics_.Error("E017", {file_, read->position.line, read->position.column},
                         "'" + read->text + "' reads the state node " + Quoted(node.name) +
                             " runs in, but it runs in none: it is used outside every state, or shared "
                             "by states that no one state encloses");
    }
    expr::EmitContext context{graph_, leaves_, node.name, file_, false, 0, scope, scope == 0 && !used_[n]};
    return expr::EmitExpression(e, context);
  }
  // A transition's condition: its state values are those of machine `machine`'s current state.
  ValueId EmitCondition(const GraphNode& node, const expr::Expr& e, uint16_t machine) {
    expr::EmitContext context{graph_, leaves_, node.name, file_, true, machine, 0, false};
    return expr::EmitExpression(e, context);
  }
  ValueId Emit(const GraphNode& node, std::string_view field) { return Emit(node, node.field(field).expr); }

  ValueId Constant(const GraphNode& node, Type type, float x, float y = 0.0f, float z = 0.0f) {
    ir::Value value;
    value.op = Op::Const;
    value.type = type;
    value.constant[0] = x;
    value.constant[1] = y;
    value.constant[2] = z;
    value.node = node.name;
    value.location = {file_, node.position.line, node.position.column};
    return graph_.Add(std::move(value));
  }

  ValueId Scalar(const GraphNode& node, Op op, std::vector<ValueId> operands) {
    ir::Value value;
    value.op = op;
    value.type = Type::Float;
    value.operands = std::move(operands);
    value.node = node.name;
    value.location = {file_, node.position.line, node.position.column};
    return graph_.Add(std::move(value));
  }

  ir::Value Pose(int n, Op op) const {
    const GraphNode& node = Node(n);
    ir::Value value;
    value.op = op;
    value.type = Type::Pose;
    value.scope = U16(scope_[static_cast<std::size_t>(n)]);
    value.node = node.name;
    value.location = {file_, node.position.line, node.position.column};
    return value;
  }

  ValueId In(const GraphNode& node, std::string_view field) const {
    return value_[static_cast<std::size_t>(node.field(field).node)];
  }
  uint16_t Index(const GraphNode& node, std::string_view field) const { return U16(node.field(field).index); }

  void Lower(int n) {
    const GraphNode& node = Node(n);
    ir::Value v;
    switch (node.kind->type) {
      case NodeType::Clip: {
        const ValueId rate = Emit(node, "rate");
        clock_[static_cast<std::size_t>(n)] = static_cast<int>(graph_.clocks.size());
        graph_.clocks.push_back({Index(node, "clip"), U16(scope_[static_cast<std::size_t>(n)]),
                                 node.field("loop").number != 0.0,
                                 static_cast<float>(node.field("start").number),
                                 node.sync_group < 0 ? kNoOperand : U16(node.sync_group), node.sync_role,
                                 RootMotionMode::Keep, kNoOperand});
        if (const RootMotionMode mode = EffectiveRootMotion(model_, node);
            mode != RootMotionMode::Keep && model_.root_motion_bone >= 0) {
          graph_.clocks.back().root_motion = mode;
          graph_.clocks.back().root_motion_bone = U16(model_.root_motion_bone);
        }
        for (const ClipEventModel& e : node.clip_events) {
          graph_.events.clip.push_back({U16(clock_[static_cast<std::size_t>(n)]), U16(e.event.name), e.time,
                                        e.duration, Threshold(e.event)});
        }
        v = Pose(n, Op::SampleClip);
        v.index = U16(clock_[static_cast<std::size_t>(n)]);
        v.operands = {rate};
        break;
      }
      case NodeType::ReferencePose:
        v = Pose(n, Op::ReferencePose);
        break;
      case NodeType::Blend:
        v = Pose(n, Op::Blend);
        v.operands = {In(node, "a"), In(node, "b"), Emit(node, "alpha")};
        break;
      case NodeType::MaskedBlend:
        v = Pose(n, Op::BlendMasked);
        v.index = Index(node, "mask");
        v.operands = {In(node, "a"), In(node, "b"), Emit(node, "alpha")};
        break;
      case NodeType::BlendSpace1D:
        LowerBlendSpace(n);
        return;
      case NodeType::BlendSpace2D:
        LowerBlendSpace2D(n);
        return;
      case NodeType::MakeAdditive:
        v = Pose(n, Op::MakeAdditive);
        v.flags = static_cast<uint8_t>(node.field("space").index);
        v.operands = {In(node, "pose")};
        if (node.field("base").node >= 0) v.operands.push_back(In(node, "base"));
        break;
      case NodeType::ApplyAdditive:
        v = Pose(n, Op::ApplyAdditive);
        v.operands = {In(node, "base"), In(node, "additive"), Emit(node, "alpha")};
        break;
      case NodeType::StateMachine:
        LowerStateMachine(n);
        return;
      case NodeType::SaveSnapshot:
        v = Pose(n, Op::SaveSnapshot);
        v.index = Index(node, "name");
        v.operands = {In(node, "pose")};
        break;
      case NodeType::LoadSnapshot:
        v = Pose(n, Op::LoadSnapshot);
        v.index = Index(node, "name");
        break;
      case NodeType::BoneTransform:
        v = Pose(n, Op::BoneTransform);
        v.bones[0] = Index(node, "bone");
        v.flags = static_cast<uint8_t>(node.field("space").index | node.field("mode").index << 1);
        v.operands = {In(node, "pose"), Emit(node, "translation"), Emit(node, "rotation"),
                      Emit(node, "scale"), Emit(node, "alpha")};
        break;
      case NodeType::TranslateBone:
        v = Pose(n, Op::TranslateBone);
        v.bones[0] = Index(node, "bone");
        v.operands = {In(node, "pose"), Emit(node, "offset"), Emit(node, "alpha")};
        break;
      case NodeType::TwoBoneIK: {
        v = Pose(n, Op::TwoBoneIK);
        v.bones[0] = Index(node, "root");
        v.bones[1] = Index(node, "mid");
        v.bones[2] = Index(node, "end");
        const bool pole = node.field("pole").doc != nullptr;
        v.flags = pole ? 1 : 0;
        const ValueId target = Emit(node, "target");
        const ValueId pole_value = pole ? Emit(node, "pole") : Constant(node, Type::Vec3, 0.0f);
        v.operands = {In(node, "pose"), target, pole_value, Emit(node, "alpha")};
        break;
      }
      case NodeType::Fabrik:
        v = Pose(n, Op::Fabrik);
        v.bones[0] = Index(node, "root");
        v.bones[1] = Index(node, "tip");
        v.iterations = U16(static_cast<int>(node.field("iterations").number));
        v.constant[0] = static_cast<float>(node.field("tolerance").number);
        v.operands = {In(node, "pose"), Emit(node, "target"), Emit(node, "alpha")};
        break;
      case NodeType::LookAt:
        v = Pose(n, Op::LookAt);
        v.bones[0] = Index(node, "bone");
        v.operands = {In(node, "pose"), Emit(node, "target"), Emit(node, "axis"), Radians(node, "max_angle"),
                      Emit(node, "alpha")};
        break;
      case NodeType::FootIK:
        v = Pose(n, Op::FootIK);
        v.bones[0] = Index(node, "thigh");
        v.bones[1] = Index(node, "calf");
        v.bones[2] = Index(node, "foot");
        v.constant[0] = static_cast<float>(node.field("ankle_height").number);
        v.constant[1] = static_cast<float>(node.field("plant_distance").number);
        v.operands = {In(node, "pose"), Emit(node, "ground_height"), Emit(node, "normal"),
                      Emit(node, "alpha")};
        break;
      case NodeType::Physics:
        v = Pose(n, Op::PhysicsStage);
        v.index = U16(node.field("stage").index + 1);  // AnimTaskStage::PrePhysics or PostPhysics
        v.operands = {In(node, "pose")};
        break;
    }
    value_[static_cast<std::size_t>(n)] = graph_.Add(std::move(v));
  }

  // An event's own threshold (its name's in the `events` table), or -1 for the graph's.
  float Threshold(const EventRef& e) const {
    return model_.event_thresholds[static_cast<std::size_t>(e.name)];
  }

  // Degrees in the document, radians in the IR.
  ValueId Radians(const GraphNode& node, std::string_view field) {
    constexpr float kPerDegree = std::numbers::pi_v<float> / 180.0f;
    const expr::Expr& e = node.field(field).expr;
    if (const std::optional<expr::ConstValue> c = expr::EvaluateConstant(e))
      return Constant(node, Type::Float, c->v[0] * kPerDegree);
    const ValueId degrees = Emit(node, e);
    return Scalar(node, Op::Mul, {degrees, Constant(node, Type::Float, kPerDegree)});
  }

  // r1 = blend(s0, s1, clamp((x - p0) / (p1 - p0), 0, 1)), r2 = blend(r1, s2, ...), ...
  void LowerBlendSpace(int n) {
    const GraphNode& node = Node(n);
    const ValueId x = Emit(node, "axis");
    ValueId result = value_[static_cast<std::size_t>(node.samples[0].node)];
    for (std::size_t i = 1; i < node.samples.size(); ++i) {
      const float p0 = node.samples[i - 1].x;
      const float p1 = node.samples[i].x;
      const ValueId offset = Scalar(node, Op::Sub, {x, Constant(node, Type::Float, p0)});
      const ValueId t = Scalar(node, Op::Div, {offset, Constant(node, Type::Float, p1 - p0)});
      const ValueId alpha =
          Scalar(node, Op::Clamp, {t, Constant(node, Type::Float, 0.0f), Constant(node, Type::Float, 1.0f)});
      ir::Value blend = Pose(n, Op::Blend);
      blend.operands = {result, value_[static_cast<std::size_t>(node.samples[i].node)], alpha};
      result = graph_.Add(std::move(blend));
    }
    value_[static_cast<std::size_t>(n)] = result;
  }

  // Each sample's weight comes from the blend space's triangulation at run time; the samples are
  // blended in order, each by its share of the weight so far, so the result is the weighted mean:
  // r_i = blend(r_{i-1}, s_i, w_i / (w_0 + ... + w_i)), where a share of 0 / 0 is 0.
  void LowerBlendSpace2D(int n) {
    const GraphNode& node = Node(n);
    BlendSpaceDesc desc;
    desc.name = node.name;
    for (const SampleModel& sample : node.samples) {
      desc.positions.push_back(sample.x);
      desc.positions.push_back(sample.y);
    }
    for (const std::array<int, 3>& triangle : node.triangles)
      for (const int corner : triangle)
        desc.triangles.push_back(U16(corner));
    const uint16_t space = U16(static_cast<int>(graph_.blend_spaces.size()));
    graph_.blend_spaces.push_back(std::move(desc));

    const ValueId x = Emit(node, "x");
    const ValueId y = Emit(node, "y");
    auto weight = [&](std::size_t sample) {
      const ValueId w = Scalar(node, Op::BlendSpaceWeight, {x, y});
      graph_.values[static_cast<std::size_t>(w)].index = space;
      graph_.values[static_cast<std::size_t>(w)].sample = U16(static_cast<int>(sample));
      return w;
    };
    ValueId result = value_[static_cast<std::size_t>(node.samples[0].node)];
    ValueId total = weight(0);
    for (std::size_t i = 1; i < node.samples.size(); ++i) {
      const ValueId w = weight(i);
      total = Scalar(node, Op::Add, {total, w});
      ir::Value blend = Pose(n, Op::Blend);
      blend.operands = {result, value_[static_cast<std::size_t>(node.samples[i].node)],
                        Scalar(node, Op::Div, {w, total})};
      result = graph_.Add(std::move(blend));
    }
    value_[static_cast<std::size_t>(n)] = result;
  }

  void LowerStateMachine(int n) {
    const GraphNode& node = Node(n);
    const int m = machine_[static_cast<std::size_t>(n)];
    for (const TransitionModel& t : node.transitions) {
      ir::Transition transition;
      transition.desc.from = t.from < 0 ? kNoOperand : U16(t.from);
      transition.desc.to = U16(t.to);
      transition.desc.duration = t.duration;
      transition.desc.mode = t.mode;
      transition.desc.curve = t.curve;
      transition.desc.half_life = t.half_life;
      transition.desc.can_interrupt = t.can_interrupt;
      for (int param : expr::ParamsRead(t.condition))
        if (model_.params[static_cast<std::size_t>(param)].type == ParamType::Trigger)
          transition.desc.consumed_triggers.push_back(U16(param));
      transition.condition = EmitCondition(node, t.condition, U16(m));
      graph_.machines[static_cast<std::size_t>(m)].transitions.push_back(std::move(transition));
      if (t.event.name >= 0) {
        const uint16_t index =
            U16(static_cast<int>(graph_.machines[static_cast<std::size_t>(m)].transitions.size()) - 1);
        graph_.events.transition.push_back({U16(m), index, U16(t.event.name), Threshold(t.event)});
      }
    }
    for (std::size_t s = 0; s < node.states.size(); ++s) {
      for (int kind = 0; kind < kStateEventKindCount; ++kind) {
        const EventRef& e = node.states[s].events[kind];
        if (e.name < 0) continue;
        graph_.events.state.push_back(
            {U16(m), U16(static_cast<int>(s)), static_cast<StateEventKind>(kind), U16(e.name), Threshold(e)});
      }
    }
    ir::Value v = Pose(n, Op::StateMachine);
    v.index = U16(m);
    for (std::size_t s = 0; s < node.states.size(); ++s) {
      v.operands.push_back(value_[static_cast<std::size_t>(node.states[s].node)]);
      const int clock = first_clock_[static_cast<std::size_t>(node.states[s].node)];
      graph_.machines[static_cast<std::size_t>(m)].states[s].progress_clock =
          clock < 0 ? kNoOperand : U16(clock);
    }
    const ValueId id = graph_.Add(std::move(v));
    graph_.machines[static_cast<std::size_t>(m)].value = id;
    value_[static_cast<std::size_t>(n)] = id;
  }

  // The clock of the first clip node met depth first (inputs in field order) from node `n`, once
  // its inputs have theirs: its own clock, or the first of its inputs' (-1: none). Kept per node,
  // so every state's progress clock costs one lookup, not a walk of the state's graph.
  void NoteFirstClock(int n) {
    int& first = first_clock_[static_cast<std::size_t>(n)];
    first = clock_[static_cast<std::size_t>(n)];
    for (const InputRef& input : Node(n).inputs) {
      if (first >= 0) break;
      first = first_clock_[static_cast<std::size_t>(input.node)];
    }
  }

  const GraphModel& model_;
  const std::string& file_;
  DiagnosticSink& diagnostics_;
  ir::Graph graph_;
  expr::LeafCache leaves_;
  std::vector<int> scope_, machine_, clock_, first_clock_;
  std::vector<char> used_;  // by node: reachable from the output
  std::vector<ValueId> value_;
  std::vector<int> parent_, depth_;  // by scope
};

}  // namespace

ir::Graph LowerGraph(const GraphModel& model, uint64_t skeleton_hash, const std::string& file,
                     DiagnosticSink& diagnostics) {
  return Lowerer(model, file, diagnostics).Run(skeleton_hash);
}

}  // namespace anim::graph
