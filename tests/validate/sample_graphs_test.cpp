// The sample graphs, compiled from samples/: each agrees with direct evaluation over its scenario
// (at least 300 frames, visiting every state and transition); the worked example records the seed's
// thirteen tasks in the seed's order while in `run`; and deliberately broken variants of the task
// path are each caught by validation.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "compiler/validate/validate.h"
#include "executor/tasks/execute_task_list.h"
#include "tests/support/sample_list.h"
#include "tests/validate/sample_check.h"
#include "tests/validate/validation_pipeline.h"
#include "vm/frame_runner.h"
#include "vm/program_binding.h"

using namespace anim;

namespace {

std::unique_ptr<test::ValidationInputs> LoadSample(const std::string& name,
                                                   const codegen::CompileOptions& options = {}) {
  const std::string dir = std::string(ANIMTC_SOURCE_DIR) + "/samples/";
  return test::PrepareValidationFiles(dir + name + ".yaml", dir + name + ".scenario.yaml", {}, options);
}

// Blend kernels with alpha applied the wrong way round: a plain fault, as a test-only kernel table.
void BlendBackwards(const PoseView& out, const ConstPoseView& a, const ConstPoseView& b, float alpha,
                    int count) {
  BlendPoses(out, a, b, 1.0f - alpha, count);
}

}  // namespace

TEST_CASE("every sample agrees with direct evaluation and visits every state and transition",
          "[validate][samples]") {
  // All but the samples that read the third-party glTF assets (sample_graphs_gltf_assets_test.cpp).
  const std::vector<std::string> samples = test::SampleGraphPaths("samples", false);
  REQUIRE(samples.size() >= 3);
  for (const std::string& graph : samples)
    test::CheckSampleAgrees(graph);
}

TEST_CASE("worked example: in `run` the VM records the seed's thirteen tasks", "[validate][worked-example]") {
  // The seed's list has the aim layer's MakeAdditive; folded, it is one SampleClip of the baked
  // delta (baked_additive_test.cpp).
  const auto in = LoadSample("worked_example", {.fold_poses = false});
  const MachineDesc& machine = in->compiled.program.machines[0];
  int run = -1;
  for (std::size_t s = 0; s < machine.states.size(); ++s) {
    if (machine.states[s].name == "run") run = static_cast<int>(s);
  }
  REQUIRE(run >= 0);
  bool checked = false;
  test::RunSample(*in, [&](const FrameResult& frame) {
    const MachineState& ms = frame.instance->machines[0];
    if (checked || ms.current != run || ms.fired || ms.blend_active) return;
    checked = true;
    const AnimTaskType expected[] = {
        AnimTaskType::SampleClip, AnimTaskType::SampleClip,   AnimTaskType::SampleClip,
        AnimTaskType::Blend,      AnimTaskType::SampleClip,   AnimTaskType::SampleClip,
        AnimTaskType::Blend,      AnimTaskType::SampleClip,   AnimTaskType::Inertialize,
        AnimTaskType::SampleClip, AnimTaskType::MakeAdditive, AnimTaskType::ApplyAdditive,
        AnimTaskType::FootIK,
    };
    const AnimTaskList& list = *frame.list;
    REQUIRE(list.tasks.size() == 13);
    for (int i = 0; i < 13; ++i) {
      INFO("task " << i);
      REQUIRE(list.tasks[i].type == expected[i]);
    }
    const char* clips[] = {"idle",     "walk_fwd", "walk_back", nullptr, "run_fwd",
                           "run_back", nullptr,    "jump",      nullptr, "aim_pose"};
    for (int i = 0; i < 10; ++i) {
      if (clips[i] != nullptr) REQUIRE(list.clips[list.tasks[i].resource]->name() == clips[i]);
    }
    REQUIRE(list.tasks[8].dep_a == 6);  // the current state's chain only
    REQUIRE(list.output_task == 12);

    const TaskSnapshot& snap = *frame.snapshot;
    REQUIRE(snap.reachable_count == 8);
    // Task, stole, buffer, live buffers after: the seed's buffer traffic table up to task 6; the
    // Inertialize then hands buffer 0 over to the seam's history instead of copying it there, and
    // the aim layer reuses it (tests/executor/worked_example_test.cpp says it in full).
    const int table[8][4] = {{4, 0, 0, 1}, {5, 0, 1, 2},  {6, 1, 0, 1},  {8, 1, 0, 0},
                             {9, 0, 0, 1}, {10, 1, 0, 1}, {11, 1, 0, 1}, {12, 1, 0, 1}};
    for (const auto& row : table) {
      INFO("task " << row[0]);
      REQUIRE(snap.tasks[row[0]].stole_buffer == (row[1] == 1));
      REQUIRE(snap.tasks[row[0]].buffer == row[2]);
      REQUIRE(snap.tasks[row[0]].live_buffers == row[3]);
    }
    for (int pruned : {0, 1, 2, 3, 7})
      REQUIRE(snap.tasks[pruned].exec_order == -1);
    REQUIRE(snap.peak_live_buffers == 2);
  });
  REQUIRE(checked);
}

TEST_CASE("validation catches a steal of a buffer another task still reads", "[validate][mutation]") {
  // The locomotion sample has fan-out (its idle clip feeds three consumers); the worked example
  // has none, so there every steal is legitimate.
  const auto in = LoadSample("locomotion");
  ValidateOptions faulty;
  faulty.executor.fault_steal_shared_buffers = true;
  const ValidationReport report = Validate(in->graph, in->compiled.program, in->scenario, faulty);
  INFO(FormatReport(report));
  REQUIRE_FALSE(report.agree);
}

TEST_CASE("validation catches an off-by-one dependency and a backwards blend kernel",
          "[validate][mutation]") {
  for (const char* name : {"worked_example", "locomotion"}) {
    INFO("sample " << name);
    const auto in = LoadSample(name);
    {
      ValidateOptions faulty;
      faulty.tamper_list = [](AnimTaskList& list) {
        for (AnimTask& t : list.tasks) {
          if (t.type == AnimTaskType::ApplyAdditive && t.dep_a > 0) --t.dep_a;
        }
      };
      const ValidationReport report = Validate(in->graph, in->compiled.program, in->scenario, faulty);
      INFO(FormatReport(report));
      REQUIRE_FALSE(report.agree);
      REQUIRE(report.divergence->task_type == "ApplyAdditive");
    }
    {
      PoseKernelTable kernels = kSimdPoseKernels;
      kernels.blend = &BlendBackwards;
      ValidateOptions faulty;
      faulty.executor.kernels = &kernels;
      const ValidationReport report = Validate(in->graph, in->compiled.program, in->scenario, faulty);
      INFO(FormatReport(report));
      REQUIRE_FALSE(report.agree);
      REQUIRE(report.divergence->task_type == "Blend");
    }
  }
}
