#include "compiler/codegen/code_emitter.h"

#include <array>
#include <bit>
#include <initializer_list>
#include <unordered_map>

namespace anim::codegen {
namespace {

using ir::Op;
using ir::Type;
using ir::Value;
using ir::ValueId;

constexpr uint32_t kUnset = 0xFFFFFFFEu;

// Registers holding a value: one scalar, three scalars (vec3) or one pose.
struct Registers {
  std::array<uint32_t, 3> r{kUnset, kUnset, kUnset};
};

Opcode ScalarOpcode(Op op) {
  if (op == Op::Select) return Opcode::Select;
  // The scalar IR ops from Neg to Remap are in opcode order (both follow docs/bytecode.md).
  return static_cast<Opcode>(static_cast<int>(Opcode::Neg) +
                             (static_cast<int>(op) - static_cast<int>(Op::Neg)));
}

class Emitter {
 public:
  explicit Emitter(const ir::Graph& graph)
      : g_(graph),
        regs_(graph.values.size()),
        emitted_(graph.values.size(), 0),
        expanded_(graph.values.size(), 0) {
    scope_values_.resize(graph.scopes.size());
    for (size_t i = 0; i < graph.values.size(); ++i) {
      const Value& v = graph.values[i];
      if (v.type == Type::Pose) scope_values_[v.scope].push_back(static_cast<ValueId>(i));
    }
    out_.condition_vregs.resize(graph.machines.size());
    out_.state_pose_vregs.resize(graph.machines.size());
  }

  EmittedCode Run() {
    // The root scope's result first, then whatever else runs in it.
    Demand(g_.output);
    for (ValueId id : scope_values_[0])
      Demand(id);
    Emit(g_.output, Opcode::Output,
         {regs_[static_cast<size_t>(g_.output)].r[0], g_.lock_root ? 1u : 0u, g_.root_bone});
    return std::move(out_);
  }

 private:
  const Value& At(ValueId id) const { return g_.values[static_cast<size_t>(id)]; }
  uint32_t R(ValueId id, int c = 0) const { return regs_[static_cast<size_t>(id)].r[static_cast<size_t>(c)]; }

  // What Demand still has to do, last first: emit a value once everything it reads is emitted, or
  // one of the two instructions framing a machine's states (the machine's value stands for it).
  struct Step {
    enum class Kind : uint8_t { Value, MachineUpdate, MachineRecord } kind;
    ValueId id;
  };

  // Emits `root` after everything it reads that has not been emitted yet, on an explicit stack:
  // scalar expression chains can be long, and machines nest inside machines' states.
  //
  // A machine's code is its transition conditions, machine_update, then for each state the state's
  // scope (its result first, depth first from its consumer, so the fewest values are live at once,
  // then whatever else runs in the scope: nothing after dead value elimination, but codegen does not
  // rely on the passes) and the state's pose if an enclosing scope has not emitted it, then
  // machine_record.
  void Demand(ValueId root) {
    std::vector<Step> stack{{Step::Kind::Value, root}};
    while (!stack.empty()) {
      const Step step = stack.back();
      const ValueId id = step.id;
      if (step.kind != Step::Kind::Value) {
        stack.pop_back();
        if (step.kind == Step::Kind::MachineUpdate) {
          EmitMachineUpdate(At(id).index);
        } else {
          EmitMachineRecord(At(id).index);
          emitted_[static_cast<size_t>(id)] = 1;
        }
        continue;
      }
      if (emitted_[static_cast<size_t>(id)] || expanded_[static_cast<size_t>(id)]) {
        stack.pop_back();
        continue;
      }
      if (At(id).op == Op::StateMachine) {  // a machine pulls its own operands in, inside its states' code
        stack.pop_back();
        expanded_[static_cast<size_t>(id)] = 1;
        PushMachine(id, stack);
        continue;
      }
      bool ready = true;
      const std::vector<ValueId>& ops = At(id).operands;
      for (size_t k = ops.size(); k-- > 0;) {
        if (!emitted_[static_cast<size_t>(ops[k])]) {
          stack.push_back({Step::Kind::Value, ops[k]});
          ready = false;
        }
      }
      if (ready) {
        stack.pop_back();
        EmitValue(id);
        emitted_[static_cast<size_t>(id)] = 1;
      }
    }
  }

  // The steps of machine value `id`'s code (above), pushed last first.
  void PushMachine(ValueId id, std::vector<Step>& stack) {
    const ir::Machine& machine = g_.machines[At(id).index];
    const Value& value = At(id);
    stack.push_back({Step::Kind::MachineRecord, id});
    for (size_t s = machine.states.size(); s-- > 0;) {
      const uint16_t scope = machine.states[s].scope;
      const ValueId result = value.operands[s];
      stack.push_back({Step::Kind::Value, result});
      const std::vector<ValueId>& others = scope_values_[scope];
      for (size_t k = others.size(); k-- > 0;)
        stack.push_back({Step::Kind::Value, others[k]});
      if (At(result).scope == scope) stack.push_back({Step::Kind::Value, result});
    }
    stack.push_back({Step::Kind::MachineUpdate, id});
    for (size_t t = machine.transitions.size(); t-- > 0;)
      stack.push_back({Step::Kind::Value, machine.transitions[t].condition});
  }

  uint32_t NewScalar() { return out_.code.scalar_vregs++; }
  uint32_t NewPose() { return out_.code.pose_vregs++; }

  uint32_t Constant(float value) {
    const auto [it, inserted] = constant_index_.try_emplace(std::bit_cast<uint32_t>(value),
                                                            static_cast<uint32_t>(out_.constants.size()));
    if (inserted) out_.constants.push_back(value);
    return it->second;
  }

  void Emit(ValueId source, Opcode opcode, std::initializer_list<uint32_t> operands) {
    out_.code.starts.push_back(static_cast<uint32_t>(out_.code.words.size()));
    out_.code.words.push_back(static_cast<uint32_t>(opcode));
    out_.code.words.insert(out_.code.words.end(), operands);
    out_.source.push_back(source);
  }
  uint32_t LastInstruction() const { return static_cast<uint32_t>(out_.code.starts.size() - 1); }

  void EmitValue(ValueId id) {
    const Value& v = At(id);
    Registers& out = regs_[static_cast<size_t>(id)];
    const int components = v.type == Type::Vec3 ? 3 : 1;
    switch (v.op) {
      case Op::Const:
        for (int c = 0; c < components; ++c) {
          // A vec3 constant loads each distinct component once: (0, 1, 0) is two loads.
          int same = -1;
          for (int e = 0; e < c && same < 0; ++e) {
            if (std::bit_cast<uint32_t>(v.constant[e]) == std::bit_cast<uint32_t>(v.constant[c])) same = e;
          }
          if (same >= 0) {
            out.r[c] = out.r[same];
            continue;
          }
          out.r[c] = NewScalar();
          Emit(id, Opcode::LoadConst, {out.r[c], Constant(v.constant[c])});
        }
        return;
      case Op::Param:
        for (int c = 0; c < components; ++c) {
          out.r[c] = NewScalar();
          Emit(id, Opcode::LoadParam, {out.r[c], v.index, static_cast<uint32_t>(c)});
        }
        return;
      case Op::TimeInState:
      case Op::StateProgress:
        out.r[0] = NewScalar();
        Emit(id, v.op == Op::TimeInState ? Opcode::TimeInState : Opcode::StateProgress, {out.r[0], v.index});
        return;
      case Op::MakeVec3:
        for (int c = 0; c < 3; ++c)
          out.r[c] = R(v.operands[static_cast<size_t>(c)]);
        return;
      case Op::BlendSpaceWeight:
        out.r[0] = NewScalar();
        Emit(id, Opcode::BlendSpaceWeight, {out.r[0], v.index, v.sample, R(v.operands[0]), R(v.operands[1])});
        return;
      case Op::StateTime:
      case Op::StateClockProgress:
        out.r[0] = NewScalar();
        Emit(id, v.op == Op::StateTime ? Opcode::StateTime : Opcode::StateClockProgress, {out.r[0], v.index});
        return;
      case Op::Curve:
        out.r[0] = NewScalar();
        Emit(id, Opcode::Curve, {out.r[0], v.index});
        return;
      case Op::Damp:
      case Op::Spring:  // smoother slots in the order the code runs them
        out.r[0] = NewScalar();
        Emit(id, v.op == Op::Damp ? Opcode::Damp : Opcode::Spring,
             {out.r[0], R(v.operands[0]), R(v.operands[1]), smoothers_++});
        return;
      default:
        break;
    }
    if (v.type != Type::Pose) {
      EmitScalarOp(id, components);
    } else {
      EmitPoseOp(id);
    }
  }

  // One instruction per component; a scalar operand of a vec3 op is read by every component.
  void EmitScalarOp(ValueId id, int components) {
    const Value& v = At(id);
    Registers& out = regs_[static_cast<size_t>(id)];
    const Opcode opcode = ScalarOpcode(v.op);
    for (int c = 0; c < components; ++c) {
      std::array<uint32_t, 6> words{};
      out.r[c] = NewScalar();
      words[0] = out.r[c];
      for (size_t k = 0; k < v.operands.size(); ++k) {
        const ValueId op = v.operands[k];
        words[k + 1] = R(op, At(op).type == Type::Vec3 ? c : 0);
      }
      out_.code.starts.push_back(static_cast<uint32_t>(out_.code.words.size()));
      out_.code.words.push_back(static_cast<uint32_t>(opcode));
      out_.code.words.insert(out_.code.words.end(), words.begin(), words.begin() + 1 + v.operands.size());
      out_.source.push_back(id);
    }
  }

  void EmitPoseOp(ValueId id) {
    const Value& v = At(id);
    const uint32_t p = NewPose();
    regs_[static_cast<size_t>(id)].r[0] = p;
    auto op = [&](size_t k, int c = 0) { return R(v.operands[k], c); };
    switch (v.op) {
      case Op::ReferencePose:
        Emit(id, Opcode::ReferencePose, {p});
        break;
      case Op::SampleClip:
        Emit(id, Opcode::SampleClip, {p, v.index, op(0)});
        break;
      case Op::Blend:
        Emit(id, Opcode::Blend, {p, op(0), op(1), op(2)});
        break;
      case Op::BlendMasked:
        Emit(id, Opcode::BlendMasked, {p, op(0), op(1), v.index, op(2)});
        break;
      case Op::MakeAdditive:
        Emit(id, Opcode::MakeAdditive,
             {p, op(0), v.operands.size() > 1 ? op(1) : kNoVirtualRegister, v.flags});
        break;
      case Op::ApplyAdditive:
        Emit(id, Opcode::ApplyAdditive, {p, op(0), op(1), op(2)});
        break;
      case Op::SaveSnapshot:
        Emit(id, Opcode::SaveSnapshot, {p, op(0), v.index});
        break;
      case Op::LoadSnapshot:
        Emit(id, Opcode::LoadSnapshot, {p, v.index});
        break;
      case Op::PhysicsStage:
        Emit(id, Opcode::PhysicsStage, {p, op(0), v.index});
        break;
      case Op::BoneTransform:
        Emit(id, Opcode::BoneTransform,
             {p, op(0), v.bones[0], v.flags, op(1, 0), op(1, 1), op(1, 2), op(2, 0), op(2, 1), op(2, 2),
              op(3, 0), op(3, 1), op(3, 2), op(4)});
        break;
      case Op::TranslateBone:
        Emit(id, Opcode::TranslateBone, {p, op(0), v.bones[0], op(1, 0), op(1, 1), op(1, 2), op(2)});
        break;
      case Op::TwoBoneIK:
        Emit(id, Opcode::TwoBoneIK,
             {p, op(0), v.bones[0], v.bones[1], v.bones[2], op(1, 0), op(1, 1), op(1, 2), v.flags, op(2, 0),
              op(2, 1), op(2, 2), op(3)});
        break;
      case Op::Fabrik:
        Emit(id, Opcode::Fabrik,
             {p, op(0), v.bones[0], v.bones[1], v.iterations, Constant(v.constant[0]), op(1, 0), op(1, 1),
              op(1, 2), op(2)});
        break;
      case Op::LookAt:
        Emit(
            id, Opcode::LookAt,
            {p, op(0), v.bones[0], op(1, 0), op(1, 1), op(1, 2), op(2, 0), op(2, 1), op(2, 2), op(3), op(4)});
        break;
      case Op::FootIK:
        Emit(id, Opcode::FootIK,
             {p, op(0), v.bones[0], v.bones[1], v.bones[2], op(1), op(2, 0), op(2, 1), op(2, 2),
              Constant(v.constant[0]), Constant(v.constant[1]), op(3)});
        break;
      default:
        break;  // the verifier admits no other pose op
    }
  }

  void EmitMachineUpdate(uint16_t m) {
    const ir::Machine& machine = g_.machines[m];
    Emit(machine.value, Opcode::MachineUpdate, {m});
    for (const ir::Transition& t : machine.transitions) {
      out_.condition_vregs[m].push_back(R(t.condition));
      out_.code.implicit_reads.push_back({LastInstruction(), Bank::Scalar, R(t.condition)});
    }
  }

  void EmitMachineRecord(uint16_t m) {
    const ir::Machine& machine = g_.machines[m];
    const Value& value = At(machine.value);
    const uint32_t p = NewPose();
    regs_[static_cast<size_t>(machine.value)].r[0] = p;
    Emit(machine.value, Opcode::MachineRecord, {p, m});
    for (ValueId pose : value.operands) {
      out_.state_pose_vregs[m].push_back(R(pose));
      out_.code.implicit_reads.push_back({LastInstruction(), Bank::Pose, R(pose)});
    }
  }

  const ir::Graph& g_;
  std::vector<Registers> regs_;
  std::vector<char> emitted_;
  std::vector<char> expanded_;  // machines whose steps are on Demand's stack
  std::vector<std::vector<ValueId>> scope_values_;
  std::unordered_map<uint32_t, uint32_t> constant_index_;
  uint32_t smoothers_ = 0;  // damp and spring instructions emitted so far
  EmittedCode out_;
};

}  // namespace

EmittedCode EmitCode(const ir::Graph& graph) {
  return Emitter(graph).Run();
}

}  // namespace anim::codegen
