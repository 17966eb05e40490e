// The compiler's IR: a typed DAG of values in topological order (every operand precedes its
// users), lowered from a checked graph document and consumed by the passes, by code generation and
// by direct evaluation. Scalars, bools, ints and vec3s are plain values; poses are values too.
// Tables (parameters, clips, clocks, scopes, machines, masks, bones, snapshots, blend spaces) mirror the
// bytecode's tables (vm/bytecode/program.h) and are reused by codegen as they are.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compiler/diag/diagnostics.h"
#include "vm/bytecode/program.h"

namespace anim::ir {

using ValueId = int32_t;
inline constexpr ValueId kNoValue = -1;

enum class Type : uint8_t { Float, Bool, Int, Vec3, Pose };
const char* TypeName(Type type);

enum class Op : uint8_t {
  // Leaves.
  Const,          // Float/Bool/Int: constant[0]; Vec3: constant[0..2]
  Param,          // index = parameter; the value's type is the parameter's (trigger reads as Bool)
  TimeInState,    // index = machine; Float
  StateProgress,  // index = machine; Float
  // Scalar maths on Float/Int/Bool operands (Bool as 0/1). Vec3 operands are allowed where noted.
  Neg,
  Not,
  Abs,
  Sin,
  Cos,  // 1 operand (Neg, Abs also Vec3)
  Add,
  Sub,
  Mul,
  Div,
  Min,
  Max,  // 2 operands (Add, Sub: Vec3+Vec3; Mul, Div: Vec3*Float)
  Less,
  LessEqual,
  Greater,
  GreaterEqual,
  Equal,
  NotEqual,
  And,
  Or,  // 2 operands, Bool result
  Clamp,
  Lerp,
  Smoothstep,  // 3 operands (Lerp also Vec3, Vec3, Float)
  Remap,       // 5 operands: x, in0, in1, out0, out1
  MakeVec3,    // 3 Float operands
  // Poses. Operand order follows the bytecode's operand order; index/bones/flags as noted.
  ReferencePose,  // no operands
  SampleClip,     // index = clock; operands: rate
  Blend,          // operands: a, b, alpha
  BlendMasked,    // index = mask; operands: a, b, alpha
  MakeAdditive,   // flags = space (0 local, 1 mesh); operands: source [, base] (no base: bind pose)
  ApplyAdditive,  // operands: base, additive, alpha
  StateMachine,   // index = machine; operands: one pose per state, in state order
  SaveSnapshot,   // index = snapshot; operands: source
  LoadSnapshot,   // index = snapshot
  BoneTransform,  // bones[0]; flags = space | mode << 1; operands: source, translation (Vec3),
                  // rotation (Vec3, euler degrees), scale (Vec3), alpha
  TranslateBone,  // bones[0]; operands: source, offset (Vec3), alpha
  TwoBoneIK,      // bones[0..2] = root, mid, end; flags = use_pole; operands: source, target (Vec3),
                  // pole (Vec3; a zero constant when unused), alpha
  Fabrik,         // bones[0..1] = root, tip; iterations; constant[0] = tolerance;
                  // operands: source, target (Vec3), alpha
  LookAt,         // bones[0]; operands: source, target (Vec3), axis (Vec3), max_angle (radians), alpha
  FootIK,         // bones[0..2] = thigh, calf, foot; constant[0] = ankle height, constant[1] = plant
                  // distance; operands: source, ground_height, normal (Vec3), alpha
  // Scalars again, added after the pose ops.
  BlendSpaceWeight,    // Float; index = blend space, sample = its sample; operands: x, y
  Select,              // operands: condition (Bool), a, b: a where the condition holds, else b (same type)
  StateTime,           // index = scope (a state's); Float: its time as the last frame ended
  StateClockProgress,  // index = scope (a state's); Float: its progress clock as the last frame ended
  Damp,                // Float; operands: x, half-life; state kept per instance (docs/semantics.md)
  Spring,              // Float; operands: x, half-life; state kept per instance
  Curve,               // Float; index = curve: its value in the last frame's output (0 before one)
  // Poses again.
  PhysicsStage,  // index = AnimTaskStage (1 pre, 2 post); operands: source. The source's pose, whose
                 // task runs in that stage of a split execution (executor/tasks/split_execution.h)
};
const char* OpName(Op op);

struct Value {
  Op op = Op::Const;
  Type type = Type::Float;
  std::vector<ValueId> operands;
  float constant[3] = {0.0f, 0.0f, 0.0f};
  uint16_t index = 0;             // parameter, clock, mask, machine or snapshot, by op
  uint16_t bones[3] = {0, 0, 0};  // indices into Graph::bones
  uint8_t flags = 0;
  uint16_t iterations = 0;  // Fabrik
  uint16_t sample = 0;      // BlendSpaceWeight
  uint16_t scope = 0;       // where a pose value runs (Graph::scopes); 0 for scalars
  std::string node;         // the graph node it came from, for names in tools and diagnostics
  SourceLocation location;
};

// A transition's condition is a Bool value; everything else about it is as in the bytecode.
struct Transition {
  TransitionDesc desc;  // desc.condition is unused here
  ValueId condition = kNoValue;
};

struct Machine {
  std::string name;
  uint16_t scope = 0;
  uint16_t initial_state = 0;
  std::vector<StateDesc> states;  // pose is unused here: the StateMachine value's operands hold them
  std::vector<Transition> transitions;
  ValueId value = kNoValue;  // the StateMachine value
};

struct Graph {
  std::vector<Value> values;  // topological order
  ValueId output = kNoValue;  // a Pose value
  bool lock_root = false;
  uint16_t root_bone = kNoOperand;  // index into bones, or kNoOperand

  uint64_t skeleton_hash = 0;
  uint64_t source_hash = 0;  // Program::graph_hash: the graph's text and assets
  std::vector<ParamDesc> params;
  std::vector<std::string> clips;
  // Clips the passes baked from loaded ones (compiler/passes/pose_folding.h); clip indices past
  // `clips` name them, as in Program::baked_clips.
  std::vector<BakedClipDesc> baked_clips;
  std::vector<ClockDesc> clocks;
  std::vector<ScopeDesc> scopes;  // scopes[0] is the root
  std::vector<Machine> machines;
  std::vector<MaskDesc> masks;
  std::vector<BoneRef> bones;
  std::vector<std::string> snapshots;
  std::vector<BlendSpaceDesc> blend_spaces;
  std::vector<std::string> sync_groups;  // names; clocks say which they belong to
  EventTable events;
  std::vector<std::string> curves;  // every curve of the graph's clips (docs/semantics.md, "Curves")

  ValueId Add(Value v) {
    values.push_back(std::move(v));
    return static_cast<ValueId>(values.size() - 1);
  }
};

}  // namespace anim::ir
