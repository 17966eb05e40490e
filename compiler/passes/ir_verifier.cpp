#include "compiler/passes/ir_verifier.h"

#include <fmt/format.h>

#include <cmath>
#include <set>

#include "vm/bytecode/limits.h"

namespace anim::ir {
namespace {

bool IsScalar(Type t) {
  return t == Type::Float || t == Type::Bool || t == Type::Int;
}

// What an operand slot accepts.
enum class Want : uint8_t { Scalar, Vec3, Pose, ScalarOrVec3 };

bool Accepts(Want want, Type t) {
  switch (want) {
    case Want::Scalar:
      return IsScalar(t);
    case Want::Vec3:
      return t == Type::Vec3;
    case Want::Pose:
      return t == Type::Pose;
    case Want::ScalarOrVec3:
      return IsScalar(t) || t == Type::Vec3;
  }
  return false;
}

const char* WantName(Want want) {
  switch (want) {
    case Want::Scalar:
      return "a scalar";
    case Want::Vec3:
      return "a vec3";
    case Want::Pose:
      return "a pose";
    case Want::ScalarOrVec3:
      return "a scalar or vec3";
  }
  return "?";
}

class Verifier {
 public:
  explicit Verifier(const Graph& graph) : g_(graph) {}

  std::vector<std::string> Run() {
    ComputeScopeDepths();
    CheckTables();
    for (size_t i = 0; i < g_.values.size(); ++i)
      CheckValue(static_cast<ValueId>(i));
    CheckMachines();
    CheckEvents();
    CheckOutput();
    return std::move(problems_);
  }

 private:
  template <typename... Args>
  void Fail(fmt::format_string<Args...> format, Args&&... args) {
    problems_.push_back(fmt::format(format, std::forward<Args>(args)...));
  }

  std::string Where(ValueId id) const {
    const Value& v = g_.values[static_cast<size_t>(id)];
    return fmt::format("%{} {} (node '{}')", id, OpName(v.op), v.node);
  }

  // The scope a state's scope is nested in (its machine's scope), or -1 for the root or a broken
  // entry.
  int ParentScope(size_t scope) const {
    if (scope == 0 || scope >= g_.scopes.size()) return -1;
    const uint16_t machine = g_.scopes[scope].machine;
    return machine < g_.machines.size() ? g_.machines[machine].scope : -1;
  }

  // Each scope's depth below the root, or -1 when walking out from it never reaches the root (a
  // broken entry or a cycle). Each scope is walked once, so deep nesting costs its size, not its
  // square.
  void ComputeScopeDepths() {
    constexpr int kUnknown = -2, kOnWalk = -3;
    scope_depth_.assign(g_.scopes.size(), kUnknown);
    if (!scope_depth_.empty()) scope_depth_[0] = 0;
    std::vector<size_t> walk;
    for (size_t s = 0; s < g_.scopes.size(); ++s) {
      int at = static_cast<int>(s);
      while (at >= 0 && static_cast<size_t>(at) < scope_depth_.size() && scope_depth_[at] == kUnknown) {
        scope_depth_[at] = kOnWalk;
        walk.push_back(static_cast<size_t>(at));
        at = ParentScope(static_cast<size_t>(at));
      }
      int depth = at >= 0 && static_cast<size_t>(at) < scope_depth_.size() ? scope_depth_[at] : -1;
      if (depth == kOnWalk) depth = -1;  // a cycle
      for (auto it = walk.rbegin(); it != walk.rend(); ++it)
        scope_depth_[*it] = depth = depth < 0 ? -1 : depth + 1;
      walk.clear();
    }
  }

  // Whether `outer` is `inner` or encloses it: climbing from the deeper scope by the difference.
  bool Within(uint16_t inner, uint16_t outer) const {
    if (inner >= scope_depth_.size() || outer >= scope_depth_.size()) return false;
    if (scope_depth_[inner] < 0 || scope_depth_[outer] < 0) return false;
    int scope = inner;
    for (int steps = scope_depth_[inner] - scope_depth_[outer]; steps > 0; --steps)
      scope = ParentScope(static_cast<size_t>(scope));
    return scope == outer;
  }

  bool ValidId(ValueId id) const { return id >= 0 && static_cast<size_t>(id) < g_.values.size(); }
  const Value& At(ValueId id) const { return g_.values[static_cast<size_t>(id)]; }

  void CheckTables() {
    if (g_.scopes.empty() || g_.scopes[0].machine != kNoOperand) {
      Fail("scope 0 must exist and be the root scope");
    }
    for (size_t s = 1; s < g_.scopes.size(); ++s) {
      const ScopeDesc& scope = g_.scopes[s];
      if (scope.machine >= g_.machines.size() || scope.state >= g_.machines[scope.machine].states.size()) {
        Fail("scope {} names machine {} state {}, which do not exist", s, scope.machine, scope.state);
      }
    }
    for (size_t c = 0; c < g_.clocks.size(); ++c) {
      if (g_.clocks[c].clip >= g_.clips.size() + g_.baked_clips.size())
        Fail("clock {} names clip {} of {} loaded and {} baked", c, g_.clocks[c].clip, g_.clips.size(),
             g_.baked_clips.size());
      if (g_.clocks[c].scope >= g_.scopes.size())
        Fail("clock {} has scope {} of {}", c, g_.clocks[c].scope, g_.scopes.size());
      if (g_.clocks[c].sync_group != kNoOperand && g_.clocks[c].sync_group >= g_.sync_groups.size())
        Fail("clock {} is in sync group {} of {}", c, g_.clocks[c].sync_group, g_.sync_groups.size());
      if (g_.clocks[c].root_motion != RootMotionMode::Keep &&
          g_.clocks[c].root_motion_bone >= g_.bones.size())
        Fail("clock {} takes the motion of bone {} of {}", c, g_.clocks[c].root_motion_bone, g_.bones.size());
    }
    CheckParams();
    for (size_t c = 0; c < g_.clocks.size(); ++c) {
      if (!std::isfinite(g_.clocks[c].start_time) || g_.clocks[c].start_time < 0.0f) {
        Fail("clock {} starts at {}, not a finite time >= 0", c, g_.clocks[c].start_time);
      }
    }
    for (const MaskDesc& mask : g_.masks) {
      for (float w : mask.weights) {
        if (!std::isfinite(w)) Fail("mask '{}' has a non-finite weight", mask.name);
      }
      if (!mask.curve_weights.empty() && mask.curve_weights.size() != g_.curves.size()) {
        Fail("mask '{}' has {} curve weights, the graph has {} curves", mask.name, mask.curve_weights.size(),
             g_.curves.size());
      }
    }
    if (g_.root_bone != kNoOperand && g_.root_bone >= g_.bones.size()) {
      Fail("root bone {} is past the bone table ({})", g_.root_bone, g_.bones.size());
    }
  }

  void CheckParams() {
    std::set<std::string> names;
    for (const ParamDesc& p : g_.params) {
      if (p.name.empty()) Fail("a parameter has an empty name");
      if (!names.insert(p.name).second) Fail("parameter '{}' is defined twice", p.name);
      if (static_cast<uint8_t>(p.type) > static_cast<uint8_t>(ParamType::Vec3))
        Fail("parameter '{}' has an unknown type", p.name);
      for (float d : p.default_value) {
        if (!std::isfinite(d)) Fail("parameter '{}' has a non-finite default", p.name);
      }
      if (p.has_range && (!std::isfinite(p.min) || !std::isfinite(p.max) || p.min > p.max)) {
        Fail("parameter '{}' has an invalid range", p.name);
      }
    }
  }

  // Constants the value carries (Const, Fabrik's tolerance, FootIK's heights) must be finite.
  void CheckConstants(ValueId id) {
    const Value& v = At(id);
    const int count = v.op == Op::Const    ? (v.type == Type::Vec3 ? 3 : 1)
                      : v.op == Op::Fabrik ? 1
                      : v.op == Op::FootIK ? 2
                                           : 0;
    for (int c = 0; c < count; ++c) {
      if (!std::isfinite(v.constant[c])) Fail("{}: constant {} is not finite", Where(id), v.constant[c]);
    }
  }

  // One clip player per clock: the clock's time is the player's state.
  void CheckClockUse(ValueId id) {
    const Value& v = At(id);
    if (v.op != Op::SampleClip || v.index >= g_.clocks.size()) return;
    if (clock_users_.size() != g_.clocks.size()) clock_users_.assign(g_.clocks.size(), kNoValue);
    if (clock_users_[v.index] != kNoValue) {
      Fail("{}: clock {} is already sampled by %{}", Where(id), v.index, clock_users_[v.index]);
    }
    clock_users_[v.index] = id;
  }

  void CheckOperands(ValueId id, std::initializer_list<Want> wants) {
    const Value& v = At(id);
    if (v.operands.size() != wants.size()) {
      Fail("{}: expected {} operands, got {}", Where(id), wants.size(), v.operands.size());
      return;
    }
    size_t slot = 0;
    for (Want want : wants)
      CheckOperand(id, slot++, want);
  }

  void CheckOperand(ValueId id, size_t slot, Want want) {
    const Value& v = At(id);
    const ValueId op = v.operands[slot];
    if (!ValidId(op) || op >= id) {
      Fail("{}: operand {} is %{}, which does not precede it", Where(id), slot, op);
      return;
    }
    const Value& operand = At(op);
    if (!Accepts(want, operand.type)) {
      Fail("{}: operand {} must be {}, got {}", Where(id), slot, WantName(want), TypeName(operand.type));
      return;
    }
    // A pose runs in its scope; its inputs must run there or in an enclosing scope.
    if (operand.type == Type::Pose && v.type == Type::Pose && v.op != Op::StateMachine &&
        operand.scope < g_.scopes.size() && v.scope < g_.scopes.size() && !Within(v.scope, operand.scope)) {
      Fail("{}: operand {} (%{}) runs in scope {}, which does not enclose scope {}", Where(id), slot, op,
           operand.scope, v.scope);
    }
  }

  void CheckIndex(ValueId id, const char* what, size_t index, size_t size) {
    if (index >= size) Fail("{}: {} index {} is past the table ({})", Where(id), what, index, size);
  }

  void CheckType(ValueId id, bool ok, const char* expected) {
    if (!ok) Fail("{}: result type {} where {} is expected", Where(id), TypeName(At(id).type), expected);
  }

  void CheckValue(ValueId id) {
    const Value& v = At(id);
    if (v.scope >= g_.scopes.size())
      Fail("{}: scope {} is past the scope table ({})", Where(id), v.scope, g_.scopes.size());
    if (v.type != Type::Pose && v.scope != 0) Fail("{}: a scalar value must have scope 0", Where(id));
    CheckConstants(id);
    CheckClockUse(id);
    const bool vec = v.type == Type::Vec3;
    const Want same = vec ? Want::Vec3 : Want::Scalar;
    switch (v.op) {
      case Op::Const:
        CheckType(id, v.type != Type::Pose, "float, bool, int or vec3");
        CheckOperands(id, {});
        break;
      case Op::Param:
        CheckOperands(id, {});
        CheckIndex(id, "parameter", v.index, g_.params.size());
        if (v.index < g_.params.size()) CheckParamType(id, g_.params[v.index].type);
        break;
      case Op::TimeInState:
      case Op::StateProgress:
        CheckType(id, v.type == Type::Float, "float");
        CheckOperands(id, {});
        CheckIndex(id, "machine", v.index, g_.machines.size());
        break;
      case Op::Neg:
      case Op::Abs:
        CheckType(id, v.type != Type::Pose, "a scalar or vec3");
        CheckOperands(id, {same});
        break;
      case Op::Not:
        CheckType(id, v.type == Type::Bool, "bool");
        CheckOperands(id, {Want::Scalar});
        break;
      case Op::Sin:
      case Op::Cos:
      case Op::Min:
      case Op::Max:
      case Op::Clamp:
      case Op::Smoothstep:
      case Op::Remap:
        CheckType(id, IsScalar(v.type), "a scalar");
        CheckScalarArity(id);
        break;
      case Op::Add:
      case Op::Sub:
        CheckType(id, v.type != Type::Pose, "a scalar or vec3");
        CheckOperands(id, {same, same});
        break;
      case Op::Mul:
        CheckType(id, v.type != Type::Pose, "a scalar or vec3");
        if (vec && v.operands.size() == 2 && ValidId(v.operands[0]) && At(v.operands[0]).type != Type::Vec3) {
          CheckOperands(id, {Want::Scalar, Want::Vec3});  // scalar * vec3 commutes
        } else {
          CheckOperands(id, {same, Want::Scalar});
        }
        break;
      case Op::Div:
        CheckType(id, v.type != Type::Pose, "a scalar or vec3");
        CheckOperands(id, {same, Want::Scalar});
        break;
      case Op::Less:
      case Op::LessEqual:
      case Op::Greater:
      case Op::GreaterEqual:
      case Op::Equal:
      case Op::NotEqual:
      case Op::And:
      case Op::Or:
        CheckType(id, v.type == Type::Bool, "bool");
        CheckOperands(id, {Want::Scalar, Want::Scalar});
        break;
      case Op::Lerp:
        CheckType(id, v.type != Type::Pose, "a scalar or vec3");
        CheckOperands(id, {same, same, Want::Scalar});
        break;
      case Op::MakeVec3:
        CheckType(id, vec, "vec3");
        CheckOperands(id, {Want::Scalar, Want::Scalar, Want::Scalar});
        break;
      case Op::Select:
        CheckType(id, v.type != Type::Pose, "a scalar or vec3");
        CheckOperands(id, {Want::Scalar, same, same});
        break;
      case Op::StateTime:
      case Op::StateClockProgress:
        CheckType(id, v.type == Type::Float, "float");
        CheckOperands(id, {});
        CheckIndex(id, "scope", v.index, g_.scopes.size());
        if (v.index == 0) Fail("{}: scope 0 is the root, which runs in no state", Where(id));
        break;
      case Op::Damp:
      case Op::Spring:
        CheckType(id, v.type == Type::Float, "float");
        CheckOperands(id, {Want::Scalar, Want::Scalar});
        break;
      case Op::Curve:
        CheckType(id, v.type == Type::Float, "float");
        CheckOperands(id, {});
        CheckIndex(id, "curve", v.index, g_.curves.size());
        break;
      case Op::BlendSpaceWeight:
        CheckType(id, v.type == Type::Float, "float");
        CheckOperands(id, {Want::Scalar, Want::Scalar});
        CheckIndex(id, "blend space", v.index, g_.blend_spaces.size());
        if (v.index < g_.blend_spaces.size())
          CheckIndex(id, "blend space sample", v.sample, g_.blend_spaces[v.index].sample_count());
        break;
      default:
        CheckPoseValue(id);
        break;
    }
  }

  void CheckScalarArity(ValueId id) {
    switch (At(id).op) {
      case Op::Sin:
      case Op::Cos:
        CheckOperands(id, {Want::Scalar});
        break;
      case Op::Min:
      case Op::Max:
        CheckOperands(id, {Want::Scalar, Want::Scalar});
        break;
      case Op::Clamp:
      case Op::Smoothstep:
        CheckOperands(id, {Want::Scalar, Want::Scalar, Want::Scalar});
        break;
      default:  // Remap
        CheckOperands(id, {Want::Scalar, Want::Scalar, Want::Scalar, Want::Scalar, Want::Scalar});
        break;
    }
  }

  void CheckParamType(ValueId id, ParamType type) {
    const Type t = At(id).type;
    const bool ok = (type == ParamType::Float && t == Type::Float) ||
                    ((type == ParamType::Bool || type == ParamType::Trigger) && t == Type::Bool) ||
                    (type == ParamType::Int && t == Type::Int) ||
                    (type == ParamType::Vec3 && t == Type::Vec3);
    if (!ok) Fail("{}: type {} does not match the parameter's type", Where(id), TypeName(t));
  }

  void CheckBones(ValueId id, int count) {
    for (int i = 0; i < count; ++i)
      CheckIndex(id, "bone", At(id).bones[i], g_.bones.size());
  }

  void CheckPoseValue(ValueId id) {
    const Value& v = At(id);
    CheckType(id, v.type == Type::Pose, "pose");
    using W = Want;
    switch (v.op) {
      case Op::ReferencePose:
        CheckOperands(id, {});
        break;
      case Op::SampleClip:
        CheckIndex(id, "clock", v.index, g_.clocks.size());
        CheckOperands(id, {W::Scalar});
        break;
      case Op::Blend:
        CheckOperands(id, {W::Pose, W::Pose, W::Scalar});
        break;
      case Op::BlendMasked:
        CheckIndex(id, "mask", v.index, g_.masks.size());
        CheckOperands(id, {W::Pose, W::Pose, W::Scalar});
        break;
      case Op::MakeAdditive:
        if (v.flags > 1) Fail("{}: space flag {} is neither local (0) nor mesh (1)", Where(id), v.flags);
        if (v.operands.size() == 1) {
          CheckOperands(id, {W::Pose});
        } else {
          CheckOperands(id, {W::Pose, W::Pose});
        }
        break;
      case Op::ApplyAdditive:
        CheckOperands(id, {W::Pose, W::Pose, W::Scalar});
        break;
      case Op::StateMachine:
        CheckStateMachineValue(id);
        break;
      case Op::SaveSnapshot:
        CheckIndex(id, "snapshot", v.index, g_.snapshots.size());
        CheckOperands(id, {W::Pose});
        break;
      case Op::LoadSnapshot:
        CheckIndex(id, "snapshot", v.index, g_.snapshots.size());
        CheckOperands(id, {});
        break;
      case Op::BoneTransform:
        CheckBones(id, 1);
        if (v.flags > 3) Fail("{}: flags {} hold more than space and mode", Where(id), v.flags);
        CheckOperands(id, {W::Pose, W::Vec3, W::Vec3, W::Vec3, W::Scalar});
        break;
      case Op::TranslateBone:
        CheckBones(id, 1);
        CheckOperands(id, {W::Pose, W::Vec3, W::Scalar});
        break;
      case Op::TwoBoneIK:
        CheckBones(id, 3);
        if (v.flags > 1) Fail("{}: use_pole flag {} is not 0 or 1", Where(id), v.flags);
        CheckOperands(id, {W::Pose, W::Vec3, W::Vec3, W::Scalar});
        break;
      case Op::Fabrik:
        CheckBones(id, 2);
        CheckOperands(id, {W::Pose, W::Vec3, W::Scalar});
        break;
      case Op::LookAt:
        CheckBones(id, 1);
        CheckOperands(id, {W::Pose, W::Vec3, W::Vec3, W::Scalar, W::Scalar});
        break;
      case Op::FootIK:
        CheckBones(id, 3);
        CheckOperands(id, {W::Pose, W::Scalar, W::Vec3, W::Scalar});
        break;
      case Op::PhysicsStage:
        if (v.index != 1 && v.index != 2)
          Fail("{}: stage {} is neither pre (1) nor post (2)", Where(id), v.index);
        CheckOperands(id, {W::Pose});
        break;
      default:
        Fail("{}: unknown op {}", Where(id), static_cast<int>(v.op));
        break;
    }
  }

  void CheckStateMachineValue(ValueId id) {
    const Value& v = At(id);
    if (v.index >= g_.machines.size()) {
      CheckIndex(id, "machine", v.index, g_.machines.size());
      return;
    }
    const Machine& m = g_.machines[v.index];
    if (m.value != id)
      Fail("{}: machine {} ('{}') names %{} as its value", Where(id), v.index, m.name, m.value);
    if (v.scope != m.scope)
      Fail("{}: runs in scope {}, its machine in scope {}", Where(id), v.scope, m.scope);
    if (v.operands.size() != m.states.size()) {
      Fail("{}: {} state poses for {} states", Where(id), v.operands.size(), m.states.size());
      return;
    }
    for (size_t s = 0; s < v.operands.size(); ++s) {
      CheckOperand(id, s, Want::Pose);
      const ValueId pose = v.operands[s];
      if (ValidId(pose) && pose < id && m.states[s].scope < g_.scopes.size() &&
          !Within(m.states[s].scope, At(pose).scope)) {
        Fail("{}: state {} ('{}') reads %{} from scope {}, which does not enclose the state", Where(id), s,
             m.states[s].name, pose, At(pose).scope);
      }
    }
  }

  // Every event names an event, a clock, a machine's state or transition that exists.
  void CheckEvents() {
    const EventTable& e = g_.events;
    for (size_t i = 0; i < e.clip.size(); ++i) {
      if (e.clip[i].clock >= g_.clocks.size() || e.clip[i].name >= e.names.size())
        Fail("clip event {}: clock {} or name {} is past its table", i, e.clip[i].clock, e.clip[i].name);
    }
    for (size_t i = 0; i < e.state.size(); ++i) {
      const StateEventDesc& s = e.state[i];
      if (s.machine >= g_.machines.size() || s.state >= g_.machines[s.machine].states.size() ||
          s.name >= e.names.size())
        Fail("state event {}: machine {}, state {} or name {} is past its table", i, s.machine, s.state,
             s.name);
    }
    for (size_t i = 0; i < e.transition.size(); ++i) {
      const TransitionEventDesc& t = e.transition[i];
      if (t.machine >= g_.machines.size() || t.transition >= g_.machines[t.machine].transitions.size() ||
          t.name >= e.names.size())
        Fail("transition event {}: machine {}, transition {} or name {} is past its table", i, t.machine,
             t.transition, t.name);
    }
  }

  void CheckMachines() {
    for (size_t mi = 0; mi < g_.machines.size(); ++mi) {
      const Machine& m = g_.machines[mi];
      if (m.states.empty()) Fail("machine {} ('{}') has no states", mi, m.name);
      if (m.scope >= g_.scopes.size())
        Fail("machine {} ('{}') has scope {} of {}", mi, m.name, m.scope, g_.scopes.size());
      if (!m.states.empty() && m.initial_state >= m.states.size()) {
        Fail("machine {} ('{}') starts in state {} of {}", mi, m.name, m.initial_state, m.states.size());
      }
      if (!ValidId(m.value) || At(m.value).op != Op::StateMachine || At(m.value).index != mi) {
        Fail("machine {} ('{}') has no state_machine value (%{})", mi, m.name, m.value);
      }
      for (size_t s = 0; s < m.states.size(); ++s) {
        const StateDesc& state = m.states[s];
        const bool scope_ok = state.scope < g_.scopes.size() && g_.scopes[state.scope].machine == mi &&
                              g_.scopes[state.scope].state == s;
        if (!scope_ok)
          Fail("machine {} ('{}') state {} ('{}') has scope {}, which is not that state", mi, m.name, s,
               state.name, state.scope);
        if (state.progress_clock != kNoOperand && state.progress_clock >= g_.clocks.size()) {
          Fail("machine {} ('{}') state {} has progress clock {} of {}", mi, m.name, s, state.progress_clock,
               g_.clocks.size());
        }
      }
      for (size_t t = 0; t < m.transitions.size(); ++t)
        CheckTransition(mi, t);
    }
    // Nesting must be a tree: walking out from any scope reaches the root.
    for (size_t s = 0; s < g_.scopes.size(); ++s) {
      if (scope_depth_[s] < 0) Fail("scope {} is not nested inside the root scope", s);
    }
  }

  void CheckTransition(size_t mi, size_t t) {
    const Machine& m = g_.machines[mi];
    const Transition& tr = m.transitions[t];
    const size_t states = m.states.size();
    if (tr.desc.from != kNoOperand && tr.desc.from >= states)
      Fail("machine '{}' transition {} from state {} of {}", m.name, t, tr.desc.from, states);
    if (tr.desc.to >= states)
      Fail("machine '{}' transition {} to state {} of {}", m.name, t, tr.desc.to, states);
    if (!ValidId(tr.condition) || !IsScalar(At(tr.condition).type)) {
      Fail("machine '{}' transition {} has condition %{}, which is not a scalar value", m.name, t,
           tr.condition);
    }
    if (!(tr.desc.duration >= 0.0f && tr.desc.duration <= kMaxTransitionSeconds)) {
      Fail("machine '{}' transition {} lasts {}, not between 0 and {} s", m.name, t, tr.desc.duration,
           kMaxTransitionSeconds);
    }
    if (static_cast<uint8_t>(tr.desc.mode) > static_cast<uint8_t>(BlendMode::Crossfade)) {
      Fail("machine '{}' transition {} has an unknown blend mode", m.name, t);
    }
    if (static_cast<uint8_t>(tr.desc.curve) > static_cast<uint8_t>(BlendCurve::Cubic)) {
      Fail("machine '{}' transition {} has an unknown blend curve", m.name, t);
    }
    if (!(tr.desc.half_life >= 0.0f && tr.desc.half_life <= kMaxTransitionSeconds)) {
      Fail("machine '{}' transition {} has half-life {}, not between 0 and {} s", m.name, t,
           tr.desc.half_life, kMaxTransitionSeconds);
    }
    for (uint16_t trigger : tr.desc.consumed_triggers) {
      if (trigger >= g_.params.size() || g_.params[trigger].type != ParamType::Trigger) {
        Fail("machine '{}' transition {} consumes parameter {}, which is not a trigger", m.name, t, trigger);
      }
    }
  }

  void CheckOutput() {
    if (!ValidId(g_.output) || At(g_.output).type != Type::Pose) {
      Fail("the output %{} is not a pose value", g_.output);
    } else if (At(g_.output).scope != 0) {
      Fail("the output %{} runs in scope {}, not the root", g_.output, At(g_.output).scope);
    }
  }

  const Graph& g_;
  std::vector<std::string> problems_;
  std::vector<ValueId> clock_users_;
  std::vector<int> scope_depth_;
};

}  // namespace

bool ScopeIsWithin(const Graph& graph, uint16_t inner, uint16_t outer) {
  // Each step goes from a state's scope to its machine's scope; a well-formed tree ends at the
  // root within scopes.size() steps, anything longer is a cycle.
  uint16_t scope = inner;
  for (size_t steps = 0; steps <= graph.scopes.size(); ++steps) {
    if (scope == outer) return true;
    if (scope == 0 || scope >= graph.scopes.size()) return false;
    const uint16_t machine = graph.scopes[scope].machine;
    if (machine >= graph.machines.size()) return false;
    scope = graph.machines[machine].scope;
  }
  return false;
}

std::vector<std::string> VerifyGraph(const Graph& graph) {
  return Verifier(graph).Run();
}

}  // namespace anim::ir
