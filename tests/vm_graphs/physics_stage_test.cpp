// The `physics` node on compiled graphs: it tags the task that computes its pose with its stage, so
// an engine executing the list in two calls around its simulation step runs foot IK after the step
// and the locomotion before it. Two instances play the same frames, through transitions, one
// executed whole and one split: the poses and matrices are the same bit for bit. Direct evaluation
// treats the node as a pass-through and agrees.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <vector>

#include "compiler/scenario/scenario_reader.h"
#include "compiler/validate/validate.h"
#include "executor/tasks/split_execution.h"
#include "tests/vm_graphs/compiled_rig.h"

using namespace anim;

namespace {

constexpr float kDt = 1.0f / 30.0f;

constexpr const char* kGraph = R"(parameters:
  moving: {type: bool}
  ground: {type: float, default: 0.02, min: -1, max: 1}
nodes:
  loco:
    kind: state_machine
    initial: idle
    states: {idle: {kind: clip, clip: idle}, walk: {kind: clip, clip: walk}}
    transitions:
      - {from: idle, to: walk, condition: moving, duration: 0.3}
      - {from: walk, to: idle, condition: "!moving", duration: 0.3}
  before: {kind: physics, pose: loco, stage: pre}
  feet: {kind: foot_ik, pose: before, thigh: thigh_l, calf: calf_l, foot: foot_l, ground_height: ground}
  after_step: {kind: physics, pose: feet, stage: post}
output: {pose: after_step, root_lock: true}
)";

struct Outputs {
  std::vector<Mat4> skinning, model;
  explicit Outputs(std::size_t bones) : skinning(bones), model(bones) {}
};

bool SameBits(const test::Rig& a, const Outputs& oa, const test::Rig& b, const Outputs& ob) {
  for (int i = 0; i < a.pose.bone_count(); ++i) {
    const Transform x = a.pose.Get(i), y = b.pose.Get(i);
    if (std::memcmp(&x, &y, sizeof(Transform)) != 0) return false;
  }
  return std::memcmp(oa.skinning.data(), ob.skinning.data(), oa.skinning.size() * sizeof(Mat4)) == 0 &&
         std::memcmp(oa.model.data(), ob.model.data(), oa.model.size() * sizeof(Mat4)) == 0;
}

}  // namespace

TEST_CASE("a physics node's pose runs after the step, and the split run equals the whole run", "[physics]") {
  auto whole = test::Rig::Compile(kGraph), split = test::Rig::Compile(kGraph);
  const auto bones = static_cast<std::size_t>(whole->graph.skeleton.bone_count());
  Outputs whole_out(bones), split_out(bones);
  SplitExecution in_flight;
  for (int frame = 0; frame < 60; ++frame) {
    INFO("frame " << frame);
    const bool moving = frame >= 10 && frame < 35;  // two transitions, each blending across frames
    REQUIRE(whole->instance->SetBool("moving", moving));
    REQUIRE(split->instance->SetBool("moving", moving));
    BuildTasks(*whole->binding, *whole->instance, kDt, whole->list);
    BuildTasks(*split->binding, *split->instance, kDt, split->list);
    ExecuteTaskList(whole->list,
                    {.skinning = whole_out.skinning, .model = whole_out.model, .local_pose = &whole->pose});
    TaskSnapshot snap;
    ExecuteTaskList(split->list, AnimTaskStage::PrePhysics, in_flight, {}, &snap);
    REQUIRE(in_flight.carried_buffers() == 0);  // the FootIK reads the machine's output in its seam's history
    ExecuteTaskList(split->list, AnimTaskStage::PostPhysics, in_flight,
                    {.skinning = split_out.skinning, .model = split_out.model, .local_pose = &split->pose});
    REQUIRE(SameBits(*whole, whole_out, *split, split_out));

    // The FootIK is the only post-physics task; the machine's task and the clips run before the step.
    const AnimTaskList& list = split->list;
    for (std::size_t i = 0; i < list.tasks.size(); ++i) {
      const AnimTask& t = list.tasks[i];
      INFO("task " << i << " " << AnimTaskTypeName(t.type));
      const bool foot = t.type == AnimTaskType::FootIK;
      REQUIRE(t.stage == (foot                                  ? AnimTaskStage::PostPhysics
                          : t.type == AnimTaskType::Inertialize ? AnimTaskStage::PrePhysics
                                                                : AnimTaskStage::AnyStage));
      if (snap.tasks[i].reachable)
        REQUIRE(snap.tasks[i].ran_in == (foot ? AnimTaskStage::PostPhysics : AnimTaskStage::PrePhysics));
    }
    REQUIRE(list.tasks[static_cast<std::size_t>(list.output_task)].type == AnimTaskType::FootIK);
  }
}

TEST_CASE("a pose tagged both pre and post is refused, and two post tags are one", "[physics]") {
  const auto compile = [](const char* stages) {
    DiagnosticSink diagnostics;
    const std::string body = std::string(R"(nodes:
  walk: {kind: clip, clip: walk}
  one: {kind: physics, pose: walk, stage: )") +
                             stages + R"(}
  two: {kind: physics, pose: walk, stage: post}
output: {pose: {kind: blend, a: one, b: two, alpha: 0.5}}
)";
    const bool ok = ParseGraph(std::string(test::kHumanoidHeader) + body, "test.yaml",
                               std::string(ANIMTC_SOURCE_DIR) + "/samples", diagnostics)
                        .has_value();
    return std::pair(ok, FormatText(diagnostics));
  };
  const auto [pre_ok, pre_text] = compile("pre");
  CHECK_FALSE(pre_ok);
  CHECK(pre_text ==
        "test.yaml:7:3: error[E032]: physics node 'one' asks for its pose before the simulation step, but "
        "'walk' runs after it\ntest.yaml:8:3: note: 'two' runs 'walk' after the step\n");
  const auto [post_ok, post_text] = compile("post");
  CHECK(post_ok);
  INFO(post_text);
}

TEST_CASE("direct evaluation agrees with a graph that splits around the step", "[physics]") {
  auto rig = test::Rig::Compile(kGraph);
  DiagnosticSink diagnostics;
  const std::optional<Scenario> scenario = ParseScenario(R"(format: animtc.scenario
version: 1
frames: 60
delta_time: 0.0333333
events:
  - {set: moving, at: 0.3, value: true}
  - {ramp: ground, start: 0.5, end: 1.5, from: -0.1, to: 0.1}
  - {set: moving, at: 1.2, value: false}
)",
                                                         "run.yaml", rig->program, diagnostics);
  REQUIRE(scenario);
  const ValidationReport report = Validate(rig->graph, rig->program, *scenario);
  INFO(FormatReport(report));
  CHECK(report.agree);
}
