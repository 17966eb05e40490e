// The curve stream beside the bones (docs/semantics.md, "Curves"): every task type does to a pose's
// curves what the semantics say, the pooled executor and the naive reference executor agree, and
// the output reports them.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "executor/tasks/execute_task_list.h"
#include "executor/tasks/reference_executor.h"
#include "tests/executor/chain_rig.h"

namespace anim::test {
namespace {

constexpr int kBrow = 0, kJaw = 1, kBlink = 2;  // the list's curves

std::vector<float> Keys(int frames, float (*f)(int)) {
  std::vector<float> keys;
  for (int k = 0; k < frames; ++k)
    keys.push_back(f(k));
  return keys;
}

// The chain rig with curves: bend_x carries brow (rising 0 to 1) and jaw (0.5); bend_z carries brow
// (falling 1 to 0) and blink (stepping 0, 1, 0, ...), and a curve the list does not read.
struct CurveRig : ChainRig {
  CurveRig() {
    const int frames = clips[0].frame_count();
    REQUIRE(clips[0].AddCurve({"brow", Keys(frames, [](int k) { return static_cast<float>(k) / 30.0f; })}));
    REQUIRE(clips[0].AddCurve({"jaw", Keys(frames, [](int) { return 0.5f; })}));
    REQUIRE(clips[1].AddCurve({"unused", Keys(frames, [](int) { return 9.0f; })}));
    REQUIRE(clips[1].AddCurve(
        {"brow", Keys(frames, [](int k) { return 1.0f - static_cast<float>(k) / 30.0f; })}));
    REQUIRE(
        clips[1].AddCurve({"blink", Keys(frames, [](int k) { return static_cast<float>(k % 2); }), true}));
    targets.push_back({{kBrow, kJaw}});
    targets.push_back({{ClipCurveTargets::kUnusedCurve, kBrow, kBlink}});
    BoneMask face = masks[0];
    face.curve_weights = {1.0f, 0.0f, 0.5f};
    masks.push_back(face);
  }

  AnimTaskList List() {
    AnimTaskList list = NewList();
    list.curve_count = 3;
    list.clip_curves = targets;
    return list;
  }

  std::vector<ClipCurveTargets> targets;
};

// Both executors, each with its own copy of the instance state, over the same frames.
struct TwinRun {
  explicit TwinRun(CurveRig& r) : rig(r), reference_state(r.state) {}

  std::vector<float> Frame(AnimTaskList list) {
    std::vector<float> pooled(3, -1.0f), reference(3, -1.0f);
    list.state = &rig.state;
    ExecuteTaskList(list, {.curves = pooled});
    list.state = &reference_state;
    ExecuteTaskListReference(list, {.curves = reference});
    for (int c = 0; c < 3; ++c)
      CHECK(pooled[c] == reference[c]);
    return pooled;
  }

  CurveRig& rig;
  TaskStateStorage reference_state;
};

}  // namespace

TEST_CASE("curves: a clip's curves are sampled where the list sends them, others read 0",
          "[executor][curves]") {
  CurveRig rig;
  TwinRun run(rig);
  AnimTaskList list = rig.List();
  list.output_task = list.Add(SampleTask(0, 0.5f));  // key 15 exactly
  CHECK_THAT(run.Frame(list), Catch::Matchers::Approx(std::vector<float>{0.5f, 0.5f, 0.0f}).margin(1e-6));

  list.tasks[0] = SampleTask(1, 0.51f);  // between keys 15 and 16: brow lerps, blink steps
  const std::vector<float> between = run.Frame(list);
  CHECK(between[kBrow] == Approx(1.0f - 15.3f / 30.0f).margin(1e-5));
  CHECK(between[kJaw] == 0.0f);
  CHECK(between[kBlink] == 1.0f);  // key 15 held until key 16's time

  list.tasks[0] = SampleTask(1, 1.0f);  // the loop's end wraps to key 0
  CHECK_THAT(run.Frame(list), Catch::Matchers::Approx(std::vector<float>{1.0f, 0.0f, 0.0f}).margin(1e-6));
}

TEST_CASE("curves: blends lerp them, a masked blend by its curve weights", "[executor][curves]") {
  CurveRig rig;
  TwinRun run(rig);
  AnimTaskList list = rig.List();
  const int16_t a = list.Add(SampleTask(0, 0.2f));  // brow 0.2, jaw 0.5, blink 0
  const int16_t b = list.Add(SampleTask(1, 0.1f));  // brow 0.9, jaw 0, blink 1
  list.output_task = list.Add(TaskOn(AnimTaskType::Blend, a, b, 0.25f));
  std::vector<float> c = run.Frame(list);
  CHECK(c[kBrow] == Approx(0.2f + 0.7f * 0.25f));
  CHECK(c[kJaw] == Approx(0.375f));
  CHECK(c[kBlink] == Approx(0.25f));

  AnimTask masked = TaskOn(AnimTaskType::BlendMasked, a, b, 0.5f);
  masked.resource = 2;  // curve weights brow 1, jaw 0, blink 0.5
  list.tasks[2] = masked;
  c = run.Frame(list);
  CHECK(c[kBrow] == Approx(0.2f + 0.7f * 0.5f));
  CHECK(c[kJaw] == Approx(0.5f));
  CHECK(c[kBlink] == Approx(0.25f));

  list.tasks[2].resource = 1;  // a mask without curve weights: every curve by the alpha alone
  c = run.Frame(list);
  CHECK(c[kBrow] == Approx(0.55f));
  CHECK(c[kJaw] == Approx(0.25f));
  CHECK(c[kBlink] == Approx(0.5f));
}

TEST_CASE("curves: an additive carries the difference and adds it by its alpha", "[executor][curves]") {
  CurveRig rig;
  TwinRun run(rig);
  AnimTaskList list = rig.List();
  const int16_t base = list.Add(SampleTask(0, 0.2f));                          // brow 0.2, jaw 0.5, blink 0
  const int16_t source = list.Add(SampleTask(1, 0.1f));                        // brow 0.9, jaw 0, blink 1
  const int16_t delta = list.Add(TaskOn(AnimTaskType::MakeAdditive, source));  // against the bind pose
  list.output_task = list.Add(TaskOn(AnimTaskType::ApplyAdditive, base, delta, 0.5f));
  std::vector<float> c = run.Frame(list);
  CHECK(c[kBrow] == Approx(0.2f + 0.45f));
  CHECK(c[kJaw] == Approx(0.5f));
  CHECK(c[kBlink] == Approx(0.5f));

  AnimTask against_pose = TaskOn(AnimTaskType::MakeAdditive, source, base);
  against_pose.mode = static_cast<uint8_t>(AdditiveBase::Pose);
  list.tasks[2] = against_pose;  // the delta is source - base
  list.output_task = 2;
  c = run.Frame(list);
  CHECK(c[kBrow] == Approx(0.7f));
  CHECK(c[kJaw] == Approx(-0.5f));
  CHECK(c[kBlink] == Approx(1.0f));
}

TEST_CASE("curves: ops, weight pruning, snapshots and a missing output", "[executor][curves]") {
  CurveRig rig;
  TwinRun run(rig);
  AnimTaskList list = rig.List();
  const int16_t a = list.Add(SampleTask(0, 0.2f));
  const int16_t b = list.Add(SampleTask(1, 0.1f));
  AnimTask ik = TaskOn(AnimTaskType::TwoBoneIK, b, AnimTask::NoTask, 1.0f);
  ik.bone_a = 3, ik.bone_b = 4, ik.bone_c = 5, ik.t = {0.1f, 0.3f, 0.0f};
  const int16_t solved = list.Add(ik);  // an op passes its source's curves on
  list.output_task = list.Add(TaskOn(AnimTaskType::Blend, a, solved, 1.0f));  // pruned down to b
  CHECK_THAT(run.Frame(list), Catch::Matchers::Approx(std::vector<float>{0.9f, 0.0f, 1.0f}).margin(1e-6));

  AnimTask save = TaskOn(AnimTaskType::SavePoseSnapshot, a);
  save.resource = 1;
  AnimTaskList saving = rig.List();
  saving.Add(SampleTask(0, 0.2f));
  saving.output_task = saving.Add(save);
  CHECK_THAT(run.Frame(saving), Catch::Matchers::Approx(std::vector<float>{0.2f, 0.5f, 0.0f}).margin(1e-6));
  AnimTaskList loading = rig.List();
  AnimTask load = TaskOn(AnimTaskType::LoadPoseSnapshot, AnimTask::NoTask);
  load.resource = 1;
  loading.output_task = loading.Add(load);
  CHECK_THAT(run.Frame(loading), Catch::Matchers::Approx(std::vector<float>{0.2f, 0.5f, 0.0f}).margin(1e-6));

  AnimTaskList empty = rig.List();  // no output: the bind pose, whose curves are 0
  CHECK_THAT(run.Frame(empty), Catch::Matchers::Approx(std::vector<float>{0.0f, 0.0f, 0.0f}).margin(1e-6));
}

TEST_CASE("curves: transitions keep them continuous at the seam and end on the target",
          "[executor][curves]") {
  for (const AnimTaskType type :
       {AnimTaskType::Inertialize, AnimTaskType::DeadBlend, AnimTaskType::Crossfade}) {
    DYNAMIC_SECTION(AnimTaskTypeName(type)) {
      CurveRig rig;
      TwinRun run(rig);
      // Two frames of clip 0 through the machine's seam, then a 0.2 s transition to clip 1.
      auto frame = [&](uint16_t clip, float time, float elapsed, uint8_t flags) {
        AnimTaskList list = rig.List();
        const int16_t source = list.Add(SampleTask(clip, time));
        AnimTask seam = TaskOn(type, source);
        seam.time = elapsed;
        seam.alpha = 0.2f;
        seam.aux = 0.05f;  // dead blending's half-life
        seam.flags = flags;
        list.output_task = list.Add(seam);
        return run.Frame(list);
      };
      frame(0, 0.1f, 1.0f, 0);
      const std::vector<float> before = frame(0, 0.1f + 1.0f / 30.0f, 1.0f, 0);
      CHECK(before[kBrow] == Approx(0.1f + 1.0f / 30.0f));
      const std::vector<float> seam = frame(1, 0.5f, 0.0f, kTaskFlagCapture | kTaskFlagApply);
      // At the seam the output still shows the previous output: no jump.
      for (int c = 0; c < 3; ++c)
        CHECK(seam[c] == Approx(before[c]).margin(1e-6));
      const std::vector<float> halfway = frame(1, 0.6f, 0.1f, kTaskFlagApply);
      CHECK(halfway[kBrow] != Approx(0.8f).margin(1e-3));  // still blending toward clip 1's 0.8
      const std::vector<float> done = frame(1, 0.7f, 0.2f, kTaskFlagApply);
      CHECK(done[kBrow] == Approx(1.0f - 0.7f).margin(1e-6));
      CHECK(done[kJaw] == 0.0f);
    }
  }
}

}  // namespace anim::test

namespace anim::test {

TEST_CASE("curves: a hand-built list's curve count is clamped, and no output means curves of 0",
          "[executor][curves]") {
  CurveRig rig;
  for (const int count : {-100, -8, 0, 70000}) {
    DYNAMIC_SECTION("curve_count " << count) {
      AnimTaskList list = rig.List();
      list.curve_count = count;
      const int16_t a = list.Add(SampleTask(0, 0.2f));
      list.output_task = list.Add(TaskOn(AnimTaskType::Blend, a, list.Add(SampleTask(1, 0.1f)), 0.5f));
      Pose pooled, reference;
      ExecuteTaskList(list, {.local_pose = &pooled});
      ExecuteTaskListReference(list, {.local_pose = &reference});
      CHECK(pooled.curve_count() == list.CurveCount());
      CHECK(reference.curve_count() == list.CurveCount());
      CHECK(list.CurveCount() == (count < 0 ? 0 : count > kMaxCurves ? kMaxCurves : count));
    }
  }
  // A reused output pose without an output task: its curves are the bind pose's, 0, in both.
  AnimTaskList list = rig.List();
  list.output_task = list.Add(SampleTask(0, 0.2f));
  Pose pooled, reference;
  ExecuteTaskList(list, {.local_pose = &pooled});
  ExecuteTaskListReference(list, {.local_pose = &reference});
  REQUIRE(reference.curves()[kBrow] != 0.0f);
  list.output_task = AnimTask::NoTask;
  ExecuteTaskList(list, {.local_pose = &pooled});
  ExecuteTaskListReference(list, {.local_pose = &reference});
  for (int c = 0; c < 3; ++c) {
    CHECK(pooled.curves()[c] == 0.0f);
    CHECK(reference.curves()[c] == 0.0f);
  }
}

}  // namespace anim::test
