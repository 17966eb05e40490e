// Frame semantics (docs/semantics.md) on small hand-built programs: clocks, transitions, triggers,
// nesting, blends, reachability, version mismatch and the fallback output.
#include <catch2/catch.hpp>

#include <algorithm>

#include <cstring>
#include <string>

#include "tests/vm/vm_runner_fixture.h"
#include "vm/bytecode/program_loader.h"
#include "vm/bytecode/program_verifier.h"

namespace anim {
namespace {

constexpr uint16_t kIdleClip = 0, kJumpClip = 2;

// A root machine "m" with states idle (looping idle clip) and jump (play-once jump clip, 0.5 s):
// idle -> jump while `jumping`, jump -> idle while not.
Program IdleJumpProgram(const test::VmRig& rig) {
  test::ProgramBuilder b(rig.skeleton);
  const uint16_t jumping = b.Param("jumping", ParamType::Bool);
  b.Clip("idle");
  b.Clip("walk");
  b.Clip("jump");
  const uint16_t m = b.Machine("m", 0, {"idle", "jump"});
  const uint16_t idle_clock = b.Clock(kIdleClip, b.StateScope(m, 0), true);
  const uint16_t jump_clock = b.Clock(kJumpClip, b.StateScope(m, 1), false);
  const uint16_t s_jumping = b.LoadParam(jumping);
  const uint16_t s_not = b.Scalar();
  b.Emit(Opcode::Not, {s_not, s_jumping});
  b.Transition(m, 0, 1, s_jumping, 0.0f);
  b.Transition(m, 1, 0, s_not, 0.0f);
  b.Emit(Opcode::MachineUpdate, {m});
  const uint16_t one = b.LoadConst(1.0f);
  b.Emit(Opcode::SampleClip, {b.StatePose(m, 0), idle_clock, one}, "idle_player");
  b.Emit(Opcode::SampleClip, {b.StatePose(m, 1), jump_clock, one}, "jump_player");
  const uint16_t out = b.PoseRegister();
  b.Emit(Opcode::MachineRecord, {out, m}, "m");
  b.Emit(Opcode::Output, {out, 0, kNoOperand}, "out");
  return b.program;
}

float JumpTime(const test::VmStepper& vm) {
  return vm.list.tasks[static_cast<std::size_t>(vm.Find(AnimTaskType::SampleClip, kJumpClip))].time;
}

TEST_CASE("a play-once clip replays from its start every time its state is re-entered", "[vm][semantics]") {
  test::VmRig rig;
  test::VmStepper vm(rig, IdleJumpProgram(rig));
  const float dt = 0.125f;
  for (int cycle = 0; cycle < 2; ++cycle) {
    vm.instance.SetBool("jumping", true);
    vm.Step(dt);  // enters jump: the entering frame shows the start
    CHECK(vm.instance.machines[0].current == 1);
    CHECK(JumpTime(vm) == 0.0f);
    CHECK_FALSE(vm.instance.clocks[1].finished);
    vm.Step(dt);
    CHECK(JumpTime(vm) == dt);
    for (int i = 0; i < 6; ++i)
      vm.Step(dt);
    CHECK(JumpTime(vm) == 0.5f);  // clamped at the end
    CHECK(vm.instance.clocks[1].finished);
    vm.instance.SetBool("jumping", false);
    vm.Step(dt);
    CHECK(vm.instance.machines[0].current == 0);
    CHECK(JumpTime(vm) == 0.0f);  // wound back while the state is inactive
    CHECK_FALSE(vm.instance.clocks[1].finished);
    vm.Step(dt);
  }
}

TEST_CASE("a looping clock wraps and restarts when its state is re-entered", "[vm][semantics]") {
  test::VmRig rig;
  test::VmStepper vm(rig, IdleJumpProgram(rig));
  vm.Step(0.25f);  // first frame: the root is entering, the idle clock shows its start
  CHECK(vm.list.tasks[static_cast<std::size_t>(vm.Find(AnimTaskType::SampleClip, kIdleClip))].time == 0.0f);
  for (int i = 0; i < 5; ++i)
    vm.Step(0.25f);
  CHECK(vm.instance.clocks[0].time == Approx(0.25f));  // 1.25 s into a 1 s loop
}

TEST_CASE("a time-in-state transition fires after its dwell and not before", "[vm][semantics]") {
  test::VmRig rig;
  test::ProgramBuilder b(rig.skeleton);
  const uint16_t m = b.Machine("m", 0, {"a", "b"});
  const uint16_t tis = b.Scalar(), dwell = b.LoadConst(0.5f), cond = b.Scalar();
  b.Emit(Opcode::TimeInState, {tis, m});
  b.Emit(Opcode::GreaterEqual, {cond, tis, dwell});
  b.Transition(m, 0, 1, cond);
  b.Emit(Opcode::MachineUpdate, {m});
  b.Emit(Opcode::ReferencePose, {b.StatePose(m, 0)});
  b.Emit(Opcode::ReferencePose, {b.StatePose(m, 1)});
  const uint16_t after = b.Scalar(), out = b.PoseRegister();
  b.Emit(Opcode::TimeInState, {after, m});
  b.Emit(Opcode::MachineRecord, {out, m});
  b.Emit(Opcode::Output, {out, 0, kNoOperand});
  test::VmStepper vm(rig, b.program);

  const float dt = 0.125f;
  for (int frame = 0; frame < 5; ++frame) {
    vm.Step(dt);
    INFO("frame " << frame);
    CHECK(vm.instance.machines[0].current == 0);
    CHECK(vm.instance.machines[0].time_in_state ==
          dt * static_cast<float>(frame));  // 0 on the entering frame
    // Read after the update too, time_in_state is what the previous frame left (latched).
    CHECK(vm.instance.scalars[after] == dt * static_cast<float>(std::max(frame - 1, 0)));
  }
  vm.Step(dt);  // the condition reads the 0.5 s the previous frame left
  CHECK(vm.instance.machines[0].current == 1);
  CHECK(vm.instance.machines[0].fired);
  CHECK(vm.instance.machines[0].time_in_state == 0.0f);
  vm.Step(dt);
  CHECK(vm.instance.machines[0].time_in_state == dt);
}

TEST_CASE("a nested machine keeps its state while its owner state is inactive, only clocks rewind",
          "[vm][semantics]") {
  test::VmRig rig;
  test::VmStepper vm(rig, test::FullProgram(rig));
  const float dt = 1.0f / 30.0f;
  vm.instance.SetFloat("speed", 2.0f);
  vm.Step(dt);
  REQUIRE(vm.instance.machines[0].current == 1);  // loco: move
  vm.instance.FireTrigger("jump");
  vm.Step(dt);
  REQUIRE(vm.instance.machines[1].current == 1);  // move_sm: jump
  for (int i = 0; i < 8; ++i)
    vm.Step(dt);  // past loco's 0.2 s blend, which cannot be interrupted
  CHECK(vm.instance.clocks[2].time > 0.0f);

  vm.instance.SetFloat("speed", 0.0f);
  for (int i = 0; i < 12; ++i) {  // past the 0.3 s dead blend back to idle
    vm.Step(dt);
    CHECK(vm.instance.machines[0].current == 0);  // loco: idle
    CHECK(vm.instance.machines[1].current == 1);  // still jump
    CHECK(vm.instance.clocks[2].time == 0.0f);    // but its clock is wound back
  }
  const float frozen = vm.instance.machines[1].time_in_state;
  vm.instance.SetFloat("speed", 2.0f);
  vm.Step(dt);
  CHECK(vm.instance.machines[0].current == 1);
  CHECK(vm.instance.machines[1].current == 1);             // not reset to its initial state
  CHECK(vm.instance.machines[1].time_in_state == frozen);  // re-entry frame: time stands still
  CHECK(vm.list.tasks[static_cast<std::size_t>(vm.Find(AnimTaskType::SampleClip, kJumpClip))].time == 0.0f);
  vm.Step(dt);
  CHECK(vm.instance.clocks[2].time == Approx(dt));
}

TEST_CASE("inactive states' tasks are recorded but unreachable", "[vm][semantics]") {
  test::VmRig rig;
  test::VmStepper vm(rig, test::FullProgram(rig));
  vm.Step(1.0f / 30.0f);  // loco stays idle
  const int idle = vm.Find(AnimTaskType::SampleClip, kIdleClip);
  const int walk = vm.Find(AnimTaskType::SampleClip, 1);
  const int jump = vm.Find(AnimTaskType::SampleClip, kJumpClip);
  REQUIRE(idle >= 0);
  REQUIRE(walk >= 0);
  REQUIRE(jump >= 0);
  CHECK(vm.snapshot.tasks[static_cast<std::size_t>(idle)].reachable);
  CHECK_FALSE(vm.snapshot.tasks[static_cast<std::size_t>(jump)].reachable);
  // The walk clip also feeds the additive lean, whose weight is the crouch parameter: at 0 the
  // additive is pruned, and the walk clip with it; crouching, it is reachable through that layer.
  CHECK_FALSE(vm.snapshot.tasks[static_cast<std::size_t>(walk)].reachable);
  const int lean = vm.Find(AnimTaskType::MakeAdditive);
  REQUIRE(lean >= 0);
  CHECK(vm.snapshot.tasks[static_cast<std::size_t>(lean)].pruned_by == vm.Find(AnimTaskType::ApplyAdditive));
  REQUIRE(vm.instance.SetBool("crouch", true));
  vm.Step(1.0f / 30.0f);
  CHECK(vm.snapshot.tasks[static_cast<std::size_t>(walk)].reachable);
  // Each machine records exactly one task, over its current state's pose only.
  int machine_tasks = 0;
  for (const AnimTask& t : vm.list.tasks)
    machine_tasks += t.type == AnimTaskType::Inertialize;
  CHECK(machine_tasks == 2);
  const int loco_task = vm.Find(AnimTaskType::Inertialize, 0);
  REQUIRE(loco_task >= 0);
  CHECK(vm.list.tasks[static_cast<std::size_t>(loco_task)].dep_a == idle);
  const int nested_task = vm.Find(AnimTaskType::Inertialize, 1);
  CHECK_FALSE(vm.snapshot.tasks[static_cast<std::size_t>(nested_task)].reachable);
}

TEST_CASE("tasks name their graph node through the binding's node table", "[vm][semantics]") {
  test::VmRig rig;
  test::VmStepper vm(rig, test::FullProgram(rig));
  vm.Step(0.1f);
  const AnimTask& idle =
      vm.list.tasks[static_cast<std::size_t>(vm.Find(AnimTaskType::SampleClip, kIdleClip))];
  REQUIRE(idle.source_node >= 0);
  CHECK(vm.binding.node_names()[static_cast<std::size_t>(idle.source_node)] == "idle_player");
  const AnimTask& save = vm.list.tasks[static_cast<std::size_t>(vm.list.output_task)];
  CHECK(save.type == AnimTaskType::SavePoseSnapshot);
  CHECK(vm.binding.node_names()[static_cast<std::size_t>(save.source_node)] == "last_save");
  CHECK(vm.list.lock_root);
  CHECK(vm.list.root_bone == 0);
}

// Machine "m": a -> b on trigger t, b -> c on trigger t; both consume it.
Program TriggerProgram(const test::VmRig& rig, bool second_consumes = true) {
  test::ProgramBuilder b(rig.skeleton);
  const uint16_t t = b.Param("t", ParamType::Trigger);
  const uint16_t m = b.Machine("m", 0, {"a", "b", "c"});
  const uint16_t s_t = b.LoadParam(t);
  b.Transition(m, 0, 1, s_t, 0.0f).consumed_triggers = {t};
  if (second_consumes)
    b.Transition(m, 1, 2, s_t, 0.0f).consumed_triggers = {t};
  else
    b.Transition(m, 1, 2, s_t, 0.0f);
  b.Emit(Opcode::MachineUpdate, {m});
  for (uint16_t s = 0; s < 3; ++s)
    b.Emit(Opcode::ReferencePose, {b.StatePose(m, s)});
  const uint16_t out = b.PoseRegister();
  b.Emit(Opcode::MachineRecord, {out, m});
  b.Emit(Opcode::Output, {out, 0, kNoOperand});
  return b.program;
}

TEST_CASE("a trigger fires one transition and is consumed", "[vm][semantics]") {
  test::VmRig rig;
  test::VmStepper vm(rig, TriggerProgram(rig));
  vm.Step(0.1f);
  CHECK(vm.instance.machines[0].current == 0);
  REQUIRE(vm.instance.FireTrigger("t"));
  vm.Step(0.1f);
  CHECK(vm.instance.machines[0].current == 1);
  CHECK(vm.instance.param_value(0) == 0.0f);
  vm.Step(0.1f);
  vm.Step(0.1f);
  CHECK(vm.instance.machines[0].current == 1);  // consumed: b -> c does not fire on the same press
  vm.instance.FireTrigger("t");
  vm.Step(0.1f);
  CHECK(vm.instance.machines[0].current == 2);
}

TEST_CASE("a trigger no firing transition consumes stays set", "[vm][semantics]") {
  test::VmRig rig;
  test::VmStepper vm(rig, TriggerProgram(rig, false));
  vm.instance.FireTrigger("t");
  vm.Step(0.1f);
  CHECK(vm.instance.machines[0].current == 1);
  vm.Step(0.1f);  // consumed by a -> b: stays in b
  CHECK(vm.instance.machines[0].current == 1);
  vm.instance.FireTrigger("t");
  vm.Step(0.1f);
  CHECK(vm.instance.machines[0].current == 2);  // b -> c does not consume it
  CHECK(vm.instance.param_value(0) == 1.0f);
}

// a <-> b on two bool parameters; a -> b blends for 0.5 s, optionally interruptible.
Program BlendProgram(const test::VmRig& rig, bool can_interrupt, BlendMode mode) {
  test::ProgramBuilder b(rig.skeleton);
  const uint16_t go = b.Param("go", ParamType::Bool), back = b.Param("back", ParamType::Bool);
  const uint16_t m = b.Machine("m", 0, {"a", "b"});
  const uint16_t s_go = b.LoadParam(go), s_back = b.LoadParam(back);
  TransitionDesc& t = b.Transition(m, 0, 1, s_go, 0.5f);
  t.can_interrupt = can_interrupt;
  t.mode = mode;
  t.half_life = 0.07f;
  b.Transition(m, 1, 0, s_back, 0.25f);
  b.Emit(Opcode::MachineUpdate, {m});
  b.Emit(Opcode::ReferencePose, {b.StatePose(m, 0)});
  b.Emit(Opcode::ReferencePose, {b.StatePose(m, 1)});
  const uint16_t out = b.PoseRegister();
  b.Emit(Opcode::MachineRecord, {out, m});
  b.Emit(Opcode::Output, {out, 0, kNoOperand});
  return b.program;
}

TEST_CASE("a blend that cannot be interrupted holds off transitions until it ends", "[vm][semantics]") {
  test::VmRig rig;
  const float dt = 0.125f;
  SECTION("not interruptible") {
    test::VmStepper vm(rig, BlendProgram(rig, false, BlendMode::Inertialize));
    vm.instance.SetBool("go", true);
    vm.Step(dt);
    const AnimTask& start = vm.list.tasks[static_cast<std::size_t>(vm.list.output_task)];
    CHECK(start.type == AnimTaskType::Inertialize);
    CHECK(start.flags == (kTaskFlagCapture | kTaskFlagApply));
    CHECK(start.time == 0.0f);
    CHECK(start.alpha == 0.5f);
    vm.instance.SetBool("go", false);
    vm.instance.SetBool("back", true);
    for (int frame = 1; frame <= 4; ++frame) {
      vm.Step(dt);
      INFO("frame " << frame);
      CHECK(vm.instance.machines[0].current == 1);
    }
    CHECK_FALSE(vm.instance.machines[0].blend_active);  // elapsed reached 0.5 on frame 4
    CHECK(vm.list.tasks[static_cast<std::size_t>(vm.list.output_task)].flags == 0);
    vm.Step(dt);
    CHECK(vm.instance.machines[0].current == 0);
  }
  SECTION("interruptible") {
    test::VmStepper vm(rig, BlendProgram(rig, true, BlendMode::Inertialize));
    vm.instance.SetBool("go", true);
    vm.Step(dt);
    vm.instance.SetBool("go", false);
    vm.instance.SetBool("back", true);
    vm.Step(dt);
    CHECK(vm.instance.machines[0].current == 0);
    CHECK(vm.instance.machines[0].blend_duration == 0.25f);
  }
  SECTION("dead blend transitions record a DeadBlend task with the half-life") {
    test::VmStepper vm(rig, BlendProgram(rig, false, BlendMode::DeadBlend));
    vm.instance.SetBool("go", true);
    vm.Step(dt);
    vm.Step(dt);
    const AnimTask& task = vm.list.tasks[static_cast<std::size_t>(vm.list.output_task)];
    CHECK(task.type == AnimTaskType::DeadBlend);
    CHECK(task.flags == kTaskFlagApply);
    CHECK(task.time == dt);
    CHECK(task.aux == 0.07f);
  }
}

TEST_CASE("an any-state transition never re-enters the current state, an explicit self transition does",
          "[vm][semantics]") {
  test::VmRig rig;
  test::ProgramBuilder b(rig.skeleton);
  const uint16_t m = b.Machine("m", 0, {"a"});
  const uint16_t clock = b.Clock(b.Clip("idle"), b.StateScope(m, 0), true);
  const uint16_t yes = b.LoadConst(1.0f), self = b.LoadParam(b.Param("self", ParamType::Bool));
  b.Transition(m, kNoOperand, 0, yes);
  b.Transition(m, 0, 0, self);
  b.Emit(Opcode::MachineUpdate, {m});
  b.Emit(Opcode::SampleClip, {b.StatePose(m, 0), clock, yes});
  b.Emit(Opcode::Output, {b.StatePose(m, 0), 0, kNoOperand});
  test::VmStepper vm(rig, b.program);
  for (int i = 0; i < 3; ++i)
    vm.Step(0.1f);
  CHECK_FALSE(vm.instance.machines[0].fired);
  CHECK(vm.instance.clocks[0].time == Approx(0.2f));
  vm.instance.SetBool("self", true);
  vm.Step(0.1f);
  CHECK(vm.instance.machines[0].fired);
  CHECK(vm.instance.machines[0].last_transition == 1);
  CHECK(vm.instance.clocks[0].time == 0.0f);  // re-entering restarts the state's clocks
}

TEST_CASE("an owner state's self transition restarts its nested machine's current state", "[vm][semantics]") {
  test::VmRig rig;
  test::ProgramBuilder b(rig.skeleton);
  const uint16_t outer = b.Machine("outer", 0, {"a"});
  const uint16_t inner = b.Machine("inner", b.StateScope(outer, 0), {"x"});
  const uint16_t clock = b.Clock(b.Clip("idle"), b.StateScope(inner, 0), true);
  const uint16_t one = b.LoadConst(1.0f), restart = b.LoadParam(b.Param("restart", ParamType::Bool));
  b.Transition(outer, 0, 0, restart);
  b.Emit(Opcode::MachineUpdate, {outer});
  b.Emit(Opcode::MachineUpdate, {inner});
  b.Emit(Opcode::SampleClip, {b.StatePose(inner, 0), clock, one});
  b.Emit(Opcode::MachineRecord, {b.StatePose(outer, 0), inner});
  const uint16_t out = b.PoseRegister();
  b.Emit(Opcode::MachineRecord, {out, outer});
  b.Emit(Opcode::Output, {out, 0, kNoOperand});
  test::VmStepper vm(rig, b.program);

  for (int i = 0; i < 3; ++i)
    vm.Step(0.1f);
  REQUIRE(vm.instance.clocks[0].time == Approx(0.2f));
  const float inner_time = vm.instance.machines[inner].time_in_state;
  REQUIRE(inner_time == Approx(0.2f));

  vm.instance.SetBool("restart", true);
  vm.Step(0.1f);
  CHECK(vm.instance.machines[outer].fired);
  // The nested machine takes no transition, but its current state is entered with its owner: its
  // clock restarts and its time in state stands still, as on any frame a machine starts running.
  CHECK_FALSE(vm.instance.machines[inner].fired);
  CHECK(vm.instance.scopes[b.StateScope(inner, 0)].entering);
  CHECK(vm.instance.clocks[0].time == 0.0f);
  CHECK(vm.instance.machines[inner].time_in_state == inner_time);

  vm.instance.SetBool("restart", false);
  vm.Step(0.1f);
  CHECK(vm.instance.clocks[0].time == Approx(0.1f));
  CHECK(vm.instance.machines[inner].time_in_state == Approx(inner_time + 0.1f));
}

TEST_CASE("a stale bytecode version shows the bind pose and warns exactly once", "[vm][semantics]") {
  test::VmRig rig;
  std::vector<uint8_t> bytes = test::WriteProgramForTest(test::FullProgram(rig));
  const uint32_t old_version = 0;
  std::memcpy(&bytes[4], &old_version, 4);
  const LoadResult loaded = LoadVerifiedProgram(bytes);
  REQUIRE(loaded.outcome == LoadOutcome::VersionMismatch);
  test::VmStepper vm(rig, loaded.program);
  std::vector<std::string> warnings;
  vm.instance.set_warning_callback(
      [](void* user, const char* message) {
        static_cast<std::vector<std::string>*>(user)->push_back(message);
      },
      &warnings);
  for (int i = 0; i < 5; ++i) {
    vm.Step(0.1f);
    REQUIRE(vm.list.tasks.size() == 1);
    CHECK(vm.list.tasks[0].type == AnimTaskType::ReferencePose);
    CHECK(vm.list.output_task == 0);
  }
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].find("version 0") != std::string::npos);
  CHECK(vm.instance.warnings_given() == 1);
  for (int bone = 0; bone < rig.skeleton.bone_count(); ++bone) {
    const Transform got = GetBoneTransform(vm.local.view(), bone);
    const Transform bind = rig.skeleton.bind_local(bone);
    CHECK(got.translation.y == bind.translation.y);
    CHECK(got.rotation.w == bind.rotation.w);
  }
}

TEST_CASE("a program without an output still leaves a valid output task", "[vm][semantics]") {
  test::VmRig rig;
  test::ProgramBuilder b(rig.skeleton);
  const uint16_t clock = b.Clock(b.Clip("walk"), 0, true);
  b.Emit(Opcode::SampleClip, {b.PoseRegister(), clock, b.LoadConst(1.0f)});
  test::VmStepper vm(rig, b.program);
  for (int i = 0; i < 2; ++i) {
    vm.Step(0.1f);
    REQUIRE(vm.list.tasks.size() == 2);
    CHECK(vm.list.output_task == 1);
    CHECK(vm.list.tasks[1].type == AnimTaskType::ReferencePose);
    CHECK_FALSE(vm.snapshot.tasks[0].reachable);
  }
  test::ProgramBuilder empty(rig.skeleton);
  test::VmStepper nothing(rig, empty.program);
  nothing.Step(0.1f);
  REQUIRE(nothing.list.tasks.size() == 1);
  CHECK(nothing.list.output_task == 0);
}

TEST_CASE("scalar maths: division by zero gives 0, non-finite results read as 0", "[vm][semantics]") {
  test::VmRig rig;
  test::ProgramBuilder b(rig.skeleton);
  const uint16_t big = b.LoadConst(3e38f), zero = b.LoadConst(0.0f), two = b.LoadConst(2.0f);
  const uint16_t div0 = b.Scalar(), overflow = b.Scalar(), smooth = b.Scalar(), remap = b.Scalar();
  b.Emit(Opcode::Div, {div0, two, zero});
  b.Emit(Opcode::Mul, {overflow, big, two});
  b.Emit(Opcode::Smoothstep, {smooth, zero, two, b.LoadConst(1.0f)});
  b.Emit(Opcode::Remap, {remap, two, zero, zero, two, big});
  test::VmStepper vm(rig, b.program);
  vm.Step(0.1f);
  CHECK(vm.instance.scalars[div0] == 0.0f);
  CHECK(vm.instance.scalars[overflow] == 0.0f);
  CHECK(vm.instance.scalars[smooth] == 0.5f);
  CHECK(vm.instance.scalars[remap] == 2.0f);  // in0 == in1 gives out0
}

TEST_CASE("parameters: defaults, ranges, types and names", "[vm][instance]") {
  test::VmRig rig;
  const Program p = test::FullProgram(rig);
  AnimInstance instance(p);
  CHECK(instance.param_value(instance.FindParameter("mode")) == 1.0f);
  CHECK(instance.SetFloat("speed", 25.0f));
  CHECK(instance.param_value(0) == 10.0f);  // clamped into [0, 10]
  CHECK(instance.SetFloat("mode", 2.6f));
  CHECK(instance.param_value(4) == 3.0f);  // ints round
  CHECK(instance.SetInt("speed", 4));
  CHECK(instance.param_value(0) == 4.0f);
  CHECK_FALSE(instance.SetFloat("crouch", 1.0f));  // a bool is not a number
  CHECK_FALSE(instance.FireTrigger("speed"));
  CHECK_FALSE(instance.SetFloat("sped", 1.0f));
  CHECK_FALSE(instance.SetFloat("speed", std::numeric_limits<float>::quiet_NaN()));
  CHECK(instance.param_value(0) == 4.0f);
  CHECK(instance.SetVec3("aim", 1, 2, 3));
  CHECK(instance.param_value(2, 2) == 3.0f);
  CHECK(instance.FireTrigger("jump"));
  CHECK(instance.param_value(1) == 1.0f);
  CHECK(instance.task_state.blends.size() == 2);
  CHECK(instance.task_state.snapshots.size() == 1);
}

}  // namespace
}  // namespace anim

namespace anim {
namespace {

// Samples the walk clip, saves it to slot 0 (reachable or not), loads slot 0 and outputs either the
// load or the walk pose directly.
Program SnapshotProgram(const test::VmRig& rig, bool output_save) {
  test::ProgramBuilder b(rig.skeleton);
  b.Clip("idle");
  const uint16_t clock = b.Clock(b.Clip("walk"), 0, true);
  const uint16_t slot = b.Snapshot("s");
  const uint16_t walk = b.PoseRegister(), saved = b.PoseRegister(), loaded = b.PoseRegister();
  const uint16_t one = b.LoadConst(1.0f);
  b.Emit(Opcode::LoadSnapshot, {loaded, slot});
  b.Emit(Opcode::SampleClip, {walk, clock, one});
  b.Emit(Opcode::SaveSnapshot, {saved, walk, slot});
  const uint16_t mix = b.PoseRegister();
  b.Emit(Opcode::Blend, {mix, loaded, saved, b.LoadConst(0.0f)});
  b.Emit(Opcode::Output, {output_save ? mix : walk, 0, kNoOperand});
  return b.program;
}

TEST_CASE("a snapshot save is visible to the next frame's load, an unreachable save does not run",
          "[vm][semantics]") {
  test::VmRig rig;
  SECTION("reachable save") {
    test::VmStepper vm(rig, SnapshotProgram(rig, true));
    vm.Step(0.1f);
    const int load = vm.Find(AnimTaskType::LoadPoseSnapshot);
    REQUIRE(load >= 0);
    CHECK(vm.snapshot.tasks[static_cast<std::size_t>(load)].reachable);
    CHECK(vm.instance.task_state.snapshots[0].saved);  // committed after the list ran
    const Pose first = vm.local;                       // alpha 0: the load, i.e. the bind pose
    CHECK(GetBoneTransform(first.view(), 1).rotation.w == rig.skeleton.bind_local(1).rotation.w);
    vm.Step(0.1f);  // the load now reads frame 0's saved walk pose
    const Transform loaded = GetBoneTransform(vm.local.view(), 1);
    CHECK(loaded.rotation.w != rig.skeleton.bind_local(1).rotation.w);
  }
  SECTION("unreachable save") {
    test::VmStepper vm(rig, SnapshotProgram(rig, false));
    vm.Step(0.1f);
    vm.Step(0.1f);
    const int save = vm.Find(AnimTaskType::SavePoseSnapshot);
    REQUIRE(save >= 0);
    CHECK_FALSE(vm.snapshot.tasks[static_cast<std::size_t>(save)].reachable);
    CHECK_FALSE(vm.instance.task_state.snapshots[0].saved);
  }
}

// physics_stage tags the task its source names (the later of two stages wins) and names that task
// itself: it records nothing. The verifier admits stages 1 and 2 only.
TEST_CASE("physics_stage tags its source's task and records none", "[vm][semantics]") {
  test::VmRig rig;
  test::ProgramBuilder b(rig.skeleton);
  const uint16_t clock = b.Clock(b.Clip("walk"), 0, true);
  const uint16_t walk = b.PoseRegister(), late = b.PoseRegister(), early = b.PoseRegister(),
                 mix = b.PoseRegister();
  b.Emit(Opcode::SampleClip, {walk, clock, b.LoadConst(1.0f)});
  b.Emit(Opcode::PhysicsStage, {late, walk, 2});
  b.Emit(Opcode::PhysicsStage, {early, walk, 1});
  b.Emit(Opcode::Blend, {mix, late, early, b.LoadConst(0.5f)});
  b.Emit(Opcode::Output, {mix, 0, kNoOperand});
  SECTION("recorded") {
    test::VmStepper vm(rig, b.program);
    vm.Step(0.1f);
    REQUIRE(vm.list.tasks.size() == 2);
    const AnimTask& blend = vm.list.tasks[1];
    CHECK(blend.dep_a == 0);
    CHECK(blend.dep_b == 0);
    CHECK(vm.list.tasks[0].stage == AnimTaskStage::PostPhysics);
    CHECK(blend.stage == AnimTaskStage::AnyStage);
  }
  SECTION("a stage that is not 1 or 2 is refused") {
    for (const uint16_t stage : {0, 3}) {
      Program p = b.program;
      for (const uint32_t at : InstructionStarts(p))
        if (p.code[at] == static_cast<uint16_t>(Opcode::PhysicsStage)) p.code[at + 3] = stage;
      CHECK_THAT(VerifyProgram(p).error, Catch::Matchers::Contains("stage must be 1 (pre-physics) or 2"));
    }
  }
}

}  // namespace
}  // namespace anim
