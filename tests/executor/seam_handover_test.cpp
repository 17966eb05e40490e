// Seam history by handover (docs/architecture.md): a transition task hands its buffer to its
// machine's history instead of copying into it, and its result is read from there. Held to the
// reference executor, which copies, over frames with transitions starting and finishing, on the
// sample humanoid.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "executor/tasks/execute_task_list.h"
#include "executor/tasks/pose_pool.h"
#include "executor/tasks/reference_executor.h"
#include "executor/tasks/task_state_storage.h"
#include "tests/executor/humanoid_assets.h"
#include "tools/worked_example/worked_example_list.h"

using namespace anim;
using anim::test::Humanoid;

namespace {

constexpr float kDt = 1.0f / 30.0f;
constexpr int kFrames = 40;
constexpr int kSwitchFrame = 12;  // the clip changes and the transition starts
constexpr float kDuration = 0.3f;

AnimTask Sample(uint16_t clip, float time) {
  AnimTask t;
  t.type = AnimTaskType::SampleClip;
  t.resource = clip;
  t.time = time;
  return t;
}

// One machine's transition task on blend slot 0 at `frame`: a capture on the switch frame, applied
// while the transition runs, a pass-through before and after.
AnimTask Transition(AnimTaskType type, int16_t source, int frame) {
  AnimTask t;
  t.type = type;
  t.dep_a = source;
  t.alpha = kDuration;
  const float elapsed = static_cast<float>(frame - kSwitchFrame) * kDt;
  if (frame == kSwitchFrame) t.flags |= kTaskFlagCapture;
  if (frame >= kSwitchFrame && elapsed < kDuration) t.flags |= kTaskFlagApply;
  t.time = elapsed;
  t.aux = 0.1f;  // a dead blend's half-life
  return t;
}

AnimTaskList ListOn(TaskStateStorage& state) {
  AnimTaskList list;
  list.skeleton = &Humanoid().skeleton;
  list.clips = Humanoid().clip_table;
  list.state = &state;
  list.delta_time = kDt;
  return list;
}

// Runs `build(list, frame)` for kFrames on the pooled and the reference executor, each with its own
// instance state, and requires the same output every frame. Returns the pooled snapshots.
template <typename Build>
std::vector<TaskSnapshot> RunBoth(Build build) {
  TaskStateStorage pooled_state, reference_state;
  pooled_state.blends.resize(1);
  reference_state.blends.resize(1);
  std::vector<TaskSnapshot> snapshots(kFrames);
  for (int frame = 0; frame < kFrames; ++frame) {
    AnimTaskList pooled_list = ListOn(pooled_state), reference_list = ListOn(reference_state);
    build(pooled_list, frame);
    build(reference_list, frame);
    Pose pooled, reference;
    ExecuteTaskList(pooled_list, {.local_pose = &pooled}, &snapshots[frame]);
    ExecuteTaskListReference(reference_list, {.local_pose = &reference});
    INFO("frame " << frame);
    REQUIRE(ThreadPosePool().live() == 0);
    for (int bone = 0; bone < pooled.bone_count(); ++bone) {
      INFO("bone " << bone);
      const Transform p = pooled.Get(bone), r = reference.Get(bone);
      REQUIRE(p.translation.x == Approx(r.translation.x).margin(1e-4));
      REQUIRE(p.translation.y == Approx(r.translation.y).margin(1e-4));
      REQUIRE(p.translation.z == Approx(r.translation.z).margin(1e-4));
      REQUIRE(std::abs(Dot(p.rotation, r.rotation)) == Approx(1.0).margin(1e-5));
    }
  }
  return snapshots;
}

}  // namespace

TEST_CASE("a transition task hands its buffer to the seam's history and agrees with a copy",
          "[executor][seam]") {
  for (AnimTaskType type : {AnimTaskType::Inertialize, AnimTaskType::DeadBlend, AnimTaskType::Crossfade}) {
    INFO(AnimTaskTypeName(type));
    // Walk, then run from the switch frame; the transition's result is read by a blend after it.
    const std::vector<TaskSnapshot> snapshots = RunBoth([type](AnimTaskList& list, int frame) {
      const float time = static_cast<float>(frame) * kDt;
      const int16_t source = list.Add(Sample(frame < kSwitchFrame ? 1 : 3, time));
      const int16_t transition = list.Add(Transition(type, source, frame));
      AnimTask blend;
      blend.type = AnimTaskType::Blend;
      blend.dep_a = transition;
      blend.dep_b = list.Add(Sample(0, time));
      blend.alpha = 0.25f;
      list.output_task = list.Add(blend);
    });
    for (const TaskSnapshot& snap : snapshots) {
      CHECK(snap.tasks[1].handed_over);
      CHECK(snap.tasks[1].live_buffers == 0);               // its buffer went straight back to the pool...
      CHECK(snap.tasks[2].buffer == snap.tasks[1].buffer);  // ...where the next sample takes it
    }
  }
}

TEST_CASE("a seam written by three tasks in one list is copied into, so no result is rotated out",
          "[executor][seam]") {
  // Three Inertialize tasks on one slot, each read by the blends after all three ran: handing
  // each over would rotate the first one's frame out of the two-frame history before it is read.
  const std::vector<TaskSnapshot> snapshots = RunBoth([](AnimTaskList& list, int frame) {
    const float time = static_cast<float>(frame) * kDt;
    int16_t writers[3];
    for (int i = 0; i < 3; ++i) {
      const int16_t source = list.Add(Sample(static_cast<uint16_t>(i * 2), time));
      writers[i] = list.Add(Transition(AnimTaskType::Inertialize, source, frame));
    }
    AnimTask blend;
    blend.type = AnimTaskType::Blend;
    blend.dep_a = writers[0];
    blend.dep_b = writers[1];
    blend.alpha = 0.4f;
    blend.dep_a = list.Add(blend);
    blend.dep_b = writers[2];
    blend.alpha = 0.3f;
    list.output_task = list.Add(blend);
  });
  for (const TaskSnapshot& snap : snapshots) {
    for (const TaskSnapshotEntry& task : snap.tasks)
      CHECK_FALSE(task.handed_over);
  }
}
