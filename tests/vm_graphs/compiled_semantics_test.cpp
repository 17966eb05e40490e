// VM semantics on compiled graphs (front end, back end and VM together, no hand-built lists):
// play-once clocks replay on re-entry, time-in-state dwell, nested machines keep their state,
// inactive states record but are unreachable, triggers fire one transition and are consumed,
// unknown parameters cannot compile, version mismatch, and a program without output.
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "tests/vm_graphs/compiled_rig.h"

using namespace anim;

using test::Rig;

TEST_CASE("a play-once clip replays when its state is re-entered", "[vm][compiled]") {
  auto rig = Rig::Compile(R"(parameters: {go: {type: bool}}
nodes:
  m:
    kind: state_machine
    initial: rest
    states: {rest: {kind: clip, clip: idle}, leap: {kind: clip, clip: jump, loop: false}}
    transitions:
      - {from: rest, to: leap, condition: "go", duration: 0.1}
      - {from: leap, to: rest, condition: "!go", duration: 0.1}
output: {pose: m}
)");
  rig->Step();
  rig->instance->SetBool("go", true);
  rig->Step();
  REQUIRE(rig->Current() == rig->State("leap"));
  REQUIRE(rig->Sampled("jump").time == 0.0f);  // the entering frame shows the start
  for (int i = 0; i < 20; ++i)
    rig->Step();  // 2 s: the 1.2 s jump has finished and holds
  REQUIRE(rig->Sampled("jump").time == Approx(rig->graph.clips[2].duration()));
  rig->instance->SetBool("go", false);
  rig->Step();
  REQUIRE(rig->Current() == rig->State("rest"));
  REQUIRE(rig->Sampled("jump").time == 0.0f);  // inactive: wound back
  rig->Step();                                 // the transition's blend ends; it cannot be interrupted before
  rig->instance->SetBool("go", true);
  rig->Step();
  REQUIRE(rig->Current() == rig->State("leap"));
  REQUIRE(rig->Sampled("jump").time == 0.0f);  // replays from the start
  rig->Step();
  REQUIRE(rig->Sampled("jump").time == Approx(0.1f));
}

TEST_CASE("a time-in-state transition fires after its dwell time and not before", "[vm][compiled]") {
  auto rig = Rig::Compile(R"(nodes:
  m:
    kind: state_machine
    initial: a
    states: {a: {kind: clip, clip: idle}, b: {kind: clip, clip: walk}}
    transitions: [{from: a, to: b, condition: "time_in_state >= 0.5", duration: 0.2}]
output: {pose: m}
)");
  // Frame 0 enters `a` (time in state 0); a condition reads the previous frame's value, so with
  // dt = 0.1 it first sees 0.5 on frame 6.
  for (int frame = 0; frame < 6; ++frame) {
    rig->Step(0.1f);
    INFO("frame " << frame);
    REQUIRE(rig->Current() == rig->State("a"));
  }
  rig->Step(0.1f);
  REQUIRE(rig->Current() == rig->State("b"));
  REQUIRE(rig->instance->machines[0].time_in_state == 0.0f);
}

TEST_CASE("a nested machine keeps its state while its owner state is inactive", "[vm][compiled]") {
  auto rig = Rig::Compile(R"(parameters: {inner_go: {type: bool}, outer_go: {type: bool}}
nodes:
  inner:
    kind: state_machine
    initial: x
    states: {x: {kind: clip, clip: idle}, y: {kind: clip, clip: walk}}
    transitions:
      - {from: x, to: y, condition: "inner_go", duration: 0.1}
      - {from: y, to: x, condition: "!inner_go", duration: 0.1}
  outer:
    kind: state_machine
    initial: a
    states: {a: inner, b: {kind: clip, clip: jump}}
    transitions:
      - {from: a, to: b, condition: "outer_go", duration: 0.1}
      - {from: b, to: a, condition: "!outer_go", duration: 0.1}
output: {pose: outer}
)");
  const int outer = rig->program.machines[0].name == "outer" ? 0 : 1;
  const int inner = 1 - outer;
  rig->instance->SetBool("inner_go", true);
  for (int i = 0; i < 3; ++i)
    rig->Step();
  REQUIRE(rig->Current(inner) == rig->State("y", inner));
  rig->instance->SetBool("outer_go", true);
  rig->Step();
  REQUIRE(rig->Current(outer) == rig->State("b", outer));
  rig->instance->SetBool("inner_go", false);  // would send the inner machine back to x, were it running
  for (int i = 0; i < 5; ++i)
    rig->Step();
  REQUIRE(rig->Current(inner) == rig->State("y", inner));  // frozen, not reset
  REQUIRE_FALSE(rig->NodeReachable("outer.states.b") == false);
  REQUIRE_FALSE(rig->NodeReachable("inner.states.y"));  // recorded, unreachable
  rig->instance->SetBool("inner_go", true);
  rig->instance->SetBool("outer_go", false);
  rig->Step();
  REQUIRE(rig->Current(outer) == rig->State("a", outer));
  REQUIRE(rig->Current(inner) == rig->State("y", inner));  // resumed where it was
  REQUIRE(rig->NodeReachable("inner.states.y"));
}

TEST_CASE("an inactive state's tasks are recorded but unreachable", "[vm][compiled]") {
  auto rig = Rig::Compile(R"(nodes:
  m:
    kind: state_machine
    initial: a
    states:
      a: {kind: clip, clip: idle}
      b: {kind: blend, a: {kind: clip, clip: walk}, b: {kind: clip, clip: jump}, alpha: 0.5}
    transitions: [{from: a, to: b, condition: "false", duration: 0.1}]
output: {pose: m}
)");
  rig->Step();
  REQUIRE(rig->NodeReachable("m.states.a"));
  REQUIRE_FALSE(rig->NodeReachable("m.states.b"));
  REQUIRE_FALSE(rig->NodeReachable("m.states.b.a"));
  REQUIRE_FALSE(rig->NodeReachable("m.states.b.b"));
  REQUIRE(rig->snapshot.reachable_count == 2);  // the idle sample and the machine's Inertialize
}

TEST_CASE("a trigger fires one transition and is consumed", "[vm][compiled]") {
  auto rig = Rig::Compile(R"(parameters: {hop: {type: trigger}}
nodes:
  m:
    kind: state_machine
    initial: a
    states: {a: {kind: clip, clip: idle}, b: {kind: clip, clip: walk}}
    transitions:
      - {from: a, to: b, condition: "hop", duration: 0.1}
      - {from: b, to: a, condition: "hop", duration: 0.1}
output: {pose: m}
)");
  rig->Step();
  REQUIRE(rig->instance->FireTrigger("hop"));
  rig->Step();
  REQUIRE(rig->Current() == rig->State("b"));
  REQUIRE(rig->instance->param_value(rig->instance->FindParameter("hop")) == 0.0f);
  for (int i = 0; i < 5; ++i)
    rig->Step();
  REQUIRE(rig->Current() == rig->State("b"));  // consumed: it did not also fire b -> a
  rig->instance->FireTrigger("hop");
  rig->Step();
  REQUIRE(rig->Current() == rig->State("a"));
}

TEST_CASE("a condition naming an unknown parameter cannot compile", "[vm][compiled]") {
  DiagnosticSink diagnostics;
  const std::optional<CompiledGraph> g =
      ParseGraph(std::string(test::kHumanoidHeader) + R"(parameters: {speed: {type: float}}
nodes:
  m:
    kind: state_machine
    initial: a
    states: {a: {kind: clip, clip: idle}, b: {kind: clip, clip: walk}}
    transitions: [{from: a, to: b, condition: "sped > 1", duration: 0.1}]
output: {pose: m}
)",
                 "test.yaml", std::string(ANIMTC_SOURCE_DIR) + "/samples", diagnostics);
  REQUIRE_FALSE(g);
  REQUIRE(FormatText(diagnostics).find("error[E004]: unknown parameter 'sped'") != std::string::npos);
}

TEST_CASE("a program of another version shows the bind pose and warns once", "[vm][compiled]") {
  auto rig = Rig::Compile("nodes: {a: {kind: clip, clip: walk}}\noutput: {pose: a}\n");
  rig->program.version = kAnimBytecodeVersion + 1;
  rig->Bind();
  int warnings = 0;
  rig->instance->set_warning_callback([](void* user, const char*) { ++*static_cast<int*>(user); }, &warnings);
  Pose local;
  for (int i = 0; i < 10; ++i) {
    BuildTasks(*rig->binding, *rig->instance, 0.1f, rig->list);
    REQUIRE(rig->list.tasks.size() == 1);
    REQUIRE(rig->list.tasks[0].type == AnimTaskType::ReferencePose);
    REQUIRE(rig->list.output_task == 0);
    ExecuteTaskList(rig->list, {.local_pose = &local});
    for (int b = 0; b < local.bone_count(); ++b)
      REQUIRE(local.Get(b) == rig->graph.skeleton.bind_local(b));
  }
  REQUIRE(warnings == 1);
  REQUIRE(rig->instance->warnings_given() == 1);
}

TEST_CASE("a program without an output instruction still leaves a valid output task", "[vm][compiled]") {
  auto rig = Rig::Compile("nodes: {a: {kind: clip, clip: walk}}\noutput: {pose: a}\n");
  // Overwrite the output instruction (opcode and its three operands) with nops.
  std::vector<uint16_t>& code = rig->program.code;
  bool removed = false;
  for (std::size_t at = 0; at < code.size();) {
    const OpcodeInfo* info = FindOpcode(code[at]);
    REQUIRE(info != nullptr);
    if (info->opcode == Opcode::Output) {
      for (int w = 0; w <= info->operand_count; ++w)
        code[at + w] = static_cast<uint16_t>(Opcode::Nop);
      removed = true;
      break;
    }
    at += 1 + info->operand_count;
  }
  REQUIRE(removed);
  rig->program.debug.clear();
  rig->Bind();
  rig->Step();
  REQUIRE(rig->list.output_task >= 0);
  REQUIRE(rig->list.output_task < static_cast<int>(rig->list.tasks.size()));
  REQUIRE(rig->list.tasks[rig->list.output_task].type == AnimTaskType::ReferencePose);
}
