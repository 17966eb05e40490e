#include "vm/bytecode/program_verifier.h"

#include <cmath>
#include <unordered_set>
#include <utility>
#include <vector>

#include "vm/bytecode/baked_clip_verifier.h"

namespace anim {
namespace {

std::string Quote(const std::string& name) {
  return "'" + name + "'";
}

bool Finite(float v) {
  return std::isfinite(v);
}

bool IsPoseOpcode(Opcode op) {
  switch (op) {
    case Opcode::ReferencePose:
    case Opcode::SampleClip:
    case Opcode::Blend:
    case Opcode::BlendMasked:
    case Opcode::MakeAdditive:
    case Opcode::ApplyAdditive:
    case Opcode::MachineRecord:
    case Opcode::SaveSnapshot:
    case Opcode::LoadSnapshot:
    case Opcode::BoneTransform:
    case Opcode::TranslateBone:
    case Opcode::TwoBoneIK:
    case Opcode::Fabrik:
    case Opcode::LookAt:
    case Opcode::FootIK:
      return true;
    default:
      return false;
  }
}

class Verifier {
 public:
  explicit Verifier(const Program& p) : p_(p) {}

  std::string Run() {
    if (p_.version != kAnimBytecodeVersion) {
      return "bytecode version " + std::to_string(p_.version) + " does not match the runtime's version " +
             std::to_string(kAnimBytecodeVersion);
    }
    if (!Limits() || !Constants() || !Params() || !Scopes() || !Clocks() || !Machines() || !Nesting() ||
        !Curves() || !BakedClips() || !Masks() || !BlendSpaces() || !Events() || !Code() || !Debug()) {
      return error_;
    }
    return {};
  }

 private:
  bool Fail(std::string message) {
    error_ = std::move(message);
    return false;
  }

  // Every table an operand indexes fits a u16 index with 0xFFFF left for "none".
  bool Limits() {
    const std::pair<const char*, std::size_t> tables[] = {
        {"scalar registers", p_.scalar_register_count},
        {"pose registers", p_.pose_register_count},
        {"constants", p_.constants.size()},
        {"parameters", p_.params.size()},
        {"clips", p_.clips.size()},
        {"clocks", p_.clocks.size()},
        {"scopes", p_.scopes.size()},
        {"state machines", p_.machines.size()},
        {"masks", p_.masks.size()},
        {"bones", p_.bones.size()},
        {"snapshots", p_.snapshots.size()},
        {"blend spaces", p_.blend_spaces.size()},
        {"sync groups", p_.sync_groups.size()},
        {"curves", p_.curves.size()},
        {"event names", p_.events.names.size()},
        {"clip events", p_.events.clip.size()},
        {"state events", p_.events.state.size()},
        {"transition events", p_.events.transition.size()},
    };
    for (const auto& [what, count] : tables) {
      if (count > kMaxTableEntries) {
        return Fail("the program has " + std::to_string(count) + " " + what + "; the format allows at most " +
                    std::to_string(kMaxTableEntries));
      }
    }
    for (const MachineDesc& m : p_.machines) {
      if (m.states.size() > kMaxStatesPerMachine) {
        return Fail("machine " + Quote(m.name) + " has " + std::to_string(m.states.size()) +
                    " states; the format allows at most " + std::to_string(kMaxStatesPerMachine));
      }
      if (m.transitions.size() > kMaxTransitionsPerMachine) {
        return Fail("machine " + Quote(m.name) + " has " + std::to_string(m.transitions.size()) +
                    " transitions; the format allows at most " + std::to_string(kMaxTransitionsPerMachine));
      }
    }
    return true;
  }

  // Every event names a name, a clock, a machine's state or transition that exists; times, windows
  // and thresholds are finite and not negative (a threshold of -1 stands for the table's).
  bool Events() {
    const EventTable& e = p_.events;
    if (!Finite(e.threshold) || e.threshold < 0.0f)
      return Fail("the event threshold is negative or not finite");
    for (const std::string& name : e.names) {
      if (name.empty()) return Fail("an event has an empty name");
    }
    auto threshold = [](float t) { return t == -1.0f || (Finite(t) && t >= 0.0f); };
    auto named = [&](uint16_t name, const std::string& what) {
      return name < e.names.size() || Fail(what + " names event " + std::to_string(name) +
                                           " (the program has " + std::to_string(e.names.size()) + ")");
    };
    for (std::size_t i = 0; i < e.clip.size(); ++i) {
      const ClipEventDesc& c = e.clip[i];
      const std::string what = "clip event " + std::to_string(i);
      if (c.clock >= p_.clocks.size())
        return Fail(what + " names clock " + std::to_string(c.clock) + ", past the table");
      if (!named(c.name, what)) return false;
      if (!Finite(c.time) || c.time < 0.0f || !Finite(c.duration) || c.duration < 0.0f ||
          !threshold(c.threshold))
        return Fail(what + " has a negative or non-finite time, duration or threshold");
    }
    for (std::size_t i = 0; i < e.state.size(); ++i) {
      const StateEventDesc& s = e.state[i];
      const std::string what = "state event " + std::to_string(i);
      if (s.machine >= p_.machines.size() || s.state >= p_.machines[s.machine].states.size())
        return Fail(what + " names a machine or state past the tables");
      if (!named(s.name, what)) return false;
      if (!threshold(s.threshold)) return Fail(what + " has a negative or non-finite threshold");
    }
    for (std::size_t i = 0; i < e.transition.size(); ++i) {
      const TransitionEventDesc& t = e.transition[i];
      const std::string what = "transition event " + std::to_string(i);
      if (t.machine >= p_.machines.size() || t.transition >= p_.machines[t.machine].transitions.size())
        return Fail(what + " names a machine or transition past the tables");
      if (!named(t.name, what)) return false;
      if (!threshold(t.threshold)) return Fail(what + " has a negative or non-finite threshold");
    }
    return true;
  }

  bool Constants() {
    for (std::size_t i = 0; i < p_.constants.size(); ++i) {
      if (!Finite(p_.constants[i])) return Fail("constant " + std::to_string(i) + " is not finite");
    }
    return true;
  }

  bool BakedClips() {
    std::string problem = VerifyBakedClips(p_);
    return problem.empty() || Fail(std::move(problem));
  }

  // Clips bind their curves by name: one curve per name.
  bool Curves() {
    std::unordered_set<std::string> names;
    for (const std::string& name : p_.curves) {
      if (name.empty()) return Fail("a curve has an empty name");
      if (!names.insert(name).second) return Fail("curve " + Quote(name) + " is named twice");
    }
    return true;
  }

  bool Params() {
    std::unordered_set<std::string> names;
    for (const ParamDesc& d : p_.params) {
      const std::string what = "parameter " + Quote(d.name);
      if (d.name.empty()) return Fail("a parameter has an empty name");
      if (!names.insert(d.name).second) return Fail(what + " is defined twice");
      if (static_cast<uint8_t>(d.type) > static_cast<uint8_t>(ParamType::Vec3))
        return Fail(what + " has an unknown type");
      for (const float v : d.default_value) {
        if (!Finite(v)) return Fail(what + " has a non-finite default");
      }
      if (d.has_range && (!Finite(d.min) || !Finite(d.max) || d.min > d.max)) {
        return Fail(what + " has an invalid range");
      }
    }
    return true;
  }

  bool Scopes() {
    if (p_.scopes.empty()) return Fail("the scope table is empty: scope 0 must be the root");
    if (p_.scopes[0].machine != kNoOperand || p_.scopes[0].state != kNoOperand) {
      return Fail("scope 0 must be the root scope (machine and state 0xFFFF)");
    }
    for (std::size_t i = 1; i < p_.scopes.size(); ++i) {
      const ScopeDesc& s = p_.scopes[i];
      const std::string what = "scope " + std::to_string(i);
      if (s.machine >= p_.machines.size()) {
        return Fail(what + ": state machine " + std::to_string(s.machine) + " is out of range (program has " +
                    std::to_string(p_.machines.size()) + ")");
      }
      if (s.state >= p_.machines[s.machine].states.size()) {
        return Fail(what + ": state " + std::to_string(s.state) + " is out of range for machine " +
                    Quote(p_.machines[s.machine].name));
      }
    }
    return true;
  }

  bool Clocks() {
    for (std::size_t i = 0; i < p_.clocks.size(); ++i) {
      const ClockDesc& c = p_.clocks[i];
      const std::string what = "clock " + std::to_string(i);
      if (c.clip >= p_.clips.size() + p_.baked_clips.size()) {
        return Fail(what + ": clip " + std::to_string(c.clip) + " is out of range (program has " +
                    std::to_string(p_.clips.size()) + " loaded and " + std::to_string(p_.baked_clips.size()) +
                    " baked)");
      }
      // A baked delta holds no root motion to take out (the compiler bakes a clip's motion out first).
      if (c.clip >= p_.clips.size() && c.root_motion != RootMotionMode::Keep)
        return Fail(what + " plays baked clip " + Quote(ClipName(p_, c.clip)) +
                    " but takes root motion out of it");
      if (c.scope >= p_.scopes.size()) {
        return Fail(what + ": scope " + std::to_string(c.scope) + " is out of range (program has " +
                    std::to_string(p_.scopes.size()) + ")");
      }
      if (!Finite(c.start_time) || c.start_time < 0.0f)
        return Fail(what + ": start time must be finite and >= 0");
      if (c.sync_group != kNoOperand && c.sync_group >= p_.sync_groups.size()) {
        return Fail(what + ": sync group " + std::to_string(c.sync_group) + " is out of range (program has " +
                    std::to_string(p_.sync_groups.size()) + ")");
      }
      if (c.root_motion != RootMotionMode::Keep && c.root_motion_bone >= p_.bones.size()) {
        return Fail(what + ": root motion bone " + std::to_string(c.root_motion_bone) +
                    " is out of range (program has " + std::to_string(p_.bones.size()) + ")");
      }
    }
    return true;
  }

  bool Transitions(const MachineDesc& m) {
    for (std::size_t i = 0; i < m.transitions.size(); ++i) {
      const TransitionDesc& t = m.transitions[i];
      const std::string what = "transition " + std::to_string(i) + " of machine " + Quote(m.name);
      if (t.from != kNoOperand && t.from >= m.states.size())
        return Fail(what + ": 'from' state is out of range");
      if (t.to >= m.states.size()) return Fail(what + ": 'to' state is out of range");
      if (t.condition >= p_.scalar_register_count) {
        return Fail(what + ": condition register " + std::to_string(t.condition) +
                    " is out of range (program has " + std::to_string(p_.scalar_register_count) + ")");
      }
      if (!(t.duration >= 0.0f && t.duration <= kMaxTransitionSeconds)) {
        return Fail(what + ": duration must be between 0 and " +
                    std::to_string(static_cast<int>(kMaxTransitionSeconds)) + " seconds");
      }
      if (static_cast<uint8_t>(t.mode) > static_cast<uint8_t>(BlendMode::Crossfade)) {
        return Fail(what + ": unknown blend mode");
      }
      if (static_cast<uint8_t>(t.curve) > static_cast<uint8_t>(BlendCurve::Cubic)) {
        return Fail(what + ": unknown blend curve");
      }
      if (!(t.half_life >= 0.0f && t.half_life <= kMaxTransitionSeconds)) {
        return Fail(what + ": half-life must be between 0 and " +
                    std::to_string(static_cast<int>(kMaxTransitionSeconds)) + " seconds");
      }
      for (const uint16_t param : t.consumed_triggers) {
        if (param >= p_.params.size()) {
          return Fail(what + ": trigger parameter " + std::to_string(param) +
                      " is out of range (program has " + std::to_string(p_.params.size()) + ")");
        }
        if (p_.params[param].type != ParamType::Trigger) {
          return Fail(what + ": parameter " + Quote(p_.params[param].name) + " is a " +
                      ParamTypeName(p_.params[param].type) + ", not a trigger");
        }
      }
    }
    return true;
  }

  bool Machines() {
    for (std::size_t mi = 0; mi < p_.machines.size(); ++mi) {
      const MachineDesc& m = p_.machines[mi];
      const std::string what = "machine " + Quote(m.name);
      if (m.scope >= p_.scopes.size())
        return Fail(what + ": scope " + std::to_string(m.scope) + " is out of range");
      if (m.states.empty()) return Fail(what + " has no states");
      if (m.initial_state >= m.states.size()) return Fail(what + ": initial state is out of range");
      for (std::size_t si = 0; si < m.states.size(); ++si) {
        const StateDesc& s = m.states[si];
        const std::string state = what + ", state " + Quote(s.name);
        if (s.pose >= p_.pose_register_count) {
          return Fail(state + ": pose register " + std::to_string(s.pose) + " is out of range (program has " +
                      std::to_string(p_.pose_register_count) + ")");
        }
        if (s.scope >= p_.scopes.size() || p_.scopes[s.scope].machine != mi ||
            p_.scopes[s.scope].state != si) {
          return Fail(state + ": scope " + std::to_string(s.scope) + " is not this state's scope");
        }
        if (s.progress_clock != kNoOperand && s.progress_clock >= p_.clocks.size()) {
          return Fail(state + ": progress clock " + std::to_string(s.progress_clock) + " is out of range");
        }
      }
      if (!Transitions(m)) return false;
    }
    return true;
  }

  // Nesting must end at the root: a machine may not run inside one of its own states. Each machine's
  // chain of owners is walked once (0 unknown, 1 on the walk, 2 ends at the root).
  bool Nesting() {
    std::vector<uint8_t> state(p_.machines.size(), 0);
    std::vector<std::size_t> walk;
    for (std::size_t m = 0; m < p_.machines.size(); ++m) {
      std::size_t at = m;
      while (state[at] == 0) {
        state[at] = 1;
        walk.push_back(at);
        const uint16_t scope = p_.machines[at].scope;
        if (scope == 0) break;
        at = p_.scopes[scope].machine;
        if (state[at] == 1)
          return Fail("machine " + Quote(p_.machines[at].name) + " is nested inside itself");
      }
      for (const std::size_t done : walk)
        state[done] = 2;
      walk.clear();
    }
    return true;
  }

  bool Masks() {
    for (const MaskDesc& m : p_.masks) {
      for (const float w : m.weights) {
        if (!Finite(w)) return Fail("mask " + Quote(m.name) + " has a non-finite weight");
      }
      if (!m.curve_weights.empty() && m.curve_weights.size() != p_.curves.size()) {
        return Fail("mask " + Quote(m.name) + " has " + std::to_string(m.curve_weights.size()) +
                    " curve weights, the program has " + std::to_string(p_.curves.size()) + " curves");
      }
      for (const float w : m.curve_weights) {
        if (!Finite(w)) return Fail("mask " + Quote(m.name) + " has a non-finite curve weight");
      }
    }
    return true;
  }

  // Weights are barycentric in a triangle or linear along a hull edge: each triangle must have an
  // area (no division by zero) and positions stay where their squares are floats.
  bool BlendSpaces() {
    for (const BlendSpaceDesc& space : p_.blend_spaces) {
      const std::string what = "blend space " + Quote(space.name);
      const std::size_t samples = space.sample_count();
      if (space.positions.size() % 2 != 0) return Fail(what + " has an odd number of coordinates");
      if (samples < 3 || samples > kMaxBlendSpaceSamples) {
        return Fail(what + " has " + std::to_string(samples) + " samples; it needs 3 to " +
                    std::to_string(kMaxBlendSpaceSamples));
      }
      for (const float v : space.positions) {
        if (!(std::fabs(v) <= kMaxBlendSpaceCoordinate)) {
          return Fail(what + " has a sample position outside +-" +
                      std::to_string(static_cast<long>(kMaxBlendSpaceCoordinate)));
        }
      }
      const double extent = BlendSpaceExtent(space);
      if (!(extent >= kMinBlendSpaceExtent)) {
        return Fail(what + ": its samples span less than 1e-6");  // kMinBlendSpaceExtent
      }
      if (space.triangles.empty() || space.triangles.size() % 3 != 0 ||
          space.triangles.size() / 3 > 2 * samples) {
        return Fail(what + " has " + std::to_string(space.triangles.size()) +
                    " triangle corners; it needs a positive multiple of 3, at most 6 per sample");
      }
      for (std::size_t t = 0; t < space.triangles.size(); t += 3) {
        const uint16_t* v = &space.triangles[t];
        for (int k = 0; k < 3; ++k) {
          if (v[k] >= samples) {
            return Fail(what + ": triangle " + std::to_string(t / 3) + " names sample " +
                        std::to_string(v[k]) + " (the space has " + std::to_string(samples) + ")");
          }
        }
        if (!(TwiceTriangleArea(space, v) >= kMinBlendSpaceTriangleArea * extent * extent)) {
          return Fail(what + ": triangle " + std::to_string(t / 3) +
                      " is not counter-clockwise with an area (its samples are on one line)");
        }
      }
    }
    return true;
  }

  // One operand: in range for its kind; pose reads must follow a write.
  bool Operand(OperandKind kind, uint16_t v, const std::string& at) {
    auto range = [&](const char* what, std::size_t size) {
      if (v < size) return true;
      return Fail(at + ": " + what + " " + std::to_string(v) + " is out of range (program has " +
                  std::to_string(size) + ")");
    };
    switch (kind) {
      case OperandKind::ScalarRead:
      case OperandKind::ScalarWrite:
        return range("scalar register", p_.scalar_register_count);
      case OperandKind::OptPoseRead:
        if (v == kNoOperand) return true;
        [[fallthrough]];
      case OperandKind::PoseRead:
        if (!range("pose register", p_.pose_register_count)) return false;
        if (!pose_written_[v])
          return Fail("pose register " + std::to_string(v) + " read at word " + word_ + " before any write");
        return true;
      case OperandKind::PoseWrite:
        return range("pose register", p_.pose_register_count);
      case OperandKind::Constant:
        return range("constant", p_.constants.size());
      case OperandKind::Parameter:
        return range("parameter", p_.params.size());
      case OperandKind::Clock:
        return range("clock", p_.clocks.size());
      case OperandKind::Mask:
        return range("mask", p_.masks.size());
      case OperandKind::OptBone:
        if (v == kNoOperand) return true;
        [[fallthrough]];
      case OperandKind::Bone:
        return range("bone", p_.bones.size());
      case OperandKind::Machine:
        return range("state machine", p_.machines.size());
      case OperandKind::Snapshot:
        return range("snapshot", p_.snapshots.size());
      case OperandKind::BlendSpace:
        return range("blend space", p_.blend_spaces.size());
      case OperandKind::Scope:
        if (v == 0) return Fail(at + ": scope 0 is the root, which runs in no state");
        return range("scope", p_.scopes.size());
      case OperandKind::Smoother:
        if (!range("smoother slot", smoother_named_.size())) return false;
        if (smoother_named_[v]) return Fail(at + ": smoother slot " + std::to_string(v) + " is named twice");
        smoother_named_[v] = true;
        return true;
      case OperandKind::Curve:
        return range("curve", p_.curves.size());
      case OperandKind::Immediate:
        return true;
    }
    return Fail(at + ": unknown operand kind");
  }

  bool Immediate(bool ok, const std::string& at, const std::string& what) {
    return ok || Fail(at + ": " + what);
  }

  // Checks that depend on the opcode: immediates, clock and machine use, ordering.
  bool Semantics(Opcode op, const uint16_t* o, const std::string& at) {
    switch (op) {
      case Opcode::LoadParam: {
        const ParamDesc& d = p_.params[o[1]];
        const uint16_t max_component = d.type == ParamType::Vec3 ? 2 : 0;
        return Immediate(o[2] <= max_component, at,
                         "component " + std::to_string(o[2]) + " of " + ParamTypeName(d.type) +
                             " parameter " + Quote(d.name) + " does not exist");
      }
      case Opcode::SampleClip:
        if (clock_sampled_[o[1]]) return Fail(at + ": clock " + std::to_string(o[1]) + " is sampled twice");
        clock_sampled_[o[1]] = true;
        return true;
      case Opcode::MakeAdditive:
        return Immediate(o[3] <= 1, at, "additive space must be 0 or 1");
      case Opcode::BoneTransform:
        return Immediate(o[3] <= 3, at, "space | mode << 1 must be at most 3");
      case Opcode::TwoBoneIK:
        return Immediate(o[8] <= 1, at, "use_pole must be 0 or 1");
      case Opcode::PhysicsStage:
        return Immediate(o[2] == 1 || o[2] == 2, at, "stage must be 1 (pre-physics) or 2 (post-physics)");
      case Opcode::Output:
        return Immediate(o[1] <= 1, at, "lock_root must be 0 or 1");
      case Opcode::BlendSpaceWeight:
        return Immediate(o[2] < p_.blend_spaces[o[1]].sample_count(), at,
                         "sample " + std::to_string(o[2]) + " is out of range for blend space " +
                             Quote(p_.blend_spaces[o[1]].name));
      case Opcode::MachineUpdate: {
        const MachineDesc& m = p_.machines[o[0]];
        if (updated_[o[0]]) return Fail(at + ": machine " + Quote(m.name) + " is updated twice");
        const uint16_t owner = p_.scopes[m.scope].machine;
        if (m.scope != 0 && !updated_[owner]) {
          return Fail(at + ": machine " + Quote(m.name) + " is updated before the machine it is nested in, " +
                      Quote(p_.machines[owner].name));
        }
        updated_[o[0]] = true;
        return true;
      }
      case Opcode::MachineRecord: {
        const MachineDesc& m = p_.machines[o[1]];
        if (recorded_[o[1]]) return Fail(at + ": machine " + Quote(m.name) + " is recorded twice");
        if (!updated_[o[1]])
          return Fail(at + ": machine " + Quote(m.name) + " is recorded before its update");
        recorded_[o[1]] = true;
        for (const StateDesc& s : m.states) {
          if (!pose_written_[s.pose]) {
            return Fail("pose register " + std::to_string(s.pose) + " (state " + Quote(s.name) +
                        " of machine " + Quote(m.name) + ") read at word " + word_ + " before any write");
          }
        }
        return true;
      }
      default:
        return true;
    }
  }

  bool Code() {
    pose_written_.assign(p_.pose_register_count, false);
    clock_sampled_.assign(p_.clocks.size(), false);
    updated_.assign(p_.machines.size(), false);
    recorded_.assign(p_.machines.size(), false);
    smoother_named_.assign(SmootherCount(p_), false);
    instruction_start_.assign(p_.code.size(), false);
    int pose_instructions = 0;
    for (std::size_t pc = 0; pc < p_.code.size();) {
      word_ = std::to_string(pc);
      const OpcodeInfo* info = FindOpcode(p_.code[pc]);
      if (info == nullptr) return Fail("word " + word_ + ": unknown opcode " + std::to_string(p_.code[pc]));
      const std::string at = "instruction at word " + word_ + " (" + info->name + ")";
      if (p_.code.size() - pc - 1 < info->operand_count) {
        return Fail(at + " is cut off: it needs " + std::to_string(info->operand_count) +
                    " operands, the code has " + std::to_string(p_.code.size() - pc - 1) + " words left");
      }
      instruction_start_[pc] = true;
      const uint16_t* operands = &p_.code[pc + 1];
      for (int i = 0; i < info->operand_count; ++i) {
        if (info->operands[i] == OperandKind::PoseWrite) continue;  // reads first: `blend p0, p0, p1` is fine
        if (!Operand(info->operands[i], operands[i], at)) return false;
      }
      if (!Semantics(info->opcode, operands, at)) return false;
      for (int i = 0; i < info->operand_count; ++i) {
        if (info->operands[i] != OperandKind::PoseWrite) continue;
        if (!Operand(OperandKind::PoseWrite, operands[i], at)) return false;
        pose_written_[operands[i]] = true;
      }
      if (IsPoseOpcode(info->opcode) && ++pose_instructions > kMaxPoseInstructions) {
        return Fail("the program has more than " + std::to_string(kMaxPoseInstructions) +
                    " pose instructions");
      }
      pc += 1 + info->operand_count;
    }
    return true;
  }

  bool Debug() {
    for (std::size_t i = 0; i < p_.debug.size(); ++i) {
      const uint32_t offset = p_.debug[i].code_offset;
      if (offset >= p_.code.size() || !instruction_start_[offset]) {
        return Fail("debug entry " + std::to_string(i) + ": word " + std::to_string(offset) +
                    " is not the start of an instruction");
      }
      if (i > 0 && offset <= p_.debug[i - 1].code_offset) {
        return Fail("debug entry " + std::to_string(i) + ": offsets must be strictly ascending");
      }
    }
    return true;
  }

  const Program& p_;
  std::string error_;
  std::string word_;
  std::vector<bool> pose_written_, clock_sampled_, updated_, recorded_, smoother_named_, instruction_start_;
};

}  // namespace

VerifyResult VerifyProgram(const Program& program) {
  return VerifyResult{Verifier(program).Run()};
}

std::vector<uint32_t> InstructionStarts(const Program& program) {
  std::vector<uint32_t> starts;
  for (std::size_t pc = 0; pc < program.code.size();) {
    const OpcodeInfo* info = FindOpcode(program.code[pc]);
    if (info == nullptr) break;
    starts.push_back(static_cast<uint32_t>(pc));
    pc += 1 + info->operand_count;
  }
  return starts;
}

}  // namespace anim
