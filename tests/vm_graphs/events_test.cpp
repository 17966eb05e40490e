// Events on compiled graphs: clip events fire once for every frame that crosses them, across
// wrap-around, with a frame longer than the clip, going backwards and on a play-once clip; windows
// begin and end; states fire on_enter, on_exit and on_fully_blended and transitions their event,
// in the canonical order; weights and thresholds filter the events of nearly silent branches; and
// direct evaluation fires the same events, which validation compares.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "compiler/scenario/scenario_reader.h"
#include "compiler/validate/validate.h"
#include "tests/vm_graphs/compiled_rig.h"

using namespace anim;

namespace {

// The names of the events the last frame fired, "name" or "name:begin" / "name:end".
std::vector<std::string> Fired(const test::Rig& rig) {
  std::vector<std::string> out;
  for (const FiredEvent& e : rig.instance->events) {
    std::string name = rig.program.events.names[e.name];
    if (e.phase != EventPhase::Instant) name += std::string(":") + EventPhaseName(e.phase);
    out.push_back(name);
  }
  return out;
}

float Duration(const test::Rig& rig, int clip) {
  const Clip& c = *rig.clips[static_cast<std::size_t>(clip)];
  return static_cast<float>(c.frame_count() - 1) / c.sample_rate();
}

}  // namespace

TEST_CASE("a clip event fires once for every frame that crosses it, across wrap-around", "[events]") {
  auto rig = test::Rig::Compile(R"G(nodes:
  walk: {kind: clip, clip: walk, events: [{name: step_l, time: 0.1}, {name: step_r, time: 0.6}]}
output: {pose: walk}
)G");
  const float duration = Duration(*rig, 1);  // 32 keys at 30 Hz
  REQUIRE(duration == Approx(32.0f / 30.0f));
  // The first frame shows the start (0): nothing there. Then 0.25 s frames: 0.25, 0.5, 0.75, 1.0,
  // then 1.25 wraps to 0.183 (crossing 0.1 on the way), ...
  rig->Step(0.25f);
  CHECK(Fired(*rig).empty());
  std::vector<std::vector<std::string>> frames;
  for (int f = 0; f < 8; ++f) {
    rig->Step(0.25f);
    frames.push_back(Fired(*rig));
  }
  using V = std::vector<std::string>;
  CHECK(frames[0] == V{"step_l"});  // 0 -> 0.25
  CHECK(frames[1] == V{});          // -> 0.5
  CHECK(frames[2] == V{"step_r"});  // -> 0.75
  CHECK(frames[3] == V{});          // -> 1.0
  CHECK(frames[4] == V{"step_l"});  // -> 0.183 (wrapped)
  CHECK(frames[5] == V{});          // -> 0.433
  CHECK(frames[6] == V{"step_r"});  // -> 0.683
  CHECK(frames[7] == V{});          // -> 0.933
  // A frame longer than the clip crosses both: each fires once, in the order they were passed.
  rig->Step(2.5f);  // 0.933 -> 3.433 (passing 1.067, 2.133, 3.2)
  CHECK(Fired(*rig) == V{"step_l", "step_r"});
  rig->Step(0.95f);  // 0.233 -> 1.183 wraps to 0.117: passes 0.6, then 0.1 after the wrap
  CHECK(Fired(*rig) == V{"step_r", "step_l"});
}

TEST_CASE("a clip played backwards fires its events as it passes them the other way", "[events]") {
  auto rig = test::Rig::Compile(R"G(nodes:
  walk: {kind: clip, clip: walk, rate: -1, start: 0.5, events: [{name: mark, time: 0.3}, {name: end, time: 1}]}
output: {pose: walk}
)G");
  rig->Step(0.1f);  // shows the start, 0.5
  CHECK(Fired(*rig).empty());
  rig->Step(0.1f);  // 0.4
  CHECK(Fired(*rig).empty());
  rig->Step(0.15f);  // 0.25: passed 0.3
  CHECK(Fired(*rig) == std::vector<std::string>{"mark"});
  rig->Step(0.35f);  // wraps back to 0.967: passed 0, then 1.0 (the end event)
  CHECK(Fired(*rig) == std::vector<std::string>{"end"});
}

TEST_CASE("a play-once clip fires each event once, and a window begins and ends", "[events]") {
  auto rig = test::Rig::Compile(R"G(nodes:
  jump: {kind: clip, clip: jump, loop: false, events: [{name: takeoff, time: 0}, {name: air, time: 0.2, duration: 0.3}, {name: land, time: 0.9}]}
output: {pose: jump}
)G");
  const float duration = Duration(*rig, 2);
  REQUIRE(duration >= 0.9f);
  rig->Step(0.1f);  // the start: an event at the start fires on the frame the clock starts
  CHECK(Fired(*rig) == std::vector<std::string>{"takeoff"});
  rig->Step(0.15f);  // 0.15
  CHECK(Fired(*rig).empty());
  rig->Step(0.15f);  // 0.3: the window began at 0.2
  CHECK(Fired(*rig) == std::vector<std::string>{"air:begin"});
  rig->Step(10.0f);  // to the end, clamped: the window ends and land fires, once
  CHECK(Fired(*rig) == std::vector<std::string>{"air:end", "land"});
  for (int f = 0; f < 5; ++f) {
    rig->Step(0.1f);
    CHECK(Fired(*rig).empty());
  }
}

TEST_CASE("a window as long as its looping clip ends before it begins again", "[events]") {
  auto rig = test::Rig::Compile(R"G(nodes:
  idle: {kind: clip, clip: idle, events: [{name: w, time: 0, duration: 2.4}]}
output: {pose: idle}
)G");
  REQUIRE(Duration(*rig, 0) == Approx(2.4f));
  rig->Step(0.5f);  // the start: the window begins
  CHECK(Fired(*rig) == std::vector<std::string>{"w:begin"});
  for (int f = 0; f < 4; ++f) {  // 0.5, 1.0, 1.5, 2.0
    rig->Step(0.5f);
    CHECK(Fired(*rig).empty());
  }
  rig->Step(0.5f);  // 2.0 -> 2.5, wrapping to 0.1: the window ends at the clip's end, then begins
  CHECK(Fired(*rig) == std::vector<std::string>{"w:end", "w:begin"});
}

TEST_CASE("a synced clock nudged back into phase fires nothing again", "[events]") {
  // The run's phase follows the walk's by markers; small corrections never re-cross a footstep.
  auto rig = test::Rig::Compile(R"G(parameters: {w: {type: float, default: 0.5, min: 0, max: 1}}
nodes:
  mix:
    kind: blend
    a: {kind: clip, clip: walk, sync: gait, events: [{name: a, time: 0.2}]}
    b: {kind: clip, clip: idle, sync: gait, events: [{name: b, time: 0.3}]}
    alpha: w
output: {pose: mix}
)G");
  int a = 0, b = 0;
  for (int f = 0; f < 300; ++f) {
    REQUIRE(rig->instance->SetFloat("w", 0.5f + 0.45f * std::sin(f * 0.05f)));
    rig->Step(1.0f / 30.0f);
    for (const std::string& name : Fired(*rig)) {
      a += name == "a";
      b += name == "b";
    }
  }
  // Each clip goes round once a cycle of the group: as many crossings of each, give or take one.
  CHECK(a > 5);
  CHECK(std::abs(a - b) <= 1);
}

TEST_CASE("states and transitions fire their events in the canonical order", "[events]") {
  auto rig = test::Rig::Compile(R"G(parameters: {go: {type: bool}}
events: {left_idle: {}, entered_walk: {}, walking_fully: {}, started: {}, back: {}}
nodes:
  m:
    kind: state_machine
    initial: idle
    states: {idle: {kind: clip, clip: idle}, walk: {kind: clip, clip: walk}}
    state_events:
      idle: {on_exit: left_idle}
      walk: {on_enter: entered_walk, on_fully_blended: walking_fully}
    transitions:
      - {from: idle, to: walk, condition: go, duration: 0.25, event: started}
      - {from: walk, to: idle, condition: "!go", duration: 0.1, event: back}
output: {pose: m}
)G");
  rig->Step(0.1f);
  CHECK(Fired(*rig).empty());
  REQUIRE(rig->instance->SetBool("go", true));
  rig->Step(0.1f);
  // The transition's own event, then the state it left, then the state it entered.
  CHECK(Fired(*rig) == std::vector<std::string>{"started", "left_idle", "entered_walk"});
  for (const FiredEvent& e : rig->instance->events)
    CHECK(e.weight == 1.0f);
  rig->Step(0.1f);
  CHECK(Fired(*rig).empty());
  rig->Step(0.1f);
  CHECK(Fired(*rig).empty());
  rig->Step(0.1f);  // 0.3 s since the transition: its 0.25 s blend has ended
  CHECK(Fired(*rig) == std::vector<std::string>{"walking_fully"});
  REQUIRE(rig->instance->SetBool("go", false));
  rig->Step(0.1f);
  CHECK(Fired(*rig) == std::vector<std::string>{"back"});
}

TEST_CASE("an event fires only when its source weighs more than its threshold", "[events]") {
  auto rig = test::Rig::Compile(R"G(parameters: {w: {type: float, default: 0.05, min: 0, max: 1}}
event_threshold: 0.1
events: {quiet: {threshold: 0.01}, loud: {}}
nodes:
  mix:
    kind: blend
    a: {kind: clip, clip: idle}
    b: {kind: clip, clip: walk, events: [{name: quiet, time: 0.05}, {name: loud, time: 0.05}]}
    alpha: w
output: {pose: mix}
)G");
  rig->Step(0.0f);
  rig->Step(0.1f);  // the walk at weight 0.05: above quiet's own 0.01, below the graph's 0.1
  REQUIRE(rig->instance->events.size() == 1);
  CHECK(Fired(*rig) == std::vector<std::string>{"quiet"});
  CHECK(rig->instance->events[0].weight == Approx(0.05f));
  REQUIRE(rig->instance->SetFloat("w", 0.5f));
  rig->Step(1.05f);  // 0.1 -> 1.15 wraps to 0.083, past 0.05
  CHECK(Fired(*rig) == std::vector<std::string>{"quiet", "loud"});
  REQUIRE(rig->instance->SetFloat("w", 0.0f));
  rig->Step(1.05f);  // past 0.05 again, at weight 0: nothing fires, whatever the threshold
  CHECK(Fired(*rig).empty());
}

TEST_CASE("an event the graph does not declare is refused where it is named", "[events]") {
  DiagnosticSink diagnostics;
  const std::optional<CompiledGraph> graph =
      ParseGraph(std::string(test::kHumanoidHeader) + R"G(events: {footstep: {}}
nodes:
  walk: {kind: clip, clip: walk, events: [{name: footstpe, time: 0.1}]}
output: {pose: walk}
)G",
                 "test.yaml", ANIMTC_SOURCE_DIR "/samples", diagnostics);
  CHECK_FALSE(graph);
  CHECK(
      FormatText(diagnostics) ==
      "test.yaml:7:50: error[E030]: undefined event 'footstpe' for 'name' of 'events'[0] of node 'walk'; did "
      "you mean 'footstep'? (the graph's 'events' table declares every event)\n");
}

TEST_CASE("direct evaluation fires the same events, and validation compares them", "[events]") {
  const char* body = R"G(parameters: {speed: {type: float, default: 0, min: 0, max: 2}, go: {type: bool}}
events: {step: {}, jumped: {}, landed: {}, air: {threshold: 0.3}}
nodes:
  gait:
    kind: blend
    a: {kind: clip, clip: idle}
    b: {kind: clip, clip: walk, events: [{name: step, time: 0.1}, {name: step, time: 0.6}]}
    alpha: "clamp(speed, 0, 1)"
  m:
    kind: state_machine
    initial: ground
    states: {ground: gait, jump: {kind: clip, clip: jump, loop: false, events: [{name: air, time: 0.2, duration: 0.4}]}}
    state_events: {jump: {on_enter: jumped, on_exit: landed}}
    transitions:
      - {from: ground, to: jump, condition: go, duration: 0.2, blend: crossfade}
      - {from: jump, to: ground, condition: "state_progress >= 1", duration: 0.3}
output: {pose: m}
)G";
  auto rig = test::Rig::Compile(body);
  DiagnosticSink diagnostics;
  const std::optional<Scenario> scenario = ParseScenario(R"G(format: animtc.scenario
version: 1
frames: 240
delta_time: 0.0333333
events:
  - {ramp: speed, start: 0.2, end: 2, from: 0, to: 2}
  - {set: go, at: 3, value: true}
  - {set: go, at: 3.2, value: false}
  - {set: speed, at: 5, value: 0.05}
)G",
                                                         "run.yaml", rig->program, diagnostics);
  REQUIRE(scenario);
  const ValidationReport report = Validate(rig->graph, rig->program, *scenario);
  INFO(FormatReport(report));
  CHECK(report.agree);
  CHECK(report.events > 10);

  // The task path with one event moved: validation stops at the first frame whose events differ
  // and shows both lists.
  Program moved = rig->program;
  moved.events.clip[0].time = 0.15f;
  const ValidationReport broken = Validate(rig->graph, moved, *scenario);
  CHECK_FALSE(broken.agree);
  REQUIRE(broken.divergence);
  CHECK(broken.divergence->channel == "events");
  CHECK_THAT(FormatReport(broken), Catch::Contains("the events differ") && Catch::Contains("task path: ") &&
                                       Catch::Contains("step (clip event 0, instant, weight"));
}
