// Weight pruning on compiled graphs: a blend at alpha exactly 0 or 1, a masked blend or an additive
// at 0 and an op at 0 pass one input through, and the executor does not compute the other. Two
// instances of each graph play the same frames, one executed with pruning and one without: the
// poses, skinning matrices and root motion are the same bit for bit, while fewer tasks run and the
// peak of live pool buffers drops. A subtree that keeps state (a snapshot, a transition) is never
// pruned. Direct evaluation agrees throughout.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <vector>

#include "compiler/scenario/scenario_reader.h"
#include "compiler/validate/validate.h"
#include "tests/vm_graphs/compiled_rig.h"

using namespace anim;

namespace {

constexpr float kDt = 1.0f / 30.0f;

// One graph played twice in step: with weight pruning and without.
struct Pair {
  std::unique_ptr<test::Rig> pruned, full;
  TaskSnapshot pruned_snapshot, full_snapshot;
  std::vector<Mat4> pruned_skinning, full_skinning;

  explicit Pair(const std::string& body)
      : pruned(test::Rig::Compile(body)),
        full(test::Rig::Compile(body)),
        pruned_skinning(static_cast<std::size_t>(pruned->graph.skeleton.bone_count())),
        full_skinning(pruned_skinning.size()) {}

  void Set(const char* param, float value) {
    REQUIRE(pruned->instance->SetFloat(param, value));
    REQUIRE(full->instance->SetFloat(param, value));
  }

  void Step() {
    Run(*pruned, pruned_snapshot, pruned_skinning, true);
    Run(*full, full_snapshot, full_skinning, false);
  }

  static void Run(test::Rig& rig, TaskSnapshot& snapshot, std::vector<Mat4>& skinning, bool prune) {
    BuildTasks(*rig.binding, *rig.instance, kDt, rig.list);
    ExecutorOptions options;
    options.prune_by_weight = prune;
    ExecuteTaskListWith(rig.list,
                        {.skinning = skinning, .local_pose = &rig.pose, .root_motion = &rig.root_motion},
                        &snapshot, options);
  }

  // The outputs, bit for bit.
  void RequireIdentical() const {
    const int bones = pruned->pose.bone_count();
    REQUIRE(full->pose.bone_count() == bones);
    for (int b = 0; b < bones; ++b) {
      INFO("bone " << b);
      const Transform p = pruned->pose.Get(b), f = full->pose.Get(b);
      REQUIRE(std::memcmp(&p, &f, sizeof(Transform)) == 0);
    }
    REQUIRE(std::memcmp(pruned_skinning.data(), full_skinning.data(),
                        pruned_skinning.size() * sizeof(Mat4)) == 0);
    REQUIRE(std::memcmp(&pruned->root_motion, &full->root_motion, sizeof(Transform)) == 0);
  }
};

// The reachable task of graph node `node` and `type` in `rig`'s last list, or -1.
int TaskOf(const test::Rig& rig, const std::string& node, AnimTaskType type) {
  const std::vector<std::string>& names = rig.binding->node_names();
  for (std::size_t i = 0; i < rig.list.tasks.size(); ++i) {
    const AnimTask& t = rig.list.tasks[i];
    if (t.type == type && t.source_node >= 0 && names[t.source_node] == node) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

TEST_CASE("a blend at alpha 0 or 1 computes only the input it passes, bit for bit", "[pruning]") {
  Pair pair(R"(parameters: {w: {type: float, default: 0, min: 0, max: 1}}
root_motion: extract
nodes:
  heavy: {kind: blend, a: {kind: clip, clip: walk}, b: {kind: clip, clip: jump}, alpha: 0.3}
  mix: {kind: blend, a: {kind: clip, clip: idle}, b: heavy, alpha: w}
output: {pose: mix}
)");
  pair.Step();
  pair.RequireIdentical();
  // At 0 the whole of 'heavy' (a blend of two clips) is skipped: 1 task runs instead of 4 ...
  CHECK(pair.pruned_snapshot.reachable_count == 2);  // idle, then mix passing it through
  CHECK(pair.full_snapshot.reachable_count == 5);
  CHECK(pair.pruned_snapshot.peak_live_buffers == 1);
  CHECK(pair.full_snapshot.peak_live_buffers == 3);
  const int heavy = TaskOf(*pair.pruned, "heavy", AnimTaskType::Blend);
  const int mix = TaskOf(*pair.pruned, "mix", AnimTaskType::Blend);
  CHECK(pair.pruned_snapshot.tasks[static_cast<std::size_t>(heavy)].pruned_by == mix);

  // ... at 1 the idle clip is, and in between nothing is.
  for (const float w : {1.0f, 0.5f, 0.0f}) {
    INFO("w = " << w);
    pair.Set("w", w);
    for (int f = 0; f < 5; ++f) {
      pair.Step();
      pair.RequireIdentical();
    }
    CHECK(pair.pruned_snapshot.reachable_count == (w == 0.5f ? 5 : w == 1.0f ? 4 : 2));
  }
}

TEST_CASE("a masked blend or an additive at weight 0 computes only its base", "[pruning]") {
  Pair pair(R"(parameters: {w: {type: float, default: 0, min: 0, max: 1}}
masks: {upper: {bones: {spine_01: 1}}}
nodes:
  lean: {kind: make_additive, pose: {kind: clip, clip: jump}, base: {kind: clip, clip: idle}}
  layered: {kind: apply_additive, base: {kind: clip, clip: walk}, additive: lean, alpha: w}
  upper: {kind: masked_blend, a: layered, b: {kind: clip, clip: idle}, mask: upper, alpha: w}
output: {pose: upper}
)");
  pair.Step();
  pair.RequireIdentical();
  CHECK(pair.pruned_snapshot.reachable_count == 3);  // walk, and the two layers passing it through
  CHECK(pair.full_snapshot.reachable_count == 7);
  CHECK(pair.pruned_snapshot.peak_live_buffers == 1);
  CHECK(pair.full_snapshot.peak_live_buffers == 3);
  pair.Set("w", 0.25f);
  pair.Step();
  pair.RequireIdentical();
  CHECK(pair.pruned_snapshot.reachable_count == 7);
}

TEST_CASE("an op or IK solver at alpha 0 passes its source through exactly", "[pruning]") {
  Pair pair(R"(parameters: {w: {type: float, default: 0, min: 0, max: 1}}
nodes:
  reach: {kind: two_bone_ik, pose: {kind: clip, clip: walk}, root: upperarm_l, mid: lowerarm_l, end: hand_l, target: [0.4, 1.2, 0.5], alpha: w}
  look: {kind: look_at, pose: reach, bone: head, target: [0, 1.6, 3], alpha: w}
  lift: {kind: translate_bone, pose: look, bone: pelvis, offset: [0, 0.1, 0], alpha: w}
output: {pose: lift}
)");
  pair.Step();
  pair.RequireIdentical();
  // The ops take their source's buffer and leave it as it is.
  CHECK(pair.pruned_snapshot.peak_live_buffers == 1);
  auto walk_only = test::Rig::Compile(R"(nodes: {walk: {kind: clip, clip: walk}}
output: {pose: walk}
)");
  walk_only->Step(kDt);
  for (int b = 0; b < walk_only->pose.bone_count(); ++b) {
    const Transform p = pair.pruned->pose.Get(b), w = walk_only->pose.Get(b);
    REQUIRE(std::memcmp(&p, &w, sizeof(Transform)) == 0);
  }
  pair.Set("w", 0.6f);
  pair.Step();
  pair.RequireIdentical();
}

TEST_CASE("a weight never prunes a subtree that keeps state", "[pruning]") {
  Pair pair(R"(parameters: {w: {type: float, default: 0, min: 0, max: 1}, go: {type: bool}}
nodes:
  saved: {kind: save_snapshot, pose: {kind: clip, clip: walk}, name: last_walk}
  plain: {kind: blend, a: {kind: clip, clip: idle}, b: {kind: clip, clip: jump}, alpha: 0.5}
  mix: {kind: blend, a: {kind: clip, clip: idle}, b: saved, alpha: w}
  top: {kind: blend, a: mix, b: plain, alpha: w}
  back: {kind: blend, a: top, b: {kind: load_snapshot, name: last_walk}, alpha: 0.5}
output: {pose: back}
)");
  for (int f = 0; f < 3; ++f) {
    pair.Step();
    pair.RequireIdentical();
  }
  const test::Rig& rig = *pair.pruned;
  const auto reachable = [&](const char* node, AnimTaskType type) {
    const int t = TaskOf(rig, node, type);
    REQUIRE(t >= 0);
    return pair.pruned_snapshot.tasks[static_cast<std::size_t>(t)].reachable;
  };
  CHECK(reachable("saved", AnimTaskType::SavePoseSnapshot));  // kept: it saves a pose for the next frame
  CHECK_FALSE(reachable("plain", AnimTaskType::Blend));       // pruned
}

TEST_CASE("direct evaluation agrees with pruning over a scenario that crosses 0 and 1", "[pruning]") {
  auto rig = test::Rig::Compile(R"(parameters: {w: {type: float, default: 0, min: 0, max: 1}}
masks: {upper: {bones: {spine_01: 1}}}
nodes:
  lean: {kind: make_additive, pose: {kind: clip, clip: jump}}
  layered: {kind: apply_additive, base: {kind: clip, clip: walk}, additive: lean, alpha: "1 - w"}
  mix: {kind: blend, a: {kind: clip, clip: idle}, b: layered, alpha: w}
  upper: {kind: masked_blend, a: mix, b: {kind: clip, clip: jump}, mask: upper, alpha: "w > 0.5 ? 0 : w"}
output: {pose: {kind: look_at, pose: upper, bone: head, target: [0, 1.6, 3], alpha: "w < 0.2 ? 0 : 1"}}
)");
  DiagnosticSink diagnostics;
  const std::optional<Scenario> scenario = ParseScenario(R"(format: animtc.scenario
version: 1
frames: 120
delta_time: 0.0333333
events:
  - {ramp: w, start: 0.5, end: 2.5, from: 0, to: 1}
  - {set: w, at: 3, value: 0}
)",
                                                         "run.yaml", rig->program, diagnostics);
  REQUIRE(scenario);
  const ValidationReport report = Validate(rig->graph, rig->program, *scenario);
  INFO(FormatReport(report));
  CHECK(report.agree);
}
