// The expression language on compiled graphs: choices and conversions, a state's own time and
// progress read from inside the state, and damp and spring smoothing with their state kept per
// instance. Each is read back from the recorded tasks frame by frame, and direct evaluation agrees
// with the task path over a scenario that drives them all.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "compiler/scenario/scenario_reader.h"
#include "compiler/validate/validate.h"
#include "tests/vm_graphs/compiled_rig.h"

using namespace anim;

namespace {

constexpr float kDt = 0.1f;

// The alpha the Blend task of graph node `node` was recorded with this frame.
float BlendAlpha(const test::Rig& rig, const std::string& node) {
  const std::vector<std::string>& names = rig.binding->node_names();
  for (const AnimTask& t : rig.list.tasks) {
    if (t.type == AnimTaskType::Blend && t.source_node >= 0 && names[t.source_node] == node) return t.alpha;
  }
  FAIL("node " << node << " recorded no blend");
  return -1.0f;
}

void SetFloat(test::Rig& rig, const char* name, float value) {
  REQUIRE(rig.instance->SetFloat(name, value));
}

}  // namespace

TEST_CASE("a choice follows a bool: c ? a : b, select and float(b) on a blend's alpha", "[expressions]") {
  auto rig = test::Rig::Compile(R"G(parameters: {grounded: {type: bool, default: true}, speed: {type: float}}
nodes:
  a: {kind: blend, a: {kind: clip, clip: idle}, b: {kind: clip, clip: walk}, alpha: "grounded ? 0.25 : 0.75"}
  b: {kind: blend, a: a, b: {kind: clip, clip: jump}, alpha: "select(bool(speed), 0.5, 0.125)"}
  c: {kind: blend, a: b, b: {kind: clip, clip: idle}, alpha: "float(grounded) * 0.5"}
output: {pose: c}
)G");
  rig->Step(kDt);
  CHECK(BlendAlpha(*rig, "a") == 0.25f);
  CHECK(BlendAlpha(*rig, "b") == 0.125f);
  CHECK(BlendAlpha(*rig, "c") == 0.5f);
  REQUIRE(rig->instance->SetBool("grounded", false));
  SetFloat(*rig, "speed", 0.01f);
  rig->Step(kDt);
  CHECK(BlendAlpha(*rig, "a") == 0.75f);
  CHECK(BlendAlpha(*rig, "b") == 0.5f);
  CHECK(BlendAlpha(*rig, "c") == 0.0f);
}

// A state fades its own layer in from the moment it is entered: 0 on the frame it enters, and from
// then on its time as the previous frame left it (as a transition's condition reads it).
TEST_CASE("time_in_state and state_progress inside a state read that state's own values", "[expressions]") {
  auto rig = test::Rig::Compile(R"G(parameters: {go: {type: bool}}
nodes:
  # The state's progress clock is its first clip depth first: walk.
  fade_in: {kind: blend, a: {kind: clip, clip: walk}, b: {kind: clip, clip: idle}, alpha: "1 - clamp(time_in_state / 0.5, 0, 1)"}
  progress: {kind: blend, a: fade_in, b: {kind: clip, clip: jump}, alpha: state_progress}
  m:
    kind: state_machine
    initial: still
    states: {still: {kind: clip, clip: idle}, moving: progress}
    transitions:
      - {from: still, to: moving, condition: go}
      - {from: moving, to: still, condition: "!go"}
output: {pose: m}
)G");
  rig->Step(kDt);
  rig->Step(kDt);
  REQUIRE(rig->instance->SetBool("go", true));
  const float walk_duration =
      rig->clips[1]->frame_count() > 1
          ? static_cast<float>(rig->clips[1]->frame_count() - 1) / rig->clips[1]->sample_rate()
          : 0.0f;
  REQUIRE(walk_duration > 0.0f);
  // The frame it enters, then the state's time (and its first clip's progress) a frame late.
  const float expected_time[] = {0.0f, 0.0f, 0.1f, 0.2f, 0.3f};
  float clock = 0.0f;  // the walk clip's clock as the previous frame left it
  for (const float time : expected_time) {
    rig->Step(kDt);
    REQUIRE(rig->Current() == rig->State("moving"));
    INFO("time in state " << time);
    CHECK(BlendAlpha(*rig, "fade_in") == Approx(1.0f - std::clamp(time / 0.5f, 0.0f, 1.0f)).margin(1e-6));
    CHECK(BlendAlpha(*rig, "progress") == Approx(clock / walk_duration).margin(1e-6));
    clock = rig->Sampled("walk").time;
  }
  // Left and entered again: its time starts over.
  REQUIRE(rig->instance->SetBool("go", false));
  rig->Step(kDt);
  REQUIRE(rig->instance->SetBool("go", true));
  rig->Step(kDt);
  CHECK(BlendAlpha(*rig, "fade_in") == 1.0f);
  CHECK(BlendAlpha(*rig, "progress") == 0.0f);
}

TEST_CASE("a node that runs in no state cannot read time_in_state", "[expressions]") {
  DiagnosticSink diagnostics;
  const std::optional<CompiledGraph> graph =
      ParseGraph(std::string(test::kHumanoidHeader) + R"G(nodes:
  mix: {kind: blend, a: {kind: clip, clip: idle}, b: {kind: clip, clip: walk}, alpha: "min(time_in_state, 1)"}
output: {pose: mix}
)G",
                 "test.yaml", ANIMTC_SOURCE_DIR "/samples", diagnostics);
  CHECK_FALSE(graph);
  REQUIRE(diagnostics.error_count() == 1);
  CHECK(FormatText(diagnostics).starts_with("test.yaml:6:92: error[E017]: 'time_in_state' reads the state"));
}

TEST_CASE("damp halves the distance to its target every half-life, and starts at it", "[expressions]") {
  auto rig = test::Rig::Compile(R"G(parameters: {target: {type: float, default: 0.25, min: 0, max: 1}}
nodes:
  mix: {kind: blend, a: {kind: clip, clip: idle}, b: {kind: clip, clip: walk}, alpha: "damp(target, 0.2)"}
output: {pose: mix}
)G");
  rig->Step(kDt);
  CHECK(BlendAlpha(*rig, "mix") == 0.25f);  // the first frame starts at the target
  SetFloat(*rig, "target", 1.0f);
  float expected = 0.25f;
  for (int f = 0; f < 6; ++f) {
    rig->Step(kDt);
    expected = 1.0f + (expected - 1.0f) * std::exp2(-kDt / 0.2f);
    CHECK(BlendAlpha(*rig, "mix") == Approx(expected).margin(1e-6));
  }
  // Two half-lives (four frames of 0.1 s) cover three quarters of the way.
  CHECK(1.0f - expected == Approx(0.75f * 0.125f).margin(1e-5));
  // dt = 0 moves nothing.
  const float held = BlendAlpha(*rig, "mix");
  rig->Step(0.0f);
  CHECK(BlendAlpha(*rig, "mix") == held);
}

TEST_CASE("spring follows a step without overshoot and settles on the target", "[expressions]") {
  auto rig = test::Rig::Compile(R"G(parameters: {target: {type: float, default: 0, min: 0, max: 1}}
nodes:
  mix: {kind: blend, a: {kind: clip, clip: idle}, b: {kind: clip, clip: walk}, alpha: "spring(target, 0.15)"}
  raw: {kind: blend, a: mix, b: {kind: clip, clip: jump}, alpha: "spring(target, 0)"}
output: {pose: raw}
)G");
  rig->Step(kDt);
  CHECK(BlendAlpha(*rig, "mix") == 0.0f);
  SetFloat(*rig, "target", 1.0f);
  float previous = 0.0f;
  for (int f = 0; f < 40; ++f) {
    rig->Step(kDt);
    const float alpha = BlendAlpha(*rig, "mix");
    CHECK(alpha >= previous);  // critically damped: it never turns back, never passes the target
    CHECK(alpha <= 1.0f);
    previous = alpha;
    CHECK(BlendAlpha(*rig, "raw") == 1.0f);  // a half-life of 0 follows the target at once
  }
  CHECK(previous == Approx(1.0f).margin(1e-4));
  // The first frame after the step has only begun to move: a spring starts at rest.
  auto fresh = test::Rig::Compile(R"G(parameters: {target: {type: float, default: 0, min: 0, max: 1}}
nodes:
  mix: {kind: blend, a: {kind: clip, clip: idle}, b: {kind: clip, clip: walk}, alpha: "spring(target, 0.15)"}
output: {pose: mix}
)G");
  fresh->Step(kDt);
  SetFloat(*fresh, "target", 1.0f);
  fresh->Step(kDt);
  const float first = BlendAlpha(*fresh, "mix");
  fresh->Step(kDt);
  const float second = BlendAlpha(*fresh, "mix");
  CHECK(first > 0.0f);
  CHECK(second - first > first);  // it gathers speed
}

TEST_CASE("direct evaluation agrees on every new expression over a scenario", "[expressions]") {
  auto rig = test::Rig::Compile(R"G(parameters:
  speed: {type: float, default: 0, min: 0, max: 4}
  go: {type: bool}
nodes:
  gait: {kind: blend, a: {kind: clip, clip: idle}, b: {kind: clip, clip: walk}, alpha: "spring(clamp(speed / 2, 0, 1), 0.3)"}
  moving:
    kind: blend
    a: gait
    b: {kind: clip, clip: jump}
    alpha: "go ? clamp(time_in_state, 0, 0.5) : state_progress * float(speed > 1)"
  m:
    kind: state_machine
    initial: still
    states: {still: {kind: clip, clip: idle}, moving: moving}
    transitions:
      - {from: still, to: moving, condition: "damp(speed, 0.2) > 0.5", duration: 0.3, blend: crossfade}
      - {from: moving, to: still, condition: "speed < 0.1", duration: 0.2}
output: {pose: m}
)G");
  DiagnosticSink diagnostics;
  const std::optional<Scenario> scenario = ParseScenario(R"G(format: animtc.scenario
version: 1
frames: 200
delta_time: 0.0333333
events:
  - {ramp: speed, start: 0.2, end: 2, from: 0, to: 3}
  - {set: go, at: 2.5, value: true}
  - {set: speed, at: 4, value: 0}
  - {set: go, at: 4.5, value: false}
  - {set: speed, at: 5, value: 2}
)G",
                                                         "run.yaml", rig->program, diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(scenario);
  const ValidationReport report = Validate(rig->graph, rig->program, *scenario);
  INFO(FormatReport(report));
  CHECK(report.agree);
  CHECK(report.frames == 200);
}
