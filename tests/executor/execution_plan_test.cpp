// Plan reuse (executor/tasks/execution_plan.h): a list replays the previous list's decisions only
// when nothing those decisions read has changed. Random lists change shape between frames (a
// weight reaches 0 or 1, the output moves, a dependency is rewired, a snapshot is saved or
// forgotten) and must come out bit for bit as when every list is decided afresh. Targeted lists
// check the edges of the shape: an unreachable task is not part of it, a task under an input a
// weight prunes is, and so are the bones of a bone op that passes its input through in place, a
// MakeAdditive's mode and the seam a transition task writes.
#include <catch2/catch.hpp>

#include <array>
#include <functional>
#include <random>

#include "executor/tasks/execute_task_list.h"
#include "executor/tasks/reference_executor.h"
#include "tests/executor/random_task_list.h"

using namespace anim;

namespace {

constexpr int kScenes = 300;
constexpr int kFrames = 12;

// Weighted tasks: a weight of exactly 0 (or 1 for a blend) passes one input through.
bool HasWeight(AnimTaskType type) {
  const AnimTask probe{.type = type, .alpha = 0.0f};
  return PassThroughInput(probe) >= 0;
}

// Between frames: half the time nothing but the per-frame fields change (the plan replays),
// otherwise one change of shape.
void ChangeShape(AnimTaskList& list, uint32_t seed, int frame) {
  std::mt19937 rng(seed * 104729u + static_cast<uint32_t>(frame));
  const int n = static_cast<int>(list.tasks.size());
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  switch (pick(0, 5)) {
    case 0: {  // a weight reaches 0 or 1, or leaves them
      AnimTask& t = list.tasks[pick(0, n - 1)];
      if (HasWeight(t.type)) t.alpha = std::array{0.0f, 1.0f, 0.37f}[pick(0, 2)];
      break;
    }
    case 1:  // another output
      list.output_task = static_cast<int16_t>(pick(0, n - 1));
      break;
    case 2: {  // a rewired input, possibly to none
      AnimTask& t = list.tasks[pick(0, n - 1)];
      const int i = static_cast<int>(&t - list.tasks.data());
      (pick(0, 1) == 0 ? t.dep_a : t.dep_b) = static_cast<int16_t>(pick(-1, i - 1));
      break;
    }
    case 3:  // the instance forgets its saved poses (a reset): loads yield the bind pose again
      for (PoseSnapshotSlot& slot : list.state->snapshots)
        slot.saved = false;
      break;
    default:
      break;
  }
}

struct Run {
  std::vector<std::vector<Mat4>> frames;
  uint64_t replayed = 0;
};

Run RunFrames(uint32_t seed, bool reuse_plan) {
  std::unique_ptr<test::RandomScene> scene = test::MakeRandomScene(seed);
  TaskStateStorage state = scene->MakeState();
  AnimTaskList list = scene->list;
  list.state = &state;
  const uint64_t replayed_before = ThreadExecutorStats().replayed;
  Run run;
  for (int f = 0; f < kFrames; ++f) {
    scene->AdvanceFrame(seed, f);
    for (std::size_t i = 0; i < list.tasks.size(); ++i) {
      list.tasks[i].time = scene->list.tasks[i].time;
      list.tasks[i].flags = scene->list.tasks[i].flags;
    }
    if (f > 0) ChangeShape(list, seed, f);
    std::vector<Mat4> skinning(scene->skeleton->bone_count());
    ExecuteTaskListWith(list, {.skinning = skinning}, nullptr,
                        {.kernels = &kReferencePoseKernels, .reuse_plan = reuse_plan});
    run.frames.push_back(std::move(skinning));
  }
  run.replayed = ThreadExecutorStats().replayed - replayed_before;
  return run;
}

bool Identical(const std::vector<Mat4>& a, const std::vector<Mat4>& b) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) {
        if (a[i].m[c][r] != b[i].m[c][r]) return false;
      }
    }
  }
  return true;
}

}  // namespace

TEST_CASE("plan reuse: lists that change shape between frames match lists decided afresh",
          "[executor][plan]") {
  uint64_t replayed = 0, lists = 0;
  for (uint32_t seed = 1; seed <= kScenes; ++seed) {
    const Run fresh = RunFrames(seed, false);
    const Run reused = RunFrames(seed, true);
    REQUIRE(fresh.replayed == 0);
    for (int f = 0; f < kFrames; ++f) {
      INFO("seed " << seed << ", frame " << f);
      REQUIRE(Identical(reused.frames[f], fresh.frames[f]));
    }
    replayed += reused.replayed;
    lists += kFrames;
  }
  // Both paths ran: about half the frames keep their shape, the first frame of each scene cannot.
  INFO(replayed << " of " << lists << " lists replayed a plan");
  CHECK(replayed > lists / 4);
  CHECK(replayed < lists - kScenes);
}

// A load reads the instance's saved pose where it lies, so whether the slot holds one is part of
// the shape: a saved pose forgotten between two frames (an instance reset) must not replay a plan
// that reads it.
TEST_CASE("plan reuse: a snapshot saved, then forgotten, is loaded as the frame finds it",
          "[executor][plan]") {
  std::unique_ptr<test::RandomScene> scene = test::MakeRandomScene(7);
  AnimTaskList list;
  list.skeleton = scene->skeleton.get();
  list.clips = scene->clip_table;
  AnimTask sample{.type = AnimTaskType::SampleClip, .time = 0.25f};
  const int16_t sampled = list.Add(sample);
  const int16_t saved = list.Add({.type = AnimTaskType::SavePoseSnapshot, .dep_a = sampled});
  const int16_t loaded = list.Add({.type = AnimTaskType::LoadPoseSnapshot});
  list.output_task = list.Add({.type = AnimTaskType::Blend, .dep_a = loaded, .dep_b = saved, .alpha = 0.5f});

  // Frames 0-2 save and load; before frame 3 the slot is forgotten.
  auto run = [&](bool reuse_plan) {
    TaskStateStorage state;
    state.snapshots.resize(1);
    list.state = &state;
    std::vector<std::vector<Mat4>> frames;
    for (int f = 0; f < 4; ++f) {
      if (f == 3) state.snapshots[0].saved = false;
      list.tasks[sampled].time += 0.1f;
      std::vector<Mat4> skinning(list.skeleton->bone_count());
      ExecuteTaskListWith(list, {.skinning = skinning}, nullptr,
                          {.kernels = &kReferencePoseKernels, .reuse_plan = reuse_plan});
      frames.push_back(std::move(skinning));
    }
    list.tasks[sampled].time = sample.time;
    return frames;
  };
  const auto fresh = run(false);
  const uint64_t replayed_before = ThreadExecutorStats().replayed;
  const auto reused = run(true);
  CHECK(ThreadExecutorStats().replayed - replayed_before == 1);  // frame 2 only
  for (int f = 0; f < 4; ++f) {
    INFO("frame " << f);
    REQUIRE(Identical(reused[f], fresh[f]));
  }
}

namespace {

// Runs `list` for `frames` frames, `change` editing it (and its state) before each, with plans
// reused or not: the skinning of every frame, and how many frames replayed a plan.
struct Frames {
  std::vector<std::vector<Mat4>> skinning;
  uint64_t replayed = 0;
};
Frames RunEdited(AnimTaskList list, int frames, bool reuse_plan,
                 const std::function<void(AnimTaskList&, TaskStateStorage&, int)>& change) {
  TaskStateStorage state;
  state.snapshots.resize(1);
  list.state = &state;
  Frames out;
  const uint64_t replayed_before = ThreadExecutorStats().replayed;
  for (int f = 0; f < frames; ++f) {
    change(list, state, f);
    std::vector<Mat4> skinning(list.skeleton->bone_count());
    ExecuteTaskListWith(list, {.skinning = skinning}, nullptr,
                        {.kernels = &kReferencePoseKernels, .reuse_plan = reuse_plan});
    out.skinning.push_back(std::move(skinning));
  }
  out.replayed = ThreadExecutorStats().replayed - replayed_before;
  return out;
}

// Both ways, frame for frame; returns how many frames replayed a plan.
uint64_t ReplayedMatchingFresh(const AnimTaskList& list, int frames,
                               const std::function<void(AnimTaskList&, TaskStateStorage&, int)>& change) {
  const Frames fresh = RunEdited(list, frames, false, change);
  const Frames reused = RunEdited(list, frames, true, change);
  for (int f = 0; f < frames; ++f) {
    INFO("frame " << f);
    REQUIRE(Identical(reused.skinning[f], fresh.skinning[f]));
  }
  return reused.replayed;
}

AnimTaskList SceneList(const test::RandomScene& scene) {
  AnimTaskList list;
  list.skeleton = scene.skeleton.get();
  list.clips = scene.clip_table;
  return list;
}

}  // namespace

TEST_CASE("plan reuse: a task nothing reachable reads is not part of the shape", "[executor][plan]") {
  std::unique_ptr<test::RandomScene> scene = test::MakeRandomScene(11);
  AnimTaskList list = SceneList(*scene);
  const int16_t sampled = list.Add({.type = AnimTaskType::SampleClip, .time = 0.3f});
  const int16_t unreachable = list.Add({.type = AnimTaskType::Blend, .dep_a = sampled, .dep_b = sampled});
  list.output_task = list.Add({.type = AnimTaskType::BoneTransform, .dep_a = sampled, .alpha = 0.5f});
  // Every frame rewires or retypes the unreachable task; none of it changes a decision.
  const uint64_t replayed = ReplayedMatchingFresh(list, 5, [&](AnimTaskList& l, TaskStateStorage&, int f) {
    l.tasks[sampled].time = 0.1f * static_cast<float>(f);
    l.tasks[unreachable].type = f % 2 == 0 ? AnimTaskType::Blend : AnimTaskType::SavePoseSnapshot;
    l.tasks[unreachable].dep_b = f % 2 == 0 ? sampled : AnimTask::NoTask;
  });
  CHECK(replayed == 4);
}

// A blend at 0 prunes its second input unless that input's subtree keeps state: an unreachable
// task there that becomes a snapshot save makes the input reachable again, so it is in the shape.
TEST_CASE("plan reuse: the tasks under a pruned input are part of the shape", "[executor][plan]") {
  std::unique_ptr<test::RandomScene> scene = test::MakeRandomScene(12);
  AnimTaskList list = SceneList(*scene);
  const int16_t kept = list.Add({.type = AnimTaskType::SampleClip, .time = 0.2f});
  const int16_t below = list.Add({.type = AnimTaskType::SampleClip, .time = 0.7f});
  const int16_t pruned = list.Add({.type = AnimTaskType::BoneTransform, .dep_a = below, .alpha = 0.4f});
  const int16_t blend =
      list.Add({.type = AnimTaskType::Blend, .dep_a = kept, .dep_b = pruned, .alpha = 0.0f});
  const int16_t loaded = list.Add({.type = AnimTaskType::LoadPoseSnapshot});
  list.output_task = list.Add({.type = AnimTaskType::Blend, .dep_a = blend, .dep_b = loaded, .alpha = 0.5f});
  // Frames 0-1: `below` samples (pruned); 2-4: it saves a snapshot of `kept`, which keeps its
  // subtree, and the next frame's load reads; 5: it samples again. A stale plan at frame 2 would
  // skip the save, and frame 3 would load nothing.
  const uint64_t replayed = ReplayedMatchingFresh(list, 6, [&](AnimTaskList& l, TaskStateStorage&, int f) {
    const bool saves = f >= 2 && f <= 4;
    l.tasks[below].type = saves ? AnimTaskType::SavePoseSnapshot : AnimTaskType::SampleClip;
    l.tasks[below].dep_a = saves ? kept : AnimTask::NoTask;
  });
  // Frames 1 and 4 replay; 2 (the save appears), 3 (the slot now holds a pose) and 5 do not.
  CHECK(replayed == 2);
}

// A bone op at weight 0 that took over its input's buffer is skipped in a replayed plan, which
// is right only while the bones it names exist: a bone moved past the skeleton yields the bind pose.
TEST_CASE("plan reuse: the bones of a bone op passing its input through are part of the shape",
          "[executor][plan]") {
  std::unique_ptr<test::RandomScene> scene = test::MakeRandomScene(13);
  AnimTaskList list = SceneList(*scene);
  const auto last = static_cast<uint16_t>(list.skeleton->bone_count() - 1);
  const int16_t sampled = list.Add({.type = AnimTaskType::SampleClip, .time = 0.4f});
  list.output_task = list.Add({.type = AnimTaskType::TwoBoneIK,
                               .dep_a = sampled,
                               .bone_a = 0,
                               .bone_b = last,
                               .bone_c = last,
                               .alpha = 0.0f});
  for (uint16_t AnimTask::*bone : {&AnimTask::bone_a, &AnimTask::bone_b, &AnimTask::bone_c}) {
    // Frames 0-1: in range; 2-3: `bone` past the last bone; 4: back.
    const uint64_t replayed = ReplayedMatchingFresh(list, 5, [&](AnimTaskList& l, TaskStateStorage&, int f) {
      l.tasks[sampled].time = 0.1f * static_cast<float>(f);
      l.tasks[l.output_task].*bone = f == 2 || f == 3 ? static_cast<uint16_t>(last + 1) : last;
    });
    CHECK(replayed == 2);  // frames 1 and 3
  }
}

// MakeAdditive's mode decides how many inputs it requires: against a pose it needs its second
// input, and without one yields the identity delta; against the bind pose it reads only the first.
TEST_CASE("plan reuse: a MakeAdditive's mode is part of the shape", "[executor][plan]") {
  std::unique_ptr<test::RandomScene> scene = test::MakeRandomScene(14);
  AnimTaskList list = SceneList(*scene);
  const int16_t base = list.Add({.type = AnimTaskType::SampleClip, .time = 0.2f});
  const int16_t source = list.Add({.type = AnimTaskType::SampleClip, .time = 0.6f});
  const int16_t additive = list.Add({.type = AnimTaskType::MakeAdditive, .dep_a = source});
  list.output_task =
      list.Add({.type = AnimTaskType::ApplyAdditive, .dep_a = base, .dep_b = additive, .alpha = 0.5f});
  // Frames 0-1: against a pose it lacks (the identity delta); 2-3: against the bind pose; 4: back.
  const uint64_t replayed = ReplayedMatchingFresh(list, 5, [&](AnimTaskList& l, TaskStateStorage&, int f) {
    const AdditiveBase mode = f == 2 || f == 3 ? AdditiveBase::BindPose : AdditiveBase::Pose;
    l.tasks[additive].mode = static_cast<uint8_t>(mode);
  });
  CHECK(replayed == 2);  // frames 1 and 3
}

// A seam's only writer hands its buffer to the seam's history; with more writers each copies, since
// a third handover would rotate the first writer's result out while it is still to be read. Which
// seam a transition task writes (its state slot) is part of the shape.
TEST_CASE("plan reuse: the state slot of a transition task is part of the shape", "[executor][plan]") {
  std::unique_ptr<test::RandomScene> scene = test::MakeRandomScene(15);
  AnimTaskList list = SceneList(*scene);
  std::array<int16_t, 3> seams{};
  for (int k = 0; k < 3; ++k) {
    const int16_t sampled =
        list.Add({.type = AnimTaskType::SampleClip, .time = 0.3f * static_cast<float>(k)});
    seams[k] = list.Add({.type = AnimTaskType::Inertialize, .dep_a = sampled, .alpha = 0.2f});
  }
  const int16_t first_two =
      list.Add({.type = AnimTaskType::Blend, .dep_a = seams[0], .dep_b = seams[1], .alpha = 0.5f});
  list.output_task =
      list.Add({.type = AnimTaskType::Blend, .dep_a = first_two, .dep_b = seams[2], .alpha = 0.5f});
  // Frames 0-1: a seam each; 2-3: all three write seam 0; 4: a seam each again.
  const uint64_t replayed =
      ReplayedMatchingFresh(list, 5, [&](AnimTaskList& l, TaskStateStorage& state, int f) {
        state.blends.resize(3);
        for (int k = 0; k < 3; ++k)
          l.tasks[seams[k]].resource = static_cast<uint16_t>(f == 2 || f == 3 ? 0 : k);
      });
  CHECK(replayed == 2);  // frames 1 and 3
}

// A blend's weight of exactly 0 or 1 passes one input through and prunes the other; a weight
// between them reads both. Which of the three a weight is belongs to the shape, its value
// otherwise does not (0 of either sign is 0).
TEST_CASE("plan reuse: whether a weight is exactly 0, exactly 1 or neither is part of the shape",
          "[executor][plan]") {
  std::unique_ptr<test::RandomScene> scene = test::MakeRandomScene(16);
  AnimTaskList list = SceneList(*scene);
  const int16_t a = list.Add({.type = AnimTaskType::SampleClip, .time = 0.2f});
  const int16_t b = list.Add({.type = AnimTaskType::SampleClip, .time = 0.7f});
  list.output_task = list.Add({.type = AnimTaskType::Blend, .dep_a = a, .dep_b = b});
  const std::array weights{1.0f, 1.0f, 0.5f, 0.25f, 1.0f, 0.0f, -0.0f, 0.5f, 0.0f};
  const uint64_t replayed = ReplayedMatchingFresh(
      list, static_cast<int>(weights.size()), [&](AnimTaskList& l, TaskStateStorage&, int f) {
        l.tasks[l.output_task].alpha = weights[static_cast<std::size_t>(f)];
      });
  CHECK(replayed == 3);  // frames 1 (1 again), 3 (neither again) and 6 (-0 after 0)
}
