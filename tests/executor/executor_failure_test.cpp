// Focused executor tests, one per failure class of docs/architecture.md that the executor owns
// (5 to 7, 11 to 14, 16), plus the bind-pose fallbacks and snapshot semantics.
#include <catch2/catch.hpp>

#include <cmath>
#include <thread>

#include "executor/resolve/forward_kinematics.h"
#include "executor/tasks/execute_task_list.h"
#include "executor/tasks/pose_pool.h"
#include "executor/tasks/reference_executor.h"
#include "tests/executor/chain_rig.h"

using namespace anim;
using test::SampleTask;
using test::TaskOn;

namespace {

void RequireSamePose(const Pose& a, const Pose& b, float eps = 1e-5f) {
  REQUIRE(a.bone_count() == b.bone_count());
  for (int i = 0; i < a.bone_count(); ++i) {
    INFO("bone " << i);
    const Transform x = a.Get(i), y = b.Get(i);
    if (eps == 0.0f) {
      REQUIRE(x == y);
      continue;
    }
    REQUIRE(Length(x.translation - y.translation) <= eps);
    REQUIRE(std::fabs(std::fabs(Dot(x.rotation, y.rotation)) - 1.0f) <= eps);
    REQUIRE(Length(x.scale - y.scale) <= eps);
  }
}

Pose Run(const AnimTaskList& list, TaskSnapshot* snap = nullptr) {
  Pose out;
  ExecuteTaskList(list, {.local_pose = &out}, snap);
  return out;
}

Pose RunReference(const AnimTaskList& list) {
  Pose out;
  ExecuteTaskListReference(list, {.local_pose = &out});
  return out;
}

bool AllFinite(const Pose& p) {
  for (int i = 0; i < p.bone_count(); ++i) {
    const Transform t = p.Get(i);
    for (float f : {t.translation.x, t.translation.y, t.translation.z, t.rotation.x, t.rotation.y,
                    t.rotation.z, t.rotation.w, t.scale.x, t.scale.y, t.scale.z}) {
      if (!std::isfinite(f)) return false;
    }
  }
  return true;
}

}  // namespace

TEST_CASE("class 5: the root pin goes on a copy of retained snapshot history", "[executor][failure]") {
  test::ChainRig rig;
  AnimTaskList save = rig.NewList();
  const int16_t sample = save.Add(SampleTask(0, 0.25f));
  AnimTask s = TaskOn(AnimTaskType::SavePoseSnapshot, sample);
  save.output_task = save.Add(s);
  Run(save);
  const Vec3 saved_root = rig.state.snapshots[0].pose.Get(0).translation;
  REQUIRE(saved_root.y != 0.0f);  // the clip lifts the root

  AnimTaskList load = rig.NewList();
  load.output_task = load.Add(TaskOn(AnimTaskType::LoadPoseSnapshot, AnimTask::NoTask));
  load.lock_root = true;
  load.root_bone = 0;
  TaskSnapshot snap;
  const Pose out = Run(load, &snap);
  REQUIRE(out.Get(0).translation == rig.skeleton.bind_local(0).translation);  // pinned
  REQUIRE(rig.state.snapshots[0].pose.Get(0).translation == saved_root);      // history untouched
  REQUIRE(snap.tasks[0].buffer == -1);  // the result stayed in retained storage
}

TEST_CASE("class 6: a result with two reachable readers is never stolen", "[executor][failure]") {
  test::ChainRig rig;
  AnimTaskList list = rig.NewList();
  const int16_t x = list.Add(SampleTask(0, 0.2f));
  const int16_t z = list.Add(SampleTask(1, 0.4f));
  const int16_t blend = list.Add(TaskOn(AnimTaskType::Blend, x, z, 0.5f));
  AnimTask twist = TaskOn(AnimTaskType::BoneTransform, x, AnimTask::NoTask, 1.0f);
  twist.bone_a = 5;
  twist.r = FromAxisAngle({0, 1, 0}, 1.0f);
  twist.s = {1, 1, 1};
  const int16_t twisted = list.Add(twist);
  list.output_task = list.Add(TaskOn(AnimTaskType::Blend, blend, twisted, 0.5f));

  TaskSnapshot snap;
  const Pose got = Run(list, &snap);
  REQUIRE(snap.tasks[x].use_count == 2);
  REQUIRE(snap.tasks[blend].stole_buffer);
  REQUIRE(snap.tasks[blend].buffer == snap.tasks[z].buffer);  // took z's, left the shared x alone
  REQUIRE(snap.tasks[twisted].stole_buffer);
  REQUIRE(snap.tasks[twisted].buffer == snap.tasks[x].buffer);  // the last reader of x
  RequireSamePose(got, RunReference(list));
}

TEST_CASE("class 6: retained history is never stolen", "[executor][failure]") {
  test::ChainRig rig;
  AnimTaskList save = rig.NewList();
  save.output_task = save.Add(TaskOn(AnimTaskType::SavePoseSnapshot, save.Add(SampleTask(0, 0.3f))));
  Run(save);
  const Pose before = rig.state.snapshots[0].pose;

  AnimTaskList list = rig.NewList();
  const int16_t load = list.Add(TaskOn(AnimTaskType::LoadPoseSnapshot, AnimTask::NoTask));
  AnimTask move = TaskOn(AnimTaskType::TranslateBone, load);
  move.bone_a = 3;
  move.t = {0.5f, 0, 0};
  list.output_task = list.Add(move);
  TaskSnapshot snap;
  const Pose got = Run(list, &snap);
  REQUIRE_FALSE(snap.tasks[1].stole_buffer);
  RequireSamePose(rig.state.snapshots[0].pose, before, 0.0f);
  REQUIRE(Length(got.Get(3).translation - before.Get(3).translation) > 0.1f);
}

TEST_CASE("class 7: a pruned consumer's input still feeds its reachable sibling", "[executor][failure]") {
  test::ChainRig rig;
  AnimTaskList list = rig.NewList();
  const int16_t x = list.Add(SampleTask(0, 0.1f));
  const int16_t z = list.Add(SampleTask(1, 0.1f));
  list.Add(TaskOn(AnimTaskType::Blend, x, z, 0.5f));  // pruned: nothing reachable reads it
  AnimTask move = TaskOn(AnimTaskType::TranslateBone, x);
  move.bone_a = 2;
  move.t = {0, 0, 0.2f};
  list.output_task = list.Add(move);

  TaskSnapshot snap;
  const Pose got = Run(list, &snap);
  REQUIRE(snap.reachable_count == 2);
  REQUIRE_FALSE(snap.tasks[z].reachable);
  REQUIRE_FALSE(snap.tasks[2].reachable);
  REQUIRE(snap.tasks[x].use_count == 1);
  REQUIRE(snap.tasks[3].stole_buffer);
  REQUIRE(snap.peak_live_buffers == 1);
  RequireSamePose(got, RunReference(list));
}

TEST_CASE("class 11: the LOD cut keeps the tail at bind pose and FK still composes it",
          "[executor][failure]") {
  test::ChainRig rig;
  const int cut = 5;
  AnimTaskList list = rig.NewList();
  list.active_bone_count = cut;
  const int16_t x = list.Add(SampleTask(0, 0.3f));
  const int16_t z = list.Add(SampleTask(1, 0.3f));
  list.output_task = list.Add(TaskOn(AnimTaskType::Blend, x, z, 0.5f));
  Pose local;
  std::vector<Mat4> model(rig.skeleton.bone_count());
  ExecuteTaskList(list, {.model = model, .local_pose = &local});

  for (int b = 0; b < rig.skeleton.bone_count(); ++b) {
    INFO("bone " << b);
    const bool animated =
        std::fabs(Dot(local.Get(b).rotation, rig.skeleton.bind_local(b).rotation)) < 0.9999f;
    REQUIRE(animated == (b < cut));  // bone cut-1 animated, bone cut at bind: no off-by-one
  }
  // The first tail bone sits at its bind offset from an animated parent, not at its bind position.
  const Vec3 tail = model[cut].Translation();
  REQUIRE(Distance(tail, model[cut - 1].Translation()) == Approx(0.1f).margin(1e-5));
  REQUIRE(Distance(tail, rig.skeleton.bind_model()[cut].Translation()) > 0.01f);
  RequireSamePose(local, RunReference(list));
}

TEST_CASE("class 12: a pooled buffer never carries stale metadata", "[executor][failure]") {
  std::thread worker([] {
    PosePool& pool = ThreadPosePool();
    const int first = pool.Acquire(12, 0);
    pool.buffer(first).kind = PoseKind::AdditiveMesh;
    pool.Release(first);
    const int again = pool.Acquire(70, 0);
    REQUIRE(again == first);
    REQUIRE(pool.buffer(again).kind == PoseKind::Absolute);
    REQUIRE(pool.buffer(again).bone_count() == 70);
    pool.Release(again);

    // End to end: an additive result, then an absolute one through the same buffer.
    test::ChainRig rig;
    AnimTaskList additive = rig.NewList();
    additive.output_task =
        additive.Add(TaskOn(AnimTaskType::MakeAdditive, additive.Add(SampleTask(0, 0.2f))));
    REQUIRE(Run(additive).kind == PoseKind::AdditiveLocal);
    AnimTaskList absolute = rig.NewList();
    absolute.output_task = absolute.Add(SampleTask(0, 0.2f));
    REQUIRE(Run(absolute).kind == PoseKind::Absolute);
  });
  worker.join();
}

TEST_CASE("class 13: blends extrapolate for alpha outside [0, 1]", "[executor][failure]") {
  test::ChainRig rig;
  for (float alpha : {-0.5f, 1.7f}) {
    AnimTaskList list = rig.NewList();
    const int16_t x = list.Add(SampleTask(0, 0.2f));
    const int16_t z = list.Add(SampleTask(1, 0.7f));
    list.output_task = list.Add(TaskOn(AnimTaskType::Blend, x, z, alpha));
    const Pose got = Run(list);
    REQUIRE(AllFinite(got));
    RequireSamePose(got, RunReference(list));
    // Bone 3 is rotated by nlerp of the two clips' rotations at alpha, past the end of the arc.
    const Pose a = [&] {
      AnimTaskList only = rig.NewList();
      only.output_task = only.Add(SampleTask(0, 0.2f));
      return Run(only);
    }();
    const Pose b = [&] {
      AnimTaskList only = rig.NewList();
      only.output_task = only.Add(SampleTask(1, 0.7f));
      return Run(only);
    }();
    const Quat expected = Nlerp(a.Get(3).rotation, b.Get(3).rotation, alpha);
    REQUIRE(std::fabs(Dot(got.Get(3).rotation, expected)) == Approx(1.0f).margin(1e-5));
  }
}

TEST_CASE("class 14: all-zero mask weights give the first pose, never NaN", "[executor][failure]") {
  test::ChainRig rig;
  AnimTaskList list = rig.NewList();
  const int16_t x = list.Add(SampleTask(0, 0.2f));
  const int16_t z = list.Add(SampleTask(1, 0.7f));
  AnimTask masked = TaskOn(AnimTaskType::BlendMasked, x, z, 1.0f);
  masked.resource = 1;  // every weight zero
  list.output_task = list.Add(masked);
  TaskSnapshot snap;
  const Pose got = Run(list, &snap);
  REQUIRE(AllFinite(got));
  REQUIRE(snap.tasks[2].mask_weighted_bones == 0);
  AnimTaskList only_x = rig.NewList();
  only_x.output_task = only_x.Add(SampleTask(0, 0.2f));
  RequireSamePose(got, Run(only_x), 1e-6f);  // nlerp renormalises: equal up to rounding

  masked.resource = 0;  // the upper half
  list.tasks[2] = masked;
  Run(list, &snap);
  REQUIRE(snap.tasks[2].mask_weighted_bones == 6);
}

TEST_CASE("class 16: one list per thread, each thread with its own pool", "[executor][failure]") {
  test::ChainRig rig;
  AnimTaskList list = rig.NewList();
  list.state = nullptr;  // stateless, so threads can share the list
  const int16_t x = list.Add(SampleTask(0, 0.2f));
  const int16_t z = list.Add(SampleTask(1, 0.5f));
  list.output_task = list.Add(TaskOn(AnimTaskType::Blend, x, z, 0.25f));
  const Pose expected = Run(list);

  auto work = [&](Pose& last, int& pool_size) {
    for (int frame = 0; frame < 500; ++frame)
      last = Run(list);
    pool_size = ThreadPosePool().size();
  };
  Pose p1, p2;
  int size1 = 0, size2 = 0;
  std::thread t1(work, std::ref(p1), std::ref(size1));
  std::thread t2(work, std::ref(p2), std::ref(size2));
  t1.join();
  t2.join();
  RequireSamePose(p1, expected, 0.0f);
  RequireSamePose(p2, expected, 0.0f);
  REQUIRE(size1 == 2);  // chain depth, per thread
  REQUIRE(size2 == 2);
}

TEST_CASE("missing dependencies, assets and bones give the bind pose", "[executor][fallback]") {
  test::ChainRig rig;
  const Pose& bind = rig.skeleton.bind_pose();
  SECTION("a NoTask dependency") {
    AnimTaskList list = rig.NewList();
    list.output_task =
        list.Add(TaskOn(AnimTaskType::Blend, list.Add(SampleTask(0, 0.2f)), AnimTask::NoTask, 0.5f));
    RequireSamePose(Run(list), bind, 0.0f);
  }
  SECTION("a dependency that is not an earlier task") {
    AnimTaskList list = rig.NewList();
    list.Add(SampleTask(0, 0.2f));
    list.output_task = list.Add(TaskOn(AnimTaskType::TranslateBone, 1));  // itself
    RequireSamePose(Run(list), bind, 0.0f);
  }
  SECTION("a clip index out of range") {
    AnimTaskList list = rig.NewList();
    list.output_task = list.Add(SampleTask(9, 0.2f));
    RequireSamePose(Run(list), bind, 0.0f);
  }
  SECTION("a bone out of range") {
    AnimTaskList list = rig.NewList();
    AnimTask ik = TaskOn(AnimTaskType::TwoBoneIK, list.Add(SampleTask(0, 0.2f)));
    ik.bone_a = 1, ik.bone_b = 2, ik.bone_c = 400;
    list.output_task = list.Add(ik);
    RequireSamePose(Run(list), bind, 0.0f);
  }
  SECTION("no output task at all: identity skinning, the bind pose") {
    AnimTaskList list = rig.NewList();
    list.Add(SampleTask(0, 0.2f));
    std::vector<Mat4> skinning(rig.skeleton.bone_count());
    Pose local;
    ExecuteTaskList(list, {.skinning = skinning, .local_pose = &local});
    RequireSamePose(local, bind, 0.0f);
    for (const Mat4& m : skinning) {
      for (int c = 0; c < 4; ++c) {
        for (int r = 0; r < 4; ++r)
          REQUIRE(m.m[c][r] == Approx(c == r ? 1.0f : 0.0f).margin(1e-5));
      }
    }
  }
}

TEST_CASE("pose snapshots: loads see the previous frame's save, unreachable saves do not run",
          "[executor][snapshot]") {
  test::ChainRig rig;
  SECTION("a load before any save is the bind pose") {
    AnimTaskList list = rig.NewList();
    list.output_task = list.Add(TaskOn(AnimTaskType::LoadPoseSnapshot, AnimTask::NoTask));
    RequireSamePose(Run(list), rig.skeleton.bind_pose(), 0.0f);
  }
  SECTION("a save in the same list becomes visible on the next frame") {
    AnimTaskList list = rig.NewList();
    const int16_t saved = list.Add(TaskOn(AnimTaskType::SavePoseSnapshot, list.Add(SampleTask(0, 0.3f))));
    const int16_t load = list.Add(TaskOn(AnimTaskType::LoadPoseSnapshot, AnimTask::NoTask));
    list.output_task = list.Add(TaskOn(AnimTaskType::Blend, saved, load, 1.0f));
    RequireSamePose(Run(list), rig.skeleton.bind_pose(), 1e-6f);  // frame 1: nothing saved yet
    AnimTaskList sample_only = rig.NewList();
    sample_only.output_task = sample_only.Add(SampleTask(0, 0.3f));
    RequireSamePose(Run(list), Run(sample_only), 1e-6f);  // frame 2: frame 1's save
  }
  SECTION("a save off the output's chain does not run") {
    AnimTaskList list = rig.NewList();
    list.Add(TaskOn(AnimTaskType::SavePoseSnapshot, list.Add(SampleTask(0, 0.3f))));
    list.output_task = list.Add(SampleTask(1, 0.3f));
    Run(list);
    REQUIRE_FALSE(rig.state.snapshots[0].saved);
  }
}

TEST_CASE("debug capture publishes only the armed owner's list", "[executor][capture]") {
  test::ChainRig rig;
  AnimTaskList list = rig.NewList();
  int owner = 0, other = 0;
  list.output_task = list.Add(
      TaskOn(AnimTaskType::Blend, list.Add(SampleTask(0, 0.1f)), list.Add(SampleTask(1, 0.1f)), 0.5f));
  TaskSnapshot captured;
  DisarmTaskCapture();
  list.owner = &owner;
  Run(list);
  REQUIRE_FALSE(GetTaskCapture(captured));

  ArmTaskCapture(&owner);
  list.owner = &other;
  Run(list);
  REQUIRE_FALSE(GetTaskCapture(captured));
  list.owner = &owner;
  TaskSnapshot direct;
  Run(list, &direct);  // an explicit snapshot is not published
  REQUIRE_FALSE(GetTaskCapture(captured));
  Run(list);
  REQUIRE(GetTaskCapture(captured));
  REQUIRE(captured.reachable_count == direct.reachable_count);
  REQUIRE(captured.tasks.size() == direct.tasks.size());
  for (std::size_t i = 0; i < direct.tasks.size(); ++i) {
    REQUIRE(captured.tasks[i].buffer == direct.tasks[i].buffer);
    REQUIRE(captured.tasks[i].stole_buffer == direct.tasks[i].stole_buffer);
  }
  DisarmTaskCapture();
}
