#include "tests/backend/symbolic_check.h"

#include <fmt/format.h>

#include <bit>
#include <map>
#include <optional>

#include "compiler/passes/scalar_semantics.h"

namespace anim::test {
namespace {

constexpr int kBindPose = -2;
constexpr int kUnset = -1;

// Everything a pose instruction depends on, by operand kind.
struct PoseKey {
  ir::Op op = ir::Op::ReferencePose;
  int index = -1;  // clock, mask, snapshot or machine
  std::vector<int> bones;
  int immediate = -1;
  std::vector<float> constants;
  std::vector<int> poses;
  std::vector<float> scalars;

  std::string Text() const {
    std::string s = fmt::format("{}#{}#{}", static_cast<int>(op), index, immediate);
    for (int b : bones)
      s += fmt::format("b{},", b);
    for (float c : constants)
      s += fmt::format("c{:08x},", std::bit_cast<uint32_t>(c));
    for (int p : poses)
      s += fmt::format("p{},", p);
    for (float x : scalars)
      s += fmt::format("s{:08x},", std::bit_cast<uint32_t>(x));
    return s;
  }
};

class Symbols {
 public:
  int Intern(const PoseKey& key) {
    return table_.try_emplace(key.Text(), static_cast<int>(table_.size())).first->second;
  }

 private:
  std::map<std::string, int> table_;
};

float TimeInStateStandIn(int machine) {
  return 100.0f + static_cast<float>(machine);
}
float StateProgressStandIn(int machine) {
  return 0.5f + static_cast<float>(machine) / 64.0f;
}
// Tells apart the space, the sample and which register is x and which is y.
float BlendSpaceWeightStandIn(int space, int sample, float x, float y) {
  return 3.0f * static_cast<float>(space) + static_cast<float>(sample) / 8.0f + x - 2.0f * y;
}

int BoneCount(ir::Op op) {
  switch (op) {
    case ir::Op::BoneTransform:
    case ir::Op::TranslateBone:
    case ir::Op::LookAt:
      return 1;
    case ir::Op::Fabrik:
      return 2;
    case ir::Op::TwoBoneIK:
    case ir::Op::FootIK:
      return 3;
    default:
      return 0;
  }
}

// The IR evaluated directly.
class GraphEvaluator {
 public:
  GraphEvaluator(const ir::Graph& g, Symbols& symbols) : g_(g), symbols_(symbols) {
    scalars_.resize(g.values.size());
    poses_.assign(g.values.size(), kUnset);
    for (size_t i = 0; i < g.values.size(); ++i)
      Evaluate(i);
  }
  const std::array<float, 3>& Scalar(ir::ValueId id) const { return scalars_[static_cast<size_t>(id)]; }
  int Pose(ir::ValueId id) const { return poses_[static_cast<size_t>(id)]; }

 private:
  void Evaluate(size_t i) {
    const ir::Value& v = g_.values[i];
    std::array<float, 3>& out = scalars_[i];
    switch (v.op) {
      case ir::Op::Const:
        out = {v.constant[0], v.constant[1], v.constant[2]};
        return;
      case ir::Op::Param:
        for (int c = 0; c < 3; ++c)
          out[c] = g_.params[v.index].default_value[c];
        return;
      case ir::Op::TimeInState:
        out[0] = TimeInStateStandIn(v.index);
        return;
      case ir::Op::StateProgress:
        out[0] = StateProgressStandIn(v.index);
        return;
      case ir::Op::MakeVec3:
        for (int c = 0; c < 3; ++c)
          out[c] = scalars_[static_cast<size_t>(v.operands[c])][0];
        return;
      case ir::Op::BlendSpaceWeight:
        out[0] = BlendSpaceWeightStandIn(v.index, v.sample, scalars_[static_cast<size_t>(v.operands[0])][0],
                                         scalars_[static_cast<size_t>(v.operands[1])][0]);
        return;
      default:
        break;
    }
    if (v.type != ir::Type::Pose) {
      const int components = v.type == ir::Type::Vec3 ? 3 : 1;
      for (int c = 0; c < components; ++c) {
        std::vector<float> args;
        for (ir::ValueId op : v.operands) {
          const bool vec = g_.values[static_cast<size_t>(op)].type == ir::Type::Vec3;
          args.push_back(scalars_[static_cast<size_t>(op)][vec ? c : 0]);
        }
        out[c] = ir::EvalScalarOp(v.op, args).value_or(-999.0f);
      }
      return;
    }
    PoseKey key;
    key.op = v.op;
    if (v.op == ir::Op::SampleClip || v.op == ir::Op::BlendMasked || v.op == ir::Op::SaveSnapshot ||
        v.op == ir::Op::LoadSnapshot || v.op == ir::Op::StateMachine) {
      key.index = v.index;
    }
    for (int b = 0; b < BoneCount(v.op); ++b)
      key.bones.push_back(v.bones[b]);
    if (v.op == ir::Op::MakeAdditive || v.op == ir::Op::BoneTransform || v.op == ir::Op::TwoBoneIK)
      key.immediate = v.flags;
    if (v.op == ir::Op::PhysicsStage) key.immediate = v.index;
    if (v.op == ir::Op::Fabrik) key.immediate = v.iterations;
    if (v.op == ir::Op::Fabrik) key.constants = {v.constant[0]};
    if (v.op == ir::Op::FootIK) key.constants = {v.constant[0], v.constant[1]};
    for (ir::ValueId op : v.operands) {
      const ir::Value& operand = g_.values[static_cast<size_t>(op)];
      if (operand.type == ir::Type::Pose) {
        key.poses.push_back(poses_[static_cast<size_t>(op)]);
      } else {
        const int n = operand.type == ir::Type::Vec3 ? 3 : 1;
        for (int c = 0; c < n; ++c)
          key.scalars.push_back(scalars_[static_cast<size_t>(op)][c]);
      }
    }
    if (v.op == ir::Op::MakeAdditive && v.operands.size() == 1) key.poses.push_back(kBindPose);
    poses_[i] = symbols_.Intern(key);
  }

  const ir::Graph& g_;
  Symbols& symbols_;
  std::vector<std::array<float, 3>> scalars_;
  std::vector<int> poses_;
};

ir::Op PoseOpOf(Opcode opcode) {
  switch (opcode) {
    case Opcode::ReferencePose:
      return ir::Op::ReferencePose;
    case Opcode::SampleClip:
      return ir::Op::SampleClip;
    case Opcode::Blend:
      return ir::Op::Blend;
    case Opcode::BlendMasked:
      return ir::Op::BlendMasked;
    case Opcode::MakeAdditive:
      return ir::Op::MakeAdditive;
    case Opcode::ApplyAdditive:
      return ir::Op::ApplyAdditive;
    case Opcode::SaveSnapshot:
      return ir::Op::SaveSnapshot;
    case Opcode::LoadSnapshot:
      return ir::Op::LoadSnapshot;
    case Opcode::BoneTransform:
      return ir::Op::BoneTransform;
    case Opcode::TranslateBone:
      return ir::Op::TranslateBone;
    case Opcode::TwoBoneIK:
      return ir::Op::TwoBoneIK;
    case Opcode::Fabrik:
      return ir::Op::Fabrik;
    case Opcode::LookAt:
      return ir::Op::LookAt;
    case Opcode::FootIK:
      return ir::Op::FootIK;
    case Opcode::PhysicsStage:
      return ir::Op::PhysicsStage;
    default:
      return ir::Op::StateMachine;
  }
}

// The Program run one instruction at a time.
class ProgramRunner {
 public:
  ProgramRunner(const ir::Graph& g, const Program& p, const GraphEvaluator& expected, Symbols& symbols)
      : g_(g), p_(p), expected_(expected), symbols_(symbols) {
    scalars_.assign(p.scalar_register_count, std::nullopt);
    poses_.assign(p.pose_register_count, kUnset);
  }

  std::vector<std::string> Run() {
    for (size_t offset = 0; offset < p_.code.size();) {
      const OpcodeInfo* info = FindOpcode(p_.code[offset]);
      if (!info || offset + info->operand_count >= p_.code.size()) {
        Fail("offset {}: unknown or truncated instruction", offset);
        break;
      }
      Step(offset, *info);
      offset += 1u + info->operand_count;
    }
    if (!saw_output_) Fail("the program has no output instruction");
    return std::move(problems_);
  }

 private:
  template <typename... Args>
  void Fail(fmt::format_string<Args...> format, Args&&... args) {
    problems_.push_back(fmt::format(format, std::forward<Args>(args)...));
  }

  float ReadScalar(size_t offset, uint16_t r) {
    if (r >= scalars_.size() || !scalars_[r]) {
      Fail("offset {}: reads scalar register s{} before it is written", offset, r);
      return 0.0f;
    }
    return *scalars_[r];
  }
  void WriteScalar(size_t offset, uint16_t r, float value) {
    if (r >= scalars_.size()) {
      Fail("offset {}: writes scalar register s{} past the register count", offset, r);
      return;
    }
    scalars_[r] = value;
  }
  void WritePose(size_t offset, uint16_t r, int symbol) {
    if (r >= poses_.size()) {
      Fail("offset {}: writes pose register p{} past the register count", offset, r);
      return;
    }
    poses_[r] = symbol;
  }
  int ReadPose(size_t offset, uint16_t r) {
    if (r >= poses_.size() || poses_[r] == kUnset) {
      Fail("offset {}: reads pose register p{} before it is written", offset, r);
      return kUnset;
    }
    return poses_[r];
  }

  void Step(size_t offset, const OpcodeInfo& info) {
    const uint16_t* w = &p_.code[offset + 1];
    const auto opcode = info.opcode;
    switch (opcode) {
      case Opcode::LoadConst:
        WriteScalar(offset, w[0], p_.constants.at(w[1]));
        return;
      case Opcode::LoadParam:
        WriteScalar(offset, w[0], p_.params.at(w[1]).default_value[w[2] % 3]);
        return;
      case Opcode::Move:
        WriteScalar(offset, w[0], ReadScalar(offset, w[1]));
        return;
      case Opcode::TimeInState:
        WriteScalar(offset, w[0], TimeInStateStandIn(w[1]));
        return;
      case Opcode::StateProgress:
        WriteScalar(offset, w[0], StateProgressStandIn(w[1]));
        return;
      case Opcode::BlendSpaceWeight:
        WriteScalar(offset, w[0],
                    BlendSpaceWeightStandIn(w[1], w[2], ReadScalar(offset, w[3]), ReadScalar(offset, w[4])));
        return;
      case Opcode::MachineUpdate:
        CheckConditions(offset, w[0]);
        return;
      case Opcode::MachineRecord:
        Record(offset, w[0], w[1]);
        return;
      case Opcode::Output:
        CheckOutput(offset, w);
        return;
      default:
        break;
    }
    if (opcode >= Opcode::Neg && opcode <= Opcode::Remap) {
      std::vector<float> args;
      for (int k = 1; k < info.operand_count; ++k)
        args.push_back(ReadScalar(offset, w[k]));
      const auto op = static_cast<ir::Op>(static_cast<int>(ir::Op::Neg) + static_cast<int>(opcode) -
                                          static_cast<int>(Opcode::Neg));
      WriteScalar(offset, w[0], ir::EvalScalarOp(op, args).value_or(-999.0f));
      return;
    }
    RunPose(offset, info, w);
  }

  void RunPose(size_t offset, const OpcodeInfo& info, const uint16_t* w) {
    PoseKey key;
    key.op = PoseOpOf(info.opcode);
    uint16_t out = 0;
    for (int k = 0; k < info.operand_count; ++k) {
      switch (info.operands[k]) {
        case OperandKind::PoseWrite:
          out = w[k];
          break;
        case OperandKind::PoseRead:
          key.poses.push_back(ReadPose(offset, w[k]));
          break;
        case OperandKind::OptPoseRead:
          key.poses.push_back(w[k] == kNoOperand ? kBindPose : ReadPose(offset, w[k]));
          break;
        case OperandKind::ScalarRead:
          key.scalars.push_back(ReadScalar(offset, w[k]));
          break;
        case OperandKind::Constant:
          key.constants.push_back(p_.constants.at(w[k]));
          break;
        case OperandKind::Bone:
          key.bones.push_back(w[k]);
          break;
        case OperandKind::Immediate:
          key.immediate = w[k];
          break;
        default:  // clock, mask, snapshot
          key.index = w[k];
          break;
      }
    }
    WritePose(offset, out, symbols_.Intern(key));
  }

  void CheckConditions(size_t offset, uint16_t m) {
    const ir::Machine& machine = g_.machines[m];
    for (size_t t = 0; t < machine.transitions.size(); ++t) {
      const float want = expected_.Scalar(machine.transitions[t].condition)[0];
      const float got = ReadScalar(offset, p_.machines[m].transitions[t].condition);
      if (std::bit_cast<uint32_t>(want) != std::bit_cast<uint32_t>(got)) {
        Fail("machine_update '{}' at {}: transition {} condition register holds {}, expected {}",
             machine.name, offset, t, got, want);
      }
    }
  }

  void Record(size_t offset, uint16_t out, uint16_t m) {
    const ir::Machine& machine = g_.machines[m];
    const ir::Value& value = g_.values[static_cast<size_t>(machine.value)];
    PoseKey key;
    key.op = ir::Op::StateMachine;
    key.index = m;
    for (size_t s = 0; s < machine.states.size(); ++s) {
      const int got = ReadPose(offset, p_.machines[m].states[s].pose);
      if (got != expected_.Pose(value.operands[s])) {
        Fail("machine_record '{}' at {}: state '{}' register p{} does not hold the state's pose",
             machine.name, offset, machine.states[s].name, p_.machines[m].states[s].pose);
      }
      key.poses.push_back(got);
    }
    WritePose(offset, out, symbols_.Intern(key));
  }

  void CheckOutput(size_t offset, const uint16_t* w) {
    saw_output_ = true;
    if (ReadPose(offset, w[0]) != expected_.Pose(g_.output))
      Fail("output p{} is not the graph's output pose", w[0]);
    if (w[1] != (g_.lock_root ? 1 : 0)) Fail("output lock_root {} differs from the graph", w[1]);
    if (w[2] != g_.root_bone) Fail("output root bone {} differs from the graph", w[2]);
  }

  const ir::Graph& g_;
  const Program& p_;
  const GraphEvaluator& expected_;
  Symbols& symbols_;
  std::vector<std::optional<float>> scalars_;
  std::vector<int> poses_;
  std::vector<std::string> problems_;
  bool saw_output_ = false;
};

}  // namespace

std::vector<std::string> CheckProgramMatchesGraph(const ir::Graph& graph, const Program& program) {
  Symbols symbols;
  const GraphEvaluator expected(graph, symbols);
  return ProgramRunner(graph, program, expected, symbols).Run();
}

}  // namespace anim::test
