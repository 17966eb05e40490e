// Crossfade transitions on compiled graphs: the state being left keeps running and recording while
// its weight falls, the machine's task fades from its pose to the incoming one along the curve, the
// left state stops (and winds back) when the fade ends, and a crossfade that interrupts a blend
// fades from the output frozen at the seam instead.
#include <catch2/catch.hpp>

#include <string>

#include "tests/vm_graphs/compiled_rig.h"

using namespace anim;

namespace {

const char* kMachine = R"(parameters: {go: {type: bool}, back: {type: bool}}
nodes:
  m:
    kind: state_machine
    initial: idle
    states:
      idle: {kind: clip, clip: idle}
      walk: {kind: clip, clip: walk}
      air: {kind: clip, clip: jump}
    transitions:
      - {from: idle, to: walk, condition: go, duration: 0.4, blend: crossfade, curve: smoothstep, can_interrupt: true}
      - {from: walk, to: air, condition: back, duration: 0.3, blend: crossfade}
output: {pose: m}
)";

const AnimTask& MachineTask(const test::Rig& rig) {
  for (const AnimTask& t : rig.list.tasks)
    if (t.type == AnimTaskType::Crossfade) return t;
  FAIL("no Crossfade task");
  return rig.list.tasks[0];
}

TEST_CASE("a crossfade keeps the state it leaves running until its weight reaches 0",
          "[vm][compiled][crossfade]") {
  auto rig = test::Rig::Compile(kMachine);
  for (int i = 0; i < 3; ++i)
    rig->Step(0.1f);
  const float idle_before = rig->Sampled("idle").time;
  CHECK(idle_before == Approx(0.2f));  // the first frame shows the start

  rig->instance->SetBool("go", true);
  rig->Step(0.1f);  // fires: elapsed 0, the output is the idle pose
  REQUIRE(rig->Current() == rig->State("walk"));
  const AnimTask& fire = MachineTask(*rig);
  CHECK((fire.flags & kTaskFlagCapture) != 0);
  CHECK((fire.flags & kTaskFlagApply) != 0);
  CHECK(fire.time == 0.0f);
  CHECK(fire.alpha == Approx(0.4f));
  CHECK(fire.mode == static_cast<uint8_t>(FadeCurve::Smoothstep));
  CHECK(rig->list.tasks[static_cast<std::size_t>(fire.dep_b)].type == AnimTaskType::SampleClip);
  CHECK(rig->list.tasks[static_cast<std::size_t>(fire.dep_b)].resource == rig->Sampled("idle").resource);
  CHECK(rig->Sampled("idle").time == Approx(0.3f));  // still advancing
  CHECK(rig->Sampled("walk").time == 0.0f);          // entering: the start
  CHECK(rig->NodeReachable("m.states.idle"));

  for (int frame = 1; frame <= 3; ++frame) {
    rig->Step(0.1f);
    const AnimTask& fade = MachineTask(*rig);
    INFO("frame " << frame << " of the fade");
    CHECK((fade.flags & kTaskFlagCapture) == 0);
    CHECK((fade.flags & kTaskFlagApply) != 0);
    CHECK(fade.time == Approx(0.1f * static_cast<float>(frame)));
    CHECK(fade.dep_b != AnimTask::NoTask);
    CHECK(rig->Sampled("idle").time == Approx(0.3f + 0.1f * static_cast<float>(frame)));
    CHECK(rig->NodeReachable("m.states.idle"));
  }

  rig->Step(0.1f);  // 0.4 s in: the fade is over, idle stops and winds back
  const AnimTask& done = MachineTask(*rig);
  CHECK((done.flags & kTaskFlagApply) == 0);
  CHECK(done.dep_b == AnimTask::NoTask);
  CHECK(rig->Sampled("idle").time == 0.0f);
  CHECK_FALSE(rig->NodeReachable("m.states.idle"));
  CHECK(rig->NodeReachable("m.states.walk"));
}

TEST_CASE("a crossfade that interrupts a blend fades from the output frozen at the seam",
          "[vm][compiled][crossfade]") {
  auto rig = test::Rig::Compile(kMachine);
  rig->Step(0.1f);
  rig->instance->SetBool("go", true);
  rig->Step(0.1f);  // idle -> walk, live
  rig->Step(0.1f);
  REQUIRE(MachineTask(*rig).dep_b != AnimTask::NoTask);
  rig->instance->SetBool("back", true);
  rig->Step(0.1f);  // walk -> air while idle -> walk still fades (it may be interrupted)
  REQUIRE(rig->Current() == rig->State("air"));
  const AnimTask& frozen = MachineTask(*rig);
  CHECK((frozen.flags & kTaskFlagCapture) != 0);
  CHECK(frozen.dep_b == AnimTask::NoTask);
  CHECK(frozen.alpha == Approx(0.3f));
  CHECK(frozen.mode == static_cast<uint8_t>(FadeCurve::Linear));
  // Neither state left runs on: walk stops as the current state changes, idle with the old fade.
  CHECK_FALSE(rig->NodeReachable("m.states.idle"));
  CHECK_FALSE(rig->NodeReachable("m.states.walk"));
  CHECK(rig->Sampled("idle").time == 0.0f);
}

TEST_CASE("a curve on a transition that is not a crossfade is refused where it is written",
          "[vm][compiled][crossfade]") {
  DiagnosticSink diagnostics;
  const std::optional<CompiledGraph> g =
      ParseGraph(std::string(test::kHumanoidHeader) + R"(nodes:
  m:
    kind: state_machine
    initial: a
    states: {a: {kind: clip, clip: idle}, b: {kind: clip, clip: walk}}
    transitions: [{from: a, to: b, condition: "true", curve: cubic}]
output: {pose: m}
)",
                 "test.yaml", std::string(ANIMTC_SOURCE_DIR) + "/samples", diagnostics);
  CHECK_FALSE(g);
  CHECK(FormatText(diagnostics) ==
        "test.yaml:10:62: error[E029]: 'curve' of 'transitions'[0] of state machine 'm' shapes crossfades "
        "only; this transition blends by inertialize (add 'blend: crossfade')\n");
}

}  // namespace
