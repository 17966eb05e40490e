#include "vm/bytecode/opcodes.h"

#include <array>

namespace anim {
namespace {

using K = OperandKind;
constexpr K SR = K::ScalarRead, SW = K::ScalarWrite, PR = K::PoseRead, OPR = K::OptPoseRead,
            PW = K::PoseWrite, CN = K::Constant, PA = K::Parameter, CL = K::Clock, MK = K::Mask, BN = K::Bone,
            OBN = K::OptBone, MC = K::Machine, SN = K::Snapshot, IM = K::Immediate, BS = K::BlendSpace,
            SC = K::Scope, SM = K::Smoother, CV = K::Curve;

constexpr std::array<OpcodeInfo, kOpcodeCount> kTable = {{
    {Opcode::Nop, "nop", 0, {}},
    {Opcode::LoadConst, "load_const", 2, {SW, CN}},
    {Opcode::LoadParam, "load_param", 3, {SW, PA, IM}},
    {Opcode::Move, "move", 2, {SW, SR}},
    {Opcode::Neg, "neg", 2, {SW, SR}},
    {Opcode::Not, "not", 2, {SW, SR}},
    {Opcode::Abs, "abs", 2, {SW, SR}},
    {Opcode::Sin, "sin", 2, {SW, SR}},
    {Opcode::Cos, "cos", 2, {SW, SR}},
    {Opcode::Add, "add", 3, {SW, SR, SR}},
    {Opcode::Sub, "sub", 3, {SW, SR, SR}},
    {Opcode::Mul, "mul", 3, {SW, SR, SR}},
    {Opcode::Div, "div", 3, {SW, SR, SR}},
    {Opcode::Min, "min", 3, {SW, SR, SR}},
    {Opcode::Max, "max", 3, {SW, SR, SR}},
    {Opcode::Less, "lt", 3, {SW, SR, SR}},
    {Opcode::LessEqual, "le", 3, {SW, SR, SR}},
    {Opcode::Greater, "gt", 3, {SW, SR, SR}},
    {Opcode::GreaterEqual, "ge", 3, {SW, SR, SR}},
    {Opcode::Equal, "eq", 3, {SW, SR, SR}},
    {Opcode::NotEqual, "ne", 3, {SW, SR, SR}},
    {Opcode::And, "and", 3, {SW, SR, SR}},
    {Opcode::Or, "or", 3, {SW, SR, SR}},
    {Opcode::Clamp, "clamp", 4, {SW, SR, SR, SR}},
    {Opcode::Lerp, "lerp", 4, {SW, SR, SR, SR}},
    {Opcode::Smoothstep, "smoothstep", 4, {SW, SR, SR, SR}},
    {Opcode::Remap, "remap", 6, {SW, SR, SR, SR, SR, SR}},
    {Opcode::TimeInState, "time_in_state", 2, {SW, MC}},
    {Opcode::StateProgress, "state_progress", 2, {SW, MC}},
    {Opcode::ReferencePose, "reference_pose", 1, {PW}},
    {Opcode::SampleClip, "sample_clip", 3, {PW, CL, SR}},
    {Opcode::Blend, "blend", 4, {PW, PR, PR, SR}},
    {Opcode::BlendMasked, "blend_masked", 5, {PW, PR, PR, MK, SR}},
    {Opcode::MakeAdditive, "make_additive", 4, {PW, PR, OPR, IM}},
    {Opcode::ApplyAdditive, "apply_additive", 4, {PW, PR, PR, SR}},
    {Opcode::MachineUpdate, "machine_update", 1, {MC}},
    {Opcode::MachineRecord, "machine_record", 2, {PW, MC}},
    {Opcode::SaveSnapshot, "save_snapshot", 3, {PW, PR, SN}},
    {Opcode::LoadSnapshot, "load_snapshot", 2, {PW, SN}},
    {Opcode::BoneTransform, "bone_transform", 14, {PW, PR, BN, IM, SR, SR, SR, SR, SR, SR, SR, SR, SR, SR}},
    {Opcode::TranslateBone, "translate_bone", 7, {PW, PR, BN, SR, SR, SR, SR}},
    {Opcode::TwoBoneIK, "two_bone_ik", 13, {PW, PR, BN, BN, BN, SR, SR, SR, IM, SR, SR, SR, SR}},
    {Opcode::Fabrik, "fabrik", 10, {PW, PR, BN, BN, IM, CN, SR, SR, SR, SR}},
    {Opcode::LookAt, "look_at", 11, {PW, PR, BN, SR, SR, SR, SR, SR, SR, SR, SR}},
    {Opcode::FootIK, "foot_ik", 12, {PW, PR, BN, BN, BN, SR, SR, SR, SR, CN, CN, SR}},
    {Opcode::Output, "output", 3, {PR, IM, OBN}},
    {Opcode::BlendSpaceWeight, "blend_space_weight", 5, {SW, BS, IM, SR, SR}},
    {Opcode::Select, "select", 4, {SW, SR, SR, SR}},
    {Opcode::StateTime, "state_time", 2, {SW, SC}},
    {Opcode::StateClockProgress, "state_clock_progress", 2, {SW, SC}},
    {Opcode::Damp, "damp", 4, {SW, SR, SR, SM}},
    {Opcode::Spring, "spring", 4, {SW, SR, SR, SM}},
    {Opcode::Curve, "curve", 2, {SW, CV}},
    {Opcode::PhysicsStage, "physics_stage", 3, {PW, PR, IM}},
}};

constexpr bool TableIsInOpcodeOrder() {
  for (int i = 0; i < kOpcodeCount; ++i) {
    if (static_cast<int>(kTable[i].opcode) != i) return false;
  }
  return true;
}
static_assert(TableIsInOpcodeOrder(), "the opcode table must list opcodes in number order");

}  // namespace

std::span<const OpcodeInfo> OpcodeTable() {
  return kTable;
}

const OpcodeInfo* FindOpcode(uint16_t number) {
  return number < kOpcodeCount ? &kTable[number] : nullptr;
}

}  // namespace anim
