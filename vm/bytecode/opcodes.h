// The instruction set. Append-only: opcode numbers, names and operand layouts never change without a
// bump of kAnimBytecodeVersion; appending a new opcode at the end does not need one. tests/vm holds
// the frozen table and golden binaries of every version and fails on any other change
// (docs/bytecode.md, "Versioning").
//
// An instruction is one 16-bit opcode word followed by its operands, one 16-bit word each, as
// many as the opcode's layout says. Code is straight-line: every branch of a graph records, and
// the executor prunes by reachability, so there are no jumps.
#pragma once

#include <cstdint>
#include <span>

namespace anim {

// 2: the header's last field, reserved and 0 in version 1, is the graph hash.
// 3: a blend space table (section BSPC) and opcode 46, blend_space_weight.
// 4: a transition's blend mode may be 2 (crossfade), and a curve byte follows can_interrupt.
// 5: a clock names its sync group and role, and a sync group table (section SYNC) precedes DEBG.
// 6: an event table (section EVNT) precedes DEBG.
// 7: a curve table (section CURV) precedes DEBG, a mask's curve weights follow its bone weights, and
//    opcode 52, curve.
// 8: a baked clip table (section BAKE) precedes DEBG; clip indices past the clip table name baked
//    clips.
inline constexpr uint32_t kAnimBytecodeVersion = 8;

enum class Opcode : uint16_t {
  Nop = 0,
  LoadConst = 1,            // s_out, const
  LoadParam = 2,            // s_out, param, imm component (0 for scalars; 0..2 for vec3)
  Move = 3,                 // s_out, s
  Neg = 4,                  // s_out, s
  Not = 5,                  // s_out, s            (1 if s == 0 else 0)
  Abs = 6,                  // s_out, s
  Sin = 7,                  // s_out, s            (radians)
  Cos = 8,                  // s_out, s
  Add = 9,                  // s_out, s, s
  Sub = 10,                 // s_out, s, s
  Mul = 11,                 // s_out, s, s
  Div = 12,                 // s_out, s, s         (x / 0 = 0: a graph never produces inf or NaN)
  Min = 13,                 // s_out, s, s
  Max = 14,                 // s_out, s, s
  Less = 15,                // s_out, s, s         (comparisons and logic produce 0 or 1)
  LessEqual = 16,           // s_out, s, s
  Greater = 17,             // s_out, s, s
  GreaterEqual = 18,        // s_out, s, s
  Equal = 19,               // s_out, s, s
  NotEqual = 20,            // s_out, s, s
  And = 21,                 // s_out, s, s
  Or = 22,                  // s_out, s, s
  Clamp = 23,               // s_out, x, lo, hi
  Lerp = 24,                // s_out, a, b, t
  Smoothstep = 25,          // s_out, edge0, edge1, x
  Remap = 26,               // s_out, x, in0, in1, out0, out1  (in0 == in1 gives out0)
  TimeInState = 27,         // s_out, machine
  StateProgress = 28,       // s_out, machine   (current state's progress clock: time / duration, 0 if none)
  ReferencePose = 29,       // p_out
  SampleClip = 30,          // p_out, clock, s rate
  Blend = 31,               // p_out, p a, p b, s alpha
  BlendMasked = 32,         // p_out, p a, p b, mask, s alpha
  MakeAdditive = 33,        // p_out, p source, p? base (none: the bind pose), imm space (0 local, 1 mesh)
  ApplyAdditive = 34,       // p_out, p base, p additive, s alpha
  MachineUpdate = 35,       // machine          (transition logic; before the machine's states' code)
  MachineRecord = 36,       // p_out, machine   (records the machine's one Inertialize / DeadBlend task)
  SaveSnapshot = 37,        // p_out, p source, snapshot
  LoadSnapshot = 38,        // p_out, snapshot
  BoneTransform = 39,       // p_out, p source, bone, imm space | mode << 1, s tx ty tz, s rx ry rz (euler
                            // degrees, applied X then Y then Z), s sx sy sz, s alpha
  TranslateBone = 40,       // p_out, p source, bone, s ox oy oz, s alpha
  TwoBoneIK = 41,           // p_out, p source, bone root, bone mid, bone end, s tx ty tz, imm use_pole,
                            // s px py pz, s alpha
  Fabrik = 42,              // p_out, p source, bone root, bone tip, imm iterations, const tolerance,
                            // s tx ty tz, s alpha
  LookAt = 43,              // p_out, p source, bone, s tx ty tz, s ax ay az (forward axis), s max_angle
                            // (radians), s alpha
  FootIK = 44,              // p_out, p source, bone thigh, bone calf, bone foot, s ground_height,
                            // s nx ny nz, const ankle_height, const plant_distance, s alpha
  Output = 45,              // p pose, imm lock_root, bone? root
  BlendSpaceWeight = 46,    // s_out, blend_space, imm sample, s x, s y   (the sample's weight at (x, y))
  Select = 47,              // s_out, s condition, s a, s b   (a if condition != 0 else b)
  StateTime = 48,           // s_out, scope   (seconds the scope's state had run as the last frame ended)
  StateClockProgress = 49,  // s_out, scope   (its state's progress clock as the last frame ended:
                            // time / duration, 0 if none)
  Damp = 50,                // s_out, s x, s half_life, smoother   (x smoothed exponentially)
  Spring = 51,              // s_out, s x, s half_life, smoother   (x followed by a critically damped spring)
  Curve = 52,               // s_out, curve   (the curve's value in the last frame's output; 0 before one)
  PhysicsStage = 53,        // p_out, p source, imm stage (1 pre-physics, 2 post-physics): tags the source's
                            // task with the stage (the later of two), and p_out names that task too
};
inline constexpr int kOpcodeCount = 54;

enum class OperandKind : uint8_t {
  ScalarRead,   // scalar register read
  ScalarWrite,  // scalar register written
  PoseRead,     // pose register read; must have been written earlier in the code
  OptPoseRead,  // a pose register, or kNoOperand
  PoseWrite,    // pose register written
  Constant,     // index into the constant table
  Parameter,    // index into the parameter table
  Clock,        // index into the clock table
  Mask,         // index into the mask table
  Bone,         // index into the bone table
  OptBone,      // index into the bone table, or kNoOperand
  Machine,      // index into the state machine table
  Snapshot,     // index into the snapshot table
  Immediate,    // a plain 16-bit value whose meaning the opcode defines
  BlendSpace,   // index into the blend space table
  Scope,        // index into the scope table; never 0 (the root runs in no state)
  Smoother,     // an instance's smoother slot: 0 to n - 1 where n is the number of damp and spring
                // instructions, each slot named once
  Curve,        // index into the curve table
};

inline constexpr uint16_t kNoOperand = 0xFFFF;
inline constexpr int kMaxOperands = 16;

struct OpcodeInfo {
  Opcode opcode;
  const char* name;  // as printed by the disassembler
  uint8_t operand_count;
  OperandKind operands[kMaxOperands];
};

// The layout of every opcode, indexed by opcode number.
std::span<const OpcodeInfo> OpcodeTable();
// Null for a number past the table.
const OpcodeInfo* FindOpcode(uint16_t number);

}  // namespace anim
