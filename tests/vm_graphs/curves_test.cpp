// Curves on compiled graphs (docs/semantics.md, "Curves"): the sample humanoid's clips carry
// foot_plant_l and foot_plant_r; every node kind carries them with the pose, curve("name") reads the
// last frame's output, and direct evaluation agrees with the task path frame by frame, curves
// included. A curve routed to the wrong name is a divergence validate reports by the curve's name.
#include <catch2/catch.hpp>

#include <string>

#include "compiler/scenario/scenario_reader.h"
#include "compiler/validate/validate.h"
#include "tests/vm_graphs/compiled_rig.h"

using namespace anim;

namespace {

constexpr int kLeft = 0, kRight = 1;  // the program's curves: the clips' order

// A clip's own curve at a clock time, as the asset holds it.
float ClipCurveAt(const test::Rig& rig, const char* clip, int curve, float time) {
  for (const Clip* c : rig.clips) {
    if (c->name() == clip) return c->curves()[static_cast<std::size_t>(curve)].Sample(c->KeysAt(time));
  }
  FAIL("no clip " << clip);
  return 0.0f;
}

ValidationReport Play(const test::Rig& rig, const char* scenario_text, const ValidateOptions& options = {}) {
  DiagnosticSink diagnostics;
  const std::optional<Scenario> scenario = ParseScenario(scenario_text, "run.yaml", rig.program, diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(scenario);
  return Validate(rig.graph, rig.program, *scenario, options);
}

// Every node kind between the clips and the output, two machines with each transition blend, and
// feedback through curve().
constexpr const char* kEveryNode = R"G(parameters:
  speed: {type: float, default: 0, min: 0, max: 3}
  layer: {type: float, default: 0.5, min: 0, max: 1}
  jump: {type: trigger}
masks:
  upper: {bones: {spine_02: 1}, curves: {foot_plant_r: 0.5}}
nodes:
  idle_clip: {kind: clip, clip: idle}
  walk_clip: {kind: clip, clip: walk, rate: "0.5 + speed * 0.5"}
  gait:
    kind: state_machine
    initial: still
    states: {still: idle_clip, moving: walk_clip, airborne: {kind: clip, clip: jump, loop: false}}
    transitions:
      - {from: still, to: moving, condition: "speed > 0.5", duration: 0.3, blend: crossfade, curve: smoothstep}
      - {from: moving, to: still, condition: "speed < 0.2", duration: 0.25}
      - {from: any, to: airborne, condition: "jump", duration: 0.2, blend: dead_blend, half_life: 0.05}
      - {from: airborne, to: still, condition: "state_progress >= 1", duration: 0.3}
  layered: {kind: masked_blend, a: gait, b: {kind: clip, clip: walk}, mask: upper, alpha: layer}
  mixed: {kind: blend, a: layered, b: {kind: load_snapshot, name: last}, alpha: 0.25}
  saved: {kind: save_snapshot, pose: mixed, name: last}
  delta: {kind: make_additive, pose: {kind: clip, clip: jump}, base: idle_clip}
  added: {kind: apply_additive, base: saved, additive: delta, alpha: "layer * 0.5"}
  planted: {kind: foot_ik, pose: added, thigh: thigh_l, calf: calf_l, foot: foot_l, ground_height: 0, ankle_height: 0.08, plant_distance: 0.04, alpha: "curve('foot_plant_l')"}
output: {pose: planted}
)G";

constexpr const char* kEveryNodeScenario = R"G(format: animtc.scenario
version: 1
frames: 240
delta_time: 0.0333333
events:
  - {ramp: speed, start: 0.5, end: 2, from: 0, to: 2}
  - {ramp: layer, start: 1, end: 3, from: 0, to: 1}
  - {fire: jump, at: 4}
  - {set: speed, at: 6.5, value: 0}
)G";

}  // namespace

TEST_CASE("curves: a clip player carries its clip's curves, a blend and a masked blend mix them",
          "[curves]") {
  const std::unique_ptr<test::Rig> rig = test::Rig::Compile(R"G(masks:
  face: {bones: {head: 1}, curves: {foot_plant_r: 0.5}}
nodes:
  mix: {kind: blend, a: {kind: clip, clip: idle}, b: {kind: clip, clip: walk}, alpha: 0.25}
  masked: {kind: masked_blend, a: {kind: clip, clip: idle}, b: {kind: clip, clip: walk}, mask: face, alpha: 0.8}
  both: {kind: blend, a: mix, b: masked, alpha: 0.5}
output: {pose: both}
)G");
  REQUIRE(rig->program.curves == std::vector<std::string>{"foot_plant_l", "foot_plant_r"});
  for (int frame = 0; frame < 5; ++frame) {
    rig->Step(0.1f);
    REQUIRE(rig->pose.curve_count() == 2);
    const float idle_time = rig->Sampled("idle").time, walk_time = rig->Sampled("walk").time;
    float expect[2];
    for (const int c : {kLeft, kRight}) {
      const float idle = ClipCurveAt(*rig, "idle", c, idle_time),
                  walk = ClipCurveAt(*rig, "walk", c, walk_time);
      const float mix = idle + (walk - idle) * 0.25f;
      // The mask weighs foot_plant_r by half and leaves foot_plant_l to `a`.
      const float masked = idle + (walk - idle) * 0.8f * (c == kRight ? 0.5f : 0.0f);
      expect[c] = mix + (masked - mix) * 0.5f;
    }
    INFO("frame " << frame);
    CHECK(rig->pose.curves()[kLeft] == Approx(expect[kLeft]).margin(1e-6));
    CHECK(rig->pose.curves()[kRight] == Approx(expect[kRight]).margin(1e-6));
    CHECK(rig->instance->task_state.curves[kLeft] == rig->pose.curves()[kLeft]);
  }
}

TEST_CASE("curves: curve() reads the output's curve as the last frame left it", "[curves]") {
  const std::unique_ptr<test::Rig> rig = test::Rig::Compile(R"G(nodes:
  lifted: {kind: translate_bone, pose: {kind: clip, clip: walk}, bone: pelvis, offset: [0, 0.1, 0], alpha: "curve('foot_plant_r')"}
output: {pose: lifted}
)G");
  float last = 0.0f;  // before any frame: 0
  for (int frame = 0; frame < 12; ++frame) {
    rig->Step(0.1f);
    const AnimTask* lift = nullptr;
    for (const AnimTask& t : rig->list.tasks) {
      if (t.type == AnimTaskType::TranslateBone) lift = &t;
    }
    REQUIRE(lift != nullptr);
    INFO("frame " << frame);
    CHECK(lift->alpha == last);
    last = rig->pose.curves()[kRight];
  }
  CHECK(last != 0.0f);  // the walk's right foot was down at some point
}

TEST_CASE("curves: every node kind and transition agrees with direct evaluation, curves included",
          "[curves]") {
  const std::unique_ptr<test::Rig> rig = test::Rig::Compile(kEveryNode);
  const ValidationReport report = Play(*rig, kEveryNodeScenario);
  INFO(FormatReport(report));
  CHECK(report.agree);
  CHECK(report.frames == 240);
  CHECK(report.curve_values > 300);  // both curves, non-zero on most frames
}

TEST_CASE("curves: validate names a curve the task path routes to the wrong name", "[curves][mutation]") {
  const std::unique_ptr<test::Rig> rig = test::Rig::Compile(kEveryNode);
  // Every clip's left and right foot curves swapped where the list sends them.
  std::vector<ClipCurveTargets> swapped(rig->binding->clip_curves().begin(),
                                        rig->binding->clip_curves().end());
  for (ClipCurveTargets& t : swapped)
    std::swap(t.targets[0], t.targets[1]);
  ValidateOptions faulty;
  faulty.tamper_list = [&](AnimTaskList& list) { list.clip_curves = swapped; };
  const ValidationReport report = Play(*rig, kEveryNodeScenario, faulty);
  INFO(FormatReport(report));
  REQUIRE_FALSE(report.agree);
  REQUIRE(report.divergence.has_value());
  CHECK(report.divergence->channel.starts_with("curve 'foot_plant_"));
  CHECK(report.divergence->task_type == "SampleClip");
  CHECK(FormatReport(report).find("curve 'foot_plant_") != std::string::npos);
}
