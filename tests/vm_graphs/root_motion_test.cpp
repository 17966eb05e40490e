// Root motion on compiled graphs: a clip player that extracts its root's motion shows the root at
// home and reports the frame's motion, across loop wrap-around and through every node kind that
// carries it (blends, masked blends, additives, inertialized and crossfaded transitions, snapshots,
// ops); `keep` leaves the motion in the pose and `ignore` drops it; the accumulated root is the
// composition of the frames' deltas; direct evaluation agrees, and validation catches a seeded
// fault in the motion.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <sstream>
#include <string>

#include "compiler/scenario/scenario_reader.h"
#include "compiler/validate/validate.h"
#include "tests/vm_graphs/compiled_rig.h"

using namespace anim;

namespace {

constexpr float kDt = 1.0f / 30.0f;

// A one-second looping clip (31 frames at 30 Hz) whose root bone walks `speed` m/s along +Z while
// turning `turn_degrees` about +Y, at a height of 0.02 m; every other bone holds its bind pose.
std::string StrideClip(const char* name, float speed, float turn_degrees, bool stepped = false,
                       int keys = 31) {
  std::ostringstream translation, rotation;
  for (int k = 0; k < keys; ++k) {
    const double t = k / 30.0;
    const double half = turn_degrees * std::numbers::pi / 180.0 * t / 2.0;
    translation << (k ? ", " : "") << 0.0 << ", " << 0.02 << ", " << speed * t;
    rotation << (k ? ", " : "") << "0, " << std::sin(half) << ", 0, " << std::cos(half);
  }
  return std::string("{\"format\": \"animtc.clip\", \"version\": 1, \"name\": \"") + name +
         "\", \"sample_rate\": 30, \"frame_count\": " + std::to_string(keys) +
         ", \"loop\": true, \"encoding\": \"dense\", \"tracks\": "
         "[{\"bone\": \"root\", \"translation\": [" +
         translation.str() + "], \"rotation\": [" + rotation.str() + "]" +
         (stepped ? ", \"step\": [\"translation\"]" : "") + "}]}";
}

// The header: the humanoid, its idle clip, and three root-motion clips: stride (1 m/s straight),
// fast (3 m/s straight), turn (1 m/s turning 90 degrees a second).
const std::string& Header() {
  static const std::string header = [] {
    namespace fs = std::filesystem;
    const fs::path dir =
        fs::temp_directory_path() / ("animtc_root_motion_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "stride.json") << StrideClip("stride", 1.0f, 0.0f);
    std::ofstream(dir / "fast.json") << StrideClip("fast", 3.0f, 0.0f);
    std::ofstream(dir / "turn.json") << StrideClip("turn", 1.0f, 90.0f);
    std::ofstream(dir / "hop.json") << StrideClip("hop", 1.0f, 0.0f, true, 30);
    return "format: animtc.graph\nversion: 1\nskeleton: humanoid/skeleton.yaml\nclips: {idle: "
           "humanoid/idle.json, "
           "stride: " +
           (dir / "stride.json").string() + ", fast: " + (dir / "fast.json").string() +
           ", turn: " + (dir / "turn.json").string() + ", hop: " + (dir / "hop.json").string() + "}\n";
  }();
  return header;
}

std::unique_ptr<test::Rig> Compile(const std::string& body) {
  return test::Rig::Compile(body, Header().c_str());
}

// The root motion of `frames` frames, composed in order.
Transform Walk(test::Rig& rig, int frames) {
  Transform sum;
  for (int f = 0; f < frames; ++f) {
    rig.Step(kDt);
    sum = ComposeMotion(sum, rig.root_motion);
  }
  return sum;
}

float Yaw(Quat q) {
  return 2.0f * std::atan2(q.y, q.w) * 180.0f / std::numbers::pi_v<float>;
}

TEST_CASE("an extracting clip keeps its root at home and reports the frame's motion, across wrap-around",
          "[vm][compiled][root_motion]") {
  auto rig =
      Compile("root_motion: extract\nnodes: {walk: {kind: clip, clip: stride}}\noutput: {pose: walk}\n");
  rig->Step(kDt);  // the entering frame shows the start: no motion
  CHECK(rig->root_motion == Transform{});
  for (int frame = 1; frame < 75; ++frame) {  // two and a half cycles
    rig->Step(kDt);
    INFO("frame " << frame);
    const Transform root = rig->pose.Get(0);
    CHECK(root.translation.x == Approx(0.0f).margin(1e-6));
    CHECK(root.translation.y == Approx(0.02f).margin(1e-6));  // the height stays in the pose
    CHECK(root.translation.z == Approx(0.0f).margin(1e-6));
    CHECK(rig->root_motion.translation.z == Approx(kDt).margin(1e-5));  // 1 m/s, through the wrap too
  }
  CHECK(rig->instance->root.translation.z == Approx(74 * kDt).margin(1e-4));
}

TEST_CASE("a turning clip's motion turns the accumulated root, which composes the frames' deltas",
          "[vm][compiled][root_motion]") {
  auto rig = Compile(
      "root_motion: {mode: extract, bone: root}\nnodes: {walk: {kind: clip, clip: turn}}\n"
      "output: {pose: walk}\n");
  rig->Step(kDt);
  const Transform composed = Walk(*rig, 60);  // two whole cycles
  const Transform& root = rig->instance->root;
  CHECK(Yaw(root.rotation) == Approx(180.0f).margin(0.05f));  // 90 degrees a cycle
  CHECK(root.translation.x == Approx(composed.translation.x).margin(1e-5));
  CHECK(root.translation.z == Approx(composed.translation.z).margin(1e-5));
  // Each cycle walks 1 m straight ahead in the clip's frame and ends a quarter turn left: the first
  // along +Z, the second, turned, along +X.
  CHECK(root.translation.x == Approx(1.0f).margin(1e-3));
  CHECK(root.translation.z == Approx(1.0f).margin(1e-3));
  // The pose keeps no yaw.
  CHECK(Yaw(rig->pose.Get(0).rotation) == Approx(0.0f).margin(1e-3));
}

TEST_CASE("a stepping root channel moves a whole cycle a pass, its last key included",
          "[vm][compiled][root_motion]") {
  // 1 m/s in steps of 1/30 m held from key to key, 30 keys: 29/30 m a pass. At the clip's end (its
  // last key's time, which times 30 Hz is a hair short of 29 in float) the root is at the last key,
  // so each pass travels its whole 29/30 m.
  auto rig = Compile("root_motion: extract\nnodes: {walk: {kind: clip, clip: hop}}\noutput: {pose: walk}\n");
  rig->Step(kDt);
  for (int frame = 0; frame < 87; ++frame)  // three passes
    rig->Step(1.0f / 30.0f);
  CHECK(rig->instance->root.translation.z == Approx(3.0f * 29.0f / 30.0f).margin(1e-3));
}

TEST_CASE("keep leaves the motion in the pose, ignore drops it", "[vm][compiled][root_motion]") {
  auto kept = Compile(
      "root_motion: extract\nnodes: {walk: {kind: clip, clip: stride, root_motion: keep}}\n"
      "output: {pose: walk}\n");
  auto ignored =
      Compile("nodes: {walk: {kind: clip, clip: stride, root_motion: ignore}}\noutput: {pose: walk}\n");
  for (int frame = 0; frame < 10; ++frame) {
    kept->Step(kDt);
    ignored->Step(kDt);
  }
  CHECK(kept->root_motion == Transform{});
  CHECK(kept->pose.Get(0).translation.z == Approx(9 * kDt).margin(1e-5));
  CHECK(ignored->root_motion == Transform{});
  CHECK(ignored->pose.Get(0).translation.z == Approx(0.0f).margin(1e-6));
  CHECK(ignored->instance->root == Transform{});
}

// The z speed (m/s) the output reports after a few frames of `body`, with every clip extracting.
float SpeedThrough(const std::string& body, int frames = 6) {
  auto rig = Compile("root_motion: extract\n" + body);
  for (int frame = 0; frame < frames; ++frame)
    rig->Step(kDt);
  return rig->root_motion.translation.z / kDt;
}

TEST_CASE("motion blends by the same weights through every node kind", "[vm][compiled][root_motion]") {
  const char* kSlowFast = "  slow: {kind: clip, clip: stride}\n  quick: {kind: clip, clip: fast}\n";
  CHECK(SpeedThrough(std::string("nodes:\n") + kSlowFast +
                     "  mix: {kind: blend, a: slow, b: quick, alpha: 0.25}\noutput: {pose: mix}\n") ==
        Approx(1.5f).epsilon(1e-4));
  // A 1D blend space is a chain of blends: halfway between its samples.
  CHECK(SpeedThrough(
            std::string("nodes:\n") + kSlowFast +
            "  space: {kind: blend_space_1d, axis: 0.5, samples: [{position: 0, pose: slow}, {position: 1, "
            "pose: quick}]}\noutput: {pose: space}\n") == Approx(2.0f).epsilon(1e-4));
  // A masked blend weighs by the mask at the skeleton's root: an upper-body mask moves nothing.
  CHECK(SpeedThrough(
            std::string("masks: {upper: {bones: {spine_02: 1}, subtree: true}}\nnodes:\n") + kSlowFast +
            "  mix: {kind: masked_blend, a: slow, b: quick, mask: upper, alpha: 1}\noutput: {pose: mix}\n") ==
        Approx(1.0f).epsilon(1e-4));
  // An additive carries no motion of its own: the base's passes.
  CHECK(
      SpeedThrough(
          std::string("nodes:\n") + kSlowFast +
          "  delta: {kind: make_additive, pose: quick}\n  sum: {kind: apply_additive, base: slow, additive: "
          "delta, alpha: 1}\noutput: {pose: sum}\n") == Approx(1.0f).epsilon(1e-4));
  // Snapshots pass what they save; a loaded snapshot stands still. Ops pass their source's.
  CHECK(
      SpeedThrough(
          std::string("nodes:\n") + kSlowFast +
          "  saved: {kind: save_snapshot, pose: quick, name: s}\n  look: {kind: look_at, pose: saved, bone: "
          "head, target: [0, 2, 5]}\noutput: {pose: look}\n") == Approx(3.0f).epsilon(1e-4));
  CHECK(SpeedThrough(
            std::string("nodes:\n") + kSlowFast +
            "  keep: {kind: save_snapshot, pose: quick, name: s}\n  mix: {kind: blend, a: keep, b: {kind: "
            "load_snapshot, name: s}, alpha: 1}\noutput: {pose: mix}\n") == Approx(0.0f).margin(1e-4));
}

TEST_CASE(
    "transitions carry the motion: inertialization the incoming state's, a crossfade both by its weight",
    "[vm][compiled][root_motion]") {
  auto rig = Compile(R"(root_motion: extract
parameters: {go: {type: bool}}
nodes:
  m:
    kind: state_machine
    initial: slow
    states: {slow: {kind: clip, clip: stride}, quick: {kind: clip, clip: fast}, back: {kind: clip, clip: stride}}
    transitions:
      - {from: slow, to: quick, condition: go, duration: 0.3, blend: crossfade}
      - {from: quick, to: back, condition: "!go", duration: 0.3}
output: {pose: m}
)");
  for (int frame = 0; frame < 5; ++frame)
    rig->Step(kDt);
  CHECK(rig->root_motion.translation.z / kDt == Approx(1.0f).epsilon(1e-4));
  rig->instance->SetBool("go", true);
  rig->Step(kDt);  // fires: the incoming state enters (no motion), the outgoing one has all the weight
  CHECK(rig->root_motion.translation.z / kDt == Approx(1.0f).epsilon(1e-4));
  for (int frame = 1; frame <= 8; ++frame) {
    rig->Step(kDt);
    const float w = std::min(frame * kDt / 0.3f, 1.0f);
    INFO("fade frame " << frame);
    CHECK(rig->root_motion.translation.z / kDt == Approx((1.0f - w) * 1.0f + w * 3.0f).epsilon(1e-3));
  }
  for (int frame = 0; frame < 3; ++frame)
    rig->Step(kDt);
  CHECK(rig->root_motion.translation.z / kDt == Approx(3.0f).epsilon(1e-4));
  rig->instance->SetBool("go", false);
  rig->Step(kDt);  // inertialized into back: it enters this frame
  CHECK(rig->root_motion == Transform{});
  rig->Step(kDt);
  CHECK(rig->root_motion.translation.z / kDt == Approx(1.0f).epsilon(1e-4));
}

ValidationReport ValidateRun(test::Rig& rig, const ValidateOptions& options = {}) {
  DiagnosticSink diagnostics;
  const std::optional<Scenario> scenario = ParseScenario(R"(format: animtc.scenario
version: 1
frames: 150
delta_time: 0.0333333
events:
  - {ramp: mix, start: 0, end: 4, from: 0, to: 1}
  - {set: go, at: 2, value: true}
  - {set: go, at: 3.5, value: false}
)",
                                                         "run.yaml", rig.program, diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(scenario);
  return Validate(rig.graph, rig.program, *scenario, options);
}

const char* kEveryCarrier = R"(root_motion: extract
parameters: {mix: {type: float, default: 0, min: 0, max: 1}, go: {type: bool}}
nodes:
  walking: {kind: blend, a: {kind: clip, clip: stride}, b: {kind: clip, clip: turn}, alpha: mix}
  m:
    kind: state_machine
    initial: walk
    states: {walk: walking, run: {kind: clip, clip: fast, rate: 1.5}}
    transitions:
      - {from: walk, to: run, condition: go, duration: 0.4, blend: crossfade, curve: smoothstep}
      - {from: run, to: walk, condition: "!go", duration: 0.3, blend: dead_blend}
  aimed: {kind: apply_additive, base: m, additive: {kind: make_additive, pose: {kind: clip, clip: idle}}, alpha: 0.5}
output: {pose: {kind: look_at, pose: aimed, bone: head, target: [0, 2, 4]}}
)";

TEST_CASE("direct evaluation agrees on the motion and the accumulated root", "[vm][compiled][root_motion]") {
  auto rig = Compile(kEveryCarrier);
  const ValidationReport report = ValidateRun(*rig);
  INFO(FormatReport(report));
  CHECK(report.agree);
  CHECK(report.frames == 150);
}

TEST_CASE("validation catches a root motion that skips the clip's wrap-around",
          "[vm][compiled][root_motion]") {
  auto rig = Compile(kEveryCarrier);
  ValidateOptions options;
  options.tamper_list = [](AnimTaskList& list) {
    for (AnimTask& task : list.tasks) {
      if (task.type == AnimTaskType::SampleClip) task.t.y = 0.0f;  // as if no clip ever wrapped
    }
  };
  const ValidationReport report = ValidateRun(*rig, options);
  INFO(FormatReport(report));
  REQUIRE_FALSE(report.agree);
  CHECK(report.divergence->channel.rfind("root_motion.", 0) == 0);
  // The first wrap of the one-second clips: 30 steps of 0.0333333 s fall just short of a second.
  CHECK(report.divergence->frame == 31);
}

TEST_CASE("a malformed root_motion is refused where it is written", "[vm][compiled][root_motion]") {
  auto errors = [](const std::string& body) {
    DiagnosticSink diagnostics;
    CHECK_FALSE(
        ParseGraph(Header() + body, "test.yaml", std::string(ANIMTC_SOURCE_DIR) + "/samples", diagnostics));
    return FormatText(diagnostics);
  };
  CHECK(
      errors("root_motion: extracted\nnodes: {a: {kind: clip, clip: stride}}\noutput: {pose: a}\n") ==
      "test.yaml:5:14: error[E023]: unknown option 'extracted' for 'root_motion'; did you mean 'extract'?\n");
  CHECK(errors("root_motion: {mode: extract, bone: rot}\nnodes: {a: {kind: clip, clip: stride}}\noutput: "
               "{pose: a}\n")
            .find("error[E006]: unknown bone 'rot'") != std::string::npos);
  CHECK(errors("nodes: {a: {kind: clip, clip: stride, root_motion: yes}}\noutput: {pose: a}\n")
            .find("error[E023]") != std::string::npos);
}

}  // namespace
