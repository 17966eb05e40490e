// Test fixtures for the VM: a small rig (a 6-bone chain and named clips), a builder for
// hand-made Programs, a test-local writer of the binary form (docs/bytecode.md), and a program that
// exercises every opcode.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"
#include "vm/bytecode/program.h"

namespace anim::test {

// Clips: "idle" (looping, 1 s), "walk" (looping, 1 s), "jump" (play-once, 0.5 s); each bends
// the chain differently so poses are distinguishable.
struct VmRig {
  VmRig();
  VmRig(const VmRig&) = delete;
  VmRig& operator=(const VmRig&) = delete;

  Skeleton skeleton;
  std::vector<Clip> clips;
  std::vector<const Clip*> clip_table;
};

// Builds a Program against a rig's skeleton, one table entry or instruction at a time.
class ProgramBuilder {
 public:
  explicit ProgramBuilder(const Skeleton& skeleton);

  uint16_t Scalar() { return program.scalar_register_count++; }
  uint16_t PoseRegister() { return program.pose_register_count++; }
  uint16_t Constant(float v);
  uint16_t Param(const std::string& name, ParamType type, float default_value = 0.0f);
  uint16_t Clip(const std::string& name);
  uint16_t Clock(uint16_t clip, uint16_t scope, bool loop, float start_time = 0.0f);
  uint16_t Bone(const Skeleton& skeleton, const std::string& name);
  uint16_t Snapshot(const std::string& name);
  // A machine running in `scope` with one state (and scope) per name; states' pose registers are
  // allocated here. Returns the machine index.
  uint16_t Machine(const std::string& name, uint16_t scope, std::initializer_list<const char*> states);
  uint16_t StateScope(uint16_t machine, uint16_t state) const;
  uint16_t StatePose(uint16_t machine, uint16_t state) const;
  // Adds a transition whose condition is scalar register `condition`.
  TransitionDesc& Transition(uint16_t machine, uint16_t from, uint16_t to, uint16_t condition,
                             float duration = 0.2f);

  // Appends an instruction; `node` (when given) gets a debug entry.
  void Emit(Opcode op, std::initializer_list<uint16_t> operands, const std::string& node = "");
  // Convenience: a scalar register loaded with a constant.
  uint16_t LoadConst(float v);
  uint16_t LoadParam(uint16_t param, uint16_t component = 0);

  Program program;
};

// The binary form of `program`, as docs/bytecode.md lays it out.
std::vector<uint8_t> WriteProgramForTest(const Program& program);

// A verified program over the rig using every opcode: a two-state machine (idle / move) whose move
// state holds a nested machine (walk / jump), additive, masked blend, bone ops, IK, snapshots.
// Parameters: speed (float), jump (trigger), aim (vec3), crouch (bool), mode (int).
Program FullProgram(const VmRig& rig);

}  // namespace anim::test
