// The format's limits (vm/bytecode/limits.h, docs/bytecode.md "Limits"): a program built by hand just
// past each one is refused by the verifier, naming the limit, and one at the limit is not refused
// for it. The regressions of issue 13 ride along: a machine past 32,767 transitions, which once made
// the VM index a fired transition as a negative int16, runs clean, and binding a large machine does
// not cost its states times its transitions.
#include <catch2/catch.hpp>

#include <string>

#include "tests/vm/vm_runner_fixture.h"
#include "tests/vm/vm_test_rig.h"
#include "vm/build_tasks.h"
#include "vm/bytecode/limits.h"
#include "vm/bytecode/program_verifier.h"
#include "vm/program_binding.h"

namespace anim {
namespace {

using Catch::Matchers::Contains;
using Catch::Matchers::Equals;

// A machine of `states` states and `transitions` transitions from state 0 to state 1 (the last one's
// condition is true, every other false), recorded and output. States past the first two share
// state 0's pose register; each has a scope of its own unless `shared_scopes` (an invalid table,
// for a count no valid scope table can reach).
Program MachineProgram(const test::VmRig& rig, std::size_t states, std::size_t transitions,
                       bool shared_scopes = false) {
  test::ProgramBuilder b(rig.skeleton);
  const uint16_t machine = b.Machine("big", 0, {"a", "b"});
  MachineDesc& m = b.program.machines[machine];
  for (std::size_t s = 2; s < states; ++s) {
    uint16_t scope = m.states[0].scope;
    if (!shared_scopes) {
      scope = static_cast<uint16_t>(b.program.scopes.size());
      b.program.scopes.push_back({machine, static_cast<uint16_t>(s)});
    }
    m.states.push_back({"s" + std::to_string(s), m.states[0].pose, scope, kNoOperand});
  }
  const uint16_t no = b.LoadConst(0.0f), yes = b.LoadConst(1.0f);
  for (std::size_t t = 0; t < transitions; ++t)
    b.Transition(machine, 0, 1, t + 1 == transitions ? yes : no);
  b.Emit(Opcode::MachineUpdate, {machine});
  b.Emit(Opcode::ReferencePose, {b.StatePose(machine, 0)});
  b.Emit(Opcode::ReferencePose, {b.StatePose(machine, 1)});
  const uint16_t out = b.PoseRegister();
  b.Emit(Opcode::MachineRecord, {out, machine});
  b.Emit(Opcode::Output, {out, 0, kNoOperand});
  return b.program;
}

std::string LimitError(const char* what, std::size_t count, std::size_t limit) {
  return "the program has " + std::to_string(count) + " " + what + "; the format allows at most " +
         std::to_string(limit);
}

}  // namespace

TEST_CASE("a program just past each table limit is refused, naming the limit", "[vm][verifier][limits]") {
  test::VmRig rig;
  const Program good = test::FullProgram(rig);
  REQUIRE(VerifyProgram(good).ok());
  const std::size_t over = kMaxTableEntries + 1;
  const auto refused = [&](const char* what, auto grow) {
    INFO(what);
    Program p = good;
    grow(p, over);
    CHECK_THAT(VerifyProgram(p).error, Equals(LimitError(what, over, kMaxTableEntries)));
    Program at = good;
    grow(at, kMaxTableEntries);
    CHECK_THAT(VerifyProgram(at).error, !Contains("the format allows"));
  };
  refused("constants", [](Program& p, std::size_t n) { p.constants.resize(n, 0.0f); });
  refused("parameters", [](Program& p, std::size_t n) { p.params.resize(n, p.params[0]); });
  refused("clips", [](Program& p, std::size_t n) { p.clips.resize(n, p.clips[0]); });
  refused("clocks", [](Program& p, std::size_t n) { p.clocks.resize(n, p.clocks[0]); });
  refused("scopes", [](Program& p, std::size_t n) { p.scopes.resize(n, p.scopes.back()); });
  refused("state machines", [](Program& p, std::size_t n) { p.machines.resize(n, p.machines[0]); });
  refused("masks", [](Program& p, std::size_t n) { p.masks.resize(n, p.masks[0]); });
  refused("bones", [](Program& p, std::size_t n) { p.bones.resize(n, p.bones[0]); });
  refused("snapshots", [](Program& p, std::size_t n) { p.snapshots.resize(n, p.snapshots[0]); });
}

TEST_CASE("a machine past its state or transition limit, or a blend past an hour, is refused",
          "[vm][verifier][limits]") {
  test::VmRig rig;
  // Every state is a scope, and the root is one too, so the scope table fills first.
  CHECK(VerifyProgram(MachineProgram(rig, kMaxTableEntries - 1, 2)).ok());
  CHECK_THAT(VerifyProgram(MachineProgram(rig, kMaxTableEntries, 2)).error,
             Equals(LimitError("scopes", kMaxTableEntries + 1, kMaxTableEntries)));
  CHECK_THAT(VerifyProgram(MachineProgram(rig, kMaxStatesPerMachine + 1, 2, true)).error,
             Equals("machine 'big' has 65536 states; the format allows at most 65535"));
  CHECK(VerifyProgram(MachineProgram(rig, 2, kMaxTransitionsPerMachine)).ok());
  CHECK_THAT(VerifyProgram(MachineProgram(rig, 2, kMaxTransitionsPerMachine + 1)).error,
             Equals("machine 'big' has 65536 transitions; the format allows at most 65535"));

  Program p = MachineProgram(rig, 2, 1);
  p.machines[0].transitions[0].duration = 1.9e19f;
  CHECK_THAT(VerifyProgram(p).error,
             Equals("transition 0 of machine 'big': duration must be between 0 and 3600 seconds"));
  p.machines[0].transitions[0].duration = kMaxTransitionSeconds;
  CHECK(VerifyProgram(p).ok());
  p.machines[0].transitions[0].half_life = 4000.0f;
  CHECK_THAT(VerifyProgram(p).error,
             Equals("transition 0 of machine 'big': half-life must be between 0 and 3600 seconds"));
}

TEST_CASE("a program past the pose instruction limit is refused", "[vm][verifier][limits]") {
  test::VmRig rig;
  test::ProgramBuilder b(rig.skeleton);
  const uint16_t p = b.PoseRegister();
  for (int i = 0; i <= kMaxPoseInstructions; ++i)
    b.Emit(Opcode::ReferencePose, {p});
  b.Emit(Opcode::Output, {p, 0, kNoOperand});
  CHECK_THAT(VerifyProgram(b.program).error, Equals("the program has more than 32766 pose instructions"));
}

TEST_CASE("a machine of 32,769 transitions fires the last one and consumes nothing out of bounds",
          "[vm][limits][regression]") {
  test::VmRig rig;
  const Program program = MachineProgram(rig, 2, 32769);
  const ProgramBinding binding = test::BindOrThrow(program, rig);
  AnimInstance instance(program);
  AnimTaskList list;
  for (int frame = 0; frame < 3; ++frame)
    BuildTasks(binding, instance, 1.0f / 30.0f, list);
  CHECK(instance.machines[0].last_transition == 32768);
  CHECK(instance.machines[0].current == 1);
}

TEST_CASE("binding a machine of 65,534 states and 65,535 transitions costs their sum, not their product",
          "[vm][limits][regression]") {
  // States times transitions would be 4.3e9 list entries; the binding keeps one list per state of
  // the transitions leaving it and one list of any-state transitions.
  test::VmRig rig;
  Program program = MachineProgram(rig, kMaxTableEntries - 1, kMaxTransitionsPerMachine);
  for (std::size_t t = 0; t < program.machines[0].transitions.size(); t += 2)
    program.machines[0].transitions[t].from = kNoOperand;  // half of them from any state
  const ProgramBinding binding = test::BindOrThrow(program, rig);
  std::size_t candidates = 0;
  binding.FirstTransition(0, 0, [&](uint16_t) {
    ++candidates;
    return false;
  });
  CHECK(candidates == kMaxTransitionsPerMachine);  // every one goes to state 1: none re-enters state 0
  AnimInstance instance(program);
  AnimTaskList list;
  BuildTasks(binding, instance, 1.0f / 30.0f, list);
  BuildTasks(binding, instance, 1.0f / 30.0f, list);
  CHECK(instance.machines[0].current == 1);
}

}  // namespace anim
