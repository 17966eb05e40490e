// Baked additives (compiler/passes/pose_folding.h) on the worked example, whose aim layer is a
// MakeAdditive of a clip against the bind pose: folded, every frame records one task fewer and the
// program still agrees with direct evaluation, which computes the additive from the source every
// frame; a bake against the wrong reference pose is caught; a stale bake does not bind.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "compiler/validate/validate.h"
#include "tests/validate/sample_check.h"
#include "tests/validate/validation_pipeline.h"
#include "vm/frame_runner.h"

using namespace anim;
using Catch::Matchers::Contains;

namespace {

std::unique_ptr<test::ValidationInputs> WorkedExample(const codegen::CompileOptions& options) {
  const std::string dir = std::string(ANIMTC_SOURCE_DIR) + "/samples/";
  return test::PrepareValidationFiles(dir + "worked_example.yaml", dir + "worked_example.scenario.yaml", {},
                                      options);
}

}  // namespace

TEST_CASE(
    "the worked example's aim layer folds: one task fewer a frame, still agreeing with direct evaluation",
    "[validate][fold]") {
  const auto folded = WorkedExample({});
  const auto plain = WorkedExample({.fold_poses = false});
  REQUIRE(plain->compiled.program.baked_clips.empty());
  REQUIRE(folded->compiled.program.baked_clips.size() == 1);
  REQUIRE(folded->compiled.program.baked_clips[0].name == "aim_pose~additive");
  REQUIRE(folded->compiled.stats.passes.poses_folded == 1);

  std::vector<std::size_t> plain_tasks;
  test::RunSample(*plain, [&](const FrameResult& frame) { plain_tasks.push_back(frame.list->tasks.size()); });
  std::size_t frames = 0;
  test::RunSample(*folded, [&](const FrameResult& frame) {
    INFO("frame " << frame.frame);
    REQUIRE(frame.list->tasks.size() + 1 == plain_tasks.at(frames++));
    int baked_samples = 0;
    for (const AnimTask& task : frame.list->tasks) {
      REQUIRE(task.type != AnimTaskType::MakeAdditive);
      if (task.type == AnimTaskType::SampleClip &&
          frame.list->clips[task.resource]->name() == "aim_pose~additive")
        ++baked_samples;
    }
    REQUIRE(baked_samples == 1);
  });
  REQUIRE(frames == plain_tasks.size());

  const ValidationReport report = Validate(folded->graph, folded->compiled.program, folded->scenario);
  INFO(FormatReport(report));
  REQUIRE(report.agree);
  REQUIRE(report.frames >= 300);
}

TEST_CASE("validation catches a bake against the wrong reference pose", "[validate][fold][mutation]") {
  const auto in = WorkedExample({});
  Program faulty = in->compiled.program;
  BakedClipDesc& baked = faulty.baked_clips.at(0);
  // The fault: rotations baked against the source's first key frame instead of the bind pose.
  const Clip& source = in->graph.clips.at(baked.source_clip);
  const int bones = in->graph.skeleton.bone_count();
  Pose first(bones), key(bones);
  source.DecodeFrame(0, first.view());
  int changed = 0;
  for (BakedChannel& channel : baked.channels) {
    if (channel.channel != TrackChannel::Rotation) continue;
    for (uint32_t k = 0; k < baked.frame_count; ++k) {
      source.DecodeFrame(static_cast<int>(k), key.view());
      const Quat q = Normalize(key.Get(channel.bone).rotation * Conjugate(first.Get(channel.bone).rotation));
      const float v[4] = {q.x, q.y, q.z, q.w};
      std::copy(v, v + 4, channel.keys.begin() + 4 * k);
    }
    ++changed;
  }
  REQUIRE(changed > 0);
  const ValidationReport report = Validate(in->graph, faulty, in->scenario);
  INFO(FormatReport(report));
  REQUIRE_FALSE(report.agree);
  REQUIRE(report.divergence);
  REQUIRE(report.divergence->task_type == "SampleClip");
  REQUIRE(report.divergence->node == "aim_layer");
}

TEST_CASE("a program whose bake does not match the bound source clip is refused as stale",
          "[validate][fold]") {
  const auto in = WorkedExample({});
  Program stale = in->compiled.program;
  stale.baked_clips.at(0).inputs_hash ^= 1;
  const ValidationReport report = Validate(in->graph, stale, in->scenario);
  REQUIRE_FALSE(report.agree);
  REQUIRE_THAT(report.error, Contains("baked clip 'aim_pose~additive' was baked from another 'aim_pose'"));
}
