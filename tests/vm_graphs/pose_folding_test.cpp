// Compile-time pose folding (compiler/passes/pose_folding.h): a baked additive, sampled as the
// runtime samples clips, equals the runtime's SampleClip + MakeAdditive against the bind pose at
// every time (keys interpolated, looping wrapped, play-once clamped, stepping channels held,
// curves, a root bone's motion taken out), within 1e-5.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "compiler/graph/load_graph.h"
#include "compiler/passes/pose_folding.h"
#include "executor/kernels/pose_kernels.h"
#include "executor/ops/root_motion.h"
#include "vm/baked_clips.h"

namespace anim {
namespace {

constexpr float kTolerance = 1e-5f;

CompiledGraph HumanoidClips() {
  DiagnosticSink diagnostics;
  std::optional<CompiledGraph> g = ParseGraph(
      "format: animtc.graph\nversion: 1\nskeleton: humanoid/skeleton.yaml\n"
      "clips: {aim_pose: humanoid/aim_pose.json, walk_fwd: humanoid/walk_fwd.json, jump: "
      "humanoid/jump.json}\n"
      "nodes:\n  a: {kind: make_additive, pose: {kind: clip, clip: aim_pose}}\n"
      "  w: {kind: make_additive, pose: {kind: clip, clip: walk_fwd}}\n"
      "  j: {kind: make_additive, pose: {kind: clip, clip: jump, loop: false}}\n"
      "  aw: {kind: apply_additive, base: {kind: reference_pose}, additive: a}\n"
      "  aj: {kind: apply_additive, base: aw, additive: w}\n"
      "output: {pose: {kind: apply_additive, base: aj, additive: j}}\n",
      "fold.yaml", std::string(ANIMTC_SOURCE_DIR) + "/samples", diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(g);
  return *std::move(g);
}

// A clip that exercises what the humanoid's do not: a looping clip whose rotation keys cross
// hemispheres, a scaled bone, a stepping translation, and a curve.
Clip SyntheticClip(const Skeleton& skeleton) {
  std::string error;
  Clip clip = *Clip::Create(skeleton, "synthetic", 10.0f, 4, true, error);
  const Quat turns[4] = {Normalize(Quat{0.1f, 0.7f, 0.0f, 0.7f}), Normalize(Quat{-0.2f, -0.6f, 0.1f, -0.75f}),
                         Normalize(Quat{0.3f, 0.5f, -0.2f, 0.8f}), Normalize(Quat{0.1f, 0.7f, 0.0f, 0.7f})};
  for (int k = 0; k < 4; ++k) {
    Transform root = skeleton.bind_pose().Get(0);
    root.translation = {0.5f * static_cast<float>(k), 0.9f + 0.01f * static_cast<float>(k),
                        -0.3f * static_cast<float>(k)};
    SetBoneTransform(clip.frame(k), 0, root);
    Transform spine = skeleton.bind_pose().Get(2);
    spine.rotation = turns[k];
    SetBoneTransform(clip.frame(k), 2, spine);
    Transform hand = skeleton.bind_pose().Get(5);
    hand.translation = {static_cast<float>(k), 0.0f, 1.0f};
    hand.scale = {1.0f + 0.5f * static_cast<float>(k), 0.5f, 2.0f};
    SetBoneTransform(clip.frame(k), 5, hand);
  }
  clip.MarkTracked(0);
  clip.MarkTracked(2);
  clip.MarkTracked(5);
  clip.MarkStep(5, TrackChannel::Translation);
  clip.AddCurve(ClipCurve{"jaw", {0.0f, 1.0f, 0.25f, 0.0f}, false});
  return clip;
}

// Sampling times: before the start, on and just off every key, between keys, at and past the end.
std::vector<float> Times(const Clip& clip) {
  std::vector<float> times = {-0.37f, 0.0f, clip.duration(), clip.duration() + 0.5f,
                              3.7f * clip.duration() + 0.01f};
  for (int k = 0; k < clip.frame_count(); ++k) {
    const float key = static_cast<float>(k) / clip.sample_rate();
    for (float d : {-1e-6f, 0.0f, 1e-6f, 0.13f, 0.5f, 0.87f})
      times.push_back(key + d / clip.sample_rate());
  }
  return times;
}

void RequireClose(const Transform& expected, const Transform& baked, int bone, float time) {
  INFO("bone " << bone << " at t = " << time);
  const float e[10] = {expected.translation.x, expected.translation.y, expected.translation.z,
                       expected.rotation.x,    expected.rotation.y,    expected.rotation.z,
                       expected.rotation.w,    expected.scale.x,       expected.scale.y,
                       expected.scale.z};
  const float b[10] = {baked.translation.x, baked.translation.y, baked.translation.z, baked.rotation.x,
                       baked.rotation.y,    baked.rotation.z,    baked.rotation.w,    baked.scale.x,
                       baked.scale.y,       baked.scale.z};
  for (int i = 0; i < 10; ++i) {
    INFO("component " << i << ": runtime " << e[i] << ", baked " << b[i]);
    REQUIRE(std::fabs(e[i] - b[i]) <= kTolerance);
  }
}

// Bakes `source` (motion of `motion_bone` out when >= 0) and compares it with the runtime's path.
void CheckBakeMatchesRuntime(const Clip& source, const Skeleton& skeleton,
                             const std::vector<std::string>& curves, int motion_bone) {
  INFO("clip " << source.name() << ", motion bone " << motion_bone);
  Program program;
  program.clips = {source.name()};
  program.curves = curves;
  program.baked_clips = {ir::BakeAdditive(source, 0, skeleton, curves, motion_bone)};
  const Clip* loaded[] = {&source};
  std::string error;
  std::optional<std::vector<Clip>> baked = BuildBakedClips(program, skeleton, loaded, error);
  INFO(error);
  REQUIRE(baked);
  const Clip& delta_clip = baked->front();
  REQUIRE(delta_clip.pose_kind() == PoseKind::AdditiveLocal);
  REQUIRE(program.baked_clips[0].channels.size() < 3u * static_cast<std::size_t>(skeleton.bone_count()));

  const int n = skeleton.bone_count();
  Pose sampled(n), runtime_delta(n), baked_delta(n);
  for (float t : Times(source)) {
    SampleClip(sampled.view(), source, t, n);
    if (motion_bone >= 0) sampled.Set(motion_bone, WithoutMotion(sampled.Get(motion_bone)));
    MakeAdditiveLocal(runtime_delta.view(), sampled.view(), skeleton.bind_pose().view(), n);
    SampleClip(baked_delta.view(), delta_clip, t, n);
    for (int b = 0; b < n; ++b)
      RequireClose(runtime_delta.Get(b), baked_delta.Get(b), b, t);
    // The bind pose's curves are 0: the delta's are the source's, where the table has them.
    for (const ClipCurve& curve : source.curves()) {
      const int at = delta_clip.FindCurve(curve.name);
      REQUIRE(at >= 0);
      REQUIRE(std::fabs(curve.Sample(source.KeysAt(t)) -
                        delta_clip.curves()[static_cast<std::size_t>(at)].Sample(delta_clip.KeysAt(t))) <=
              kTolerance);
    }
  }
}

TEST_CASE("a baked additive samples as the runtime's SampleClip + MakeAdditive at every time", "[vm][fold]") {
  const CompiledGraph g = HumanoidClips();
  for (const Clip& clip : g.clips)
    CheckBakeMatchesRuntime(clip, g.skeleton, g.graph.curves, -1);
  std::vector<std::string> curves = g.graph.curves;
  curves.push_back("jaw");
  const Clip synthetic = SyntheticClip(g.skeleton);
  CheckBakeMatchesRuntime(synthetic, g.skeleton, curves, -1);
  // Bone 0's rotation is the same in every key: its motion bakes out exactly.
  CheckBakeMatchesRuntime(synthetic, g.skeleton, curves, 0);
}

TEST_CASE("a baked clip lists only the channels that move away from the identity delta", "[vm][fold]") {
  const CompiledGraph g = HumanoidClips();
  std::vector<std::string> curves = {"jaw"};
  const BakedClipDesc baked = ir::BakeAdditive(SyntheticClip(g.skeleton), 0, g.skeleton, curves, -1);
  std::vector<std::pair<int, TrackChannel>> listed;
  for (const BakedChannel& c : baked.channels)
    listed.emplace_back(c.bone, c.channel);
  const std::vector<std::pair<int, TrackChannel>> expected = {{0, TrackChannel::Translation},
                                                              {2, TrackChannel::Rotation},
                                                              {5, TrackChannel::Translation},
                                                              {5, TrackChannel::Scale}};
  REQUIRE(listed == expected);
  REQUIRE(baked.channels[2].step);
  REQUIRE(baked.curves.size() == 1);
  REQUIRE(baked.name == "synthetic~additive");
  REQUIRE(baked.looping);
  REQUIRE(baked.frame_count == 4);
}

TEST_CASE("the fold bakes local additives of clips against the bind pose and leaves the rest", "[vm][fold]") {
  CompiledGraph g = HumanoidClips();
  ir::Graph graph = g.graph;
  REQUIRE(ir::FoldPoses(graph, {g.skeleton, g.clips}) == 3);
  REQUIRE(graph.baked_clips.size() == 3);
  REQUIRE(graph.baked_clips[0].name == "aim_pose~additive");
  for (const ClockDesc& clock : graph.clocks)
    REQUIRE(clock.clip >= graph.clips.size());

  SECTION("mesh space is not folded") {
    ir::Graph mesh = g.graph;
    for (ir::Value& v : mesh.values) {
      if (v.op == ir::Op::MakeAdditive) v.flags = 1;
    }
    REQUIRE(ir::FoldPoses(mesh, {g.skeleton, g.clips}) == 0);
    REQUIRE(mesh.baked_clips.empty());
  }
  SECTION("a clip in a sync group is not folded") {
    ir::Graph synced = g.graph;
    synced.sync_groups = {"feet"};
    for (ClockDesc& clock : synced.clocks)
      clock.sync_group = 0;
    REQUIRE(ir::FoldPoses(synced, {g.skeleton, g.clips}) == 0);
  }
}

}  // namespace
}  // namespace anim
