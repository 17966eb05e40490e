#include "compiler/codegen/instruction_text.h"

#include <fmt/format.h>

namespace anim::codegen {
namespace {

template <typename T, typename F>
std::string Named(const std::vector<T>& table, uint16_t index, const char* what, F name) {
  if (index >= table.size()) return fmt::format("{} ?{}", what, index);
  return fmt::format("{} '{}'", what, name(table[index]));
}

std::string Identity(const std::string& s) {
  return s;
}

// Immediates mean different things per opcode (each opcode has at most one).
std::string ImmediateText(Opcode opcode, uint16_t value) {
  switch (opcode) {
    case Opcode::LoadParam:
      return value < 3 ? fmt::format("component {}", "xyz"[value]) : fmt::format("component ?{}", value);
    case Opcode::MakeAdditive:
      return value == 0 ? "local" : value == 1 ? "mesh" : fmt::format("space ?{}", value);
    case Opcode::BoneTransform:
      return fmt::format("space {} mode {}", value & 1, value >> 1);
    case Opcode::TwoBoneIK:
      return fmt::format("use_pole {}", value);
    case Opcode::Fabrik:
      return fmt::format("iterations {}", value);
    case Opcode::Output:
      return fmt::format("lock_root {}", value);
    case Opcode::BlendSpaceWeight:
      return fmt::format("sample {}", value);
    default:
      return fmt::format("imm {}", value);
  }
}

std::string OperandText(const Program& p, Opcode opcode, OperandKind kind, uint16_t v) {
  switch (kind) {
    case OperandKind::ScalarRead:
    case OperandKind::ScalarWrite:
      return fmt::format("s{}", v);
    case OperandKind::PoseRead:
    case OperandKind::PoseWrite:
      return fmt::format("p{}", v);
    case OperandKind::OptPoseRead:
      return v == kNoOperand ? std::string("bind_pose") : fmt::format("p{}", v);
    case OperandKind::Constant:
      return v < p.constants.size() ? fmt::format("const {}", p.constants[v]) : fmt::format("const ?{}", v);
    case OperandKind::Parameter:
      return Named(p.params, v, "param", [](const ParamDesc& d) { return d.name; });
    case OperandKind::Clock:
      if (v >= p.clocks.size()) return fmt::format("clock ?{}", v);
      return fmt::format("clip '{}' via clock {}", ClipName(p, p.clocks[v].clip), v);
    case OperandKind::Mask:
      return Named(p.masks, v, "mask", [](const MaskDesc& d) { return d.name; });
    case OperandKind::Bone:
      return Named(p.bones, v, "bone", [](const BoneRef& d) { return d.name; });
    case OperandKind::OptBone:
      return v == kNoOperand ? std::string("bone none")
                             : Named(p.bones, v, "bone", [](const BoneRef& d) { return d.name; });
    case OperandKind::Machine:
      return Named(p.machines, v, "machine", [](const MachineDesc& d) { return d.name; });
    case OperandKind::Snapshot:
      return Named(p.snapshots, v, "snapshot", Identity);
    case OperandKind::BlendSpace:
      return Named(p.blend_spaces, v, "blend space", [](const BlendSpaceDesc& d) { return d.name; });
    case OperandKind::Scope: {
      if (v == 0 || v >= p.scopes.size()) return fmt::format("scope ?{}", v);
      const ScopeDesc& scope = p.scopes[v];
      if (scope.machine >= p.machines.size() || scope.state >= p.machines[scope.machine].states.size())
        return fmt::format("scope {}", v);
      return fmt::format("state '{}' of '{}'", p.machines[scope.machine].states[scope.state].name,
                         p.machines[scope.machine].name);
    }
    case OperandKind::Smoother:
      return fmt::format("smoother {}", v);
    case OperandKind::Curve:
      return Named(p.curves, v, "curve", Identity);
    case OperandKind::Immediate:
      return ImmediateText(opcode, v);
  }
  return "?";
}

}  // namespace

DecodedInstruction DecodeInstruction(const Program& p, uint32_t offset) {
  DecodedInstruction d;
  d.offset = offset;
  d.opcode_word = p.code[offset];
  d.info = FindOpcode(d.opcode_word);
  if (!d.info) return d;
  for (uint32_t k = 0; k < d.info->operand_count; ++k) {
    const size_t at = static_cast<size_t>(offset) + 1 + k;
    if (at >= p.code.size()) {
      d.truncated = true;
      break;
    }
    const OperandKind kind = d.info->operands[k];
    d.operands.push_back({kind, p.code[at], OperandText(p, d.info->opcode, kind, p.code[at])});
  }
  d.size = 1 + static_cast<uint32_t>(d.operands.size());
  return d;
}

std::string ScopeText(const Program& p, uint16_t scope) {
  if (scope >= p.scopes.size()) return fmt::format("scope ?{}", scope);
  const ScopeDesc& s = p.scopes[scope];
  if (s.machine == kNoOperand) return "root";
  if (s.machine >= p.machines.size()) return fmt::format("machine ?{} state {}", s.machine, s.state);
  const MachineDesc& m = p.machines[s.machine];
  return fmt::format("machine '{}' state '{}'", m.name,
                     s.state < m.states.size() ? m.states[s.state].name : "?");
}

}  // namespace anim::codegen
