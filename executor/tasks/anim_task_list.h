// AnimTaskList: the per-instance recipe one frame records and ExecuteTaskList consumes. The task
// vector is cleared, never freed, between frames, so recording stops allocating after warm-up.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "executor/ops/root_motion.h"
#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"
#include "executor/tasks/anim_task.h"

namespace anim {

struct TaskStateStorage;

// Poses carry at most this many curves: ClipCurveTargets are uint16 indices, 0xFFFF meaning none.
inline constexpr int kMaxCurves = 0xFFFF;

// Per-bone weights of a masked blend, one per skeleton bone, and its curve weights: one per curve
// of the list, or none, when every curve blends by the alpha alone.
struct BoneMask {
  std::vector<float> weights;
  std::vector<float> curve_weights;
};

// Where a clip's curves go in a pose: for each of Clip::curves(), its index in the list's curves,
// or kUnusedCurve when the program reads no curve of that name.
struct ClipCurveTargets {
  static constexpr uint16_t kUnusedCurve = 0xFFFF;
  std::vector<uint16_t> targets;
};

struct AnimTaskList {
  std::vector<AnimTask> tasks;
  int16_t output_task = AnimTask::NoTask;

  const Skeleton* skeleton = nullptr;
  bool lock_root = false;
  int root_bone = -1;         // the bone the root lock pins; -1: bone 0
  int active_bone_count = 0;  // the skeleton LOD cut; 0 = every bone
  float delta_time = 0.0f;    // the frame's time step, for velocity estimates
  // Some SampleClip task takes root motion out (AnimTask::mode): the executor carries root motion
  // through every task and reports the output's. Without it, the root motion is the identity and
  // costs nothing.
  bool root_motion = false;
  // Floats every pose carries beside its bones (docs/semantics.md, "Curves"): the program's curve
  // table. Clips fill them through clip_curves.
  int curve_count = 0;

  // Tables tasks index into. Owned by the program and the instance, not by the list.
  std::span<const Clip* const> clips;
  // Parallel to clips (it may be shorter: a clip without an entry sends no curve anywhere).
  std::span<const ClipCurveTargets> clip_curves;
  std::span<const BoneMask> masks;
  std::span<const RootMotionTrack> root_tracks;  // SampleClip tasks that move the root name one
  TaskStateStorage* state = nullptr;             // transition blends, pose snapshots

  // Identifies the instance for debug capture (ArmTaskCapture); never dereferenced.
  const void* owner = nullptr;

  // Appends a task and returns its index.
  int16_t Add(const AnimTask& task) {
    tasks.push_back(task);
    return static_cast<int16_t>(tasks.size() - 1);
  }

  // Clears the recipe for the next frame, keeping the vector's capacity.
  void Reset() {
    tasks.clear();
    output_task = AnimTask::NoTask;
    lock_root = false;
    root_bone = -1;
    root_motion = false;
  }

  // The bone the root lock pins this frame, or -1 when the list does not lock the root.
  int PinnedRootBone() const { return lock_root ? (root_bone >= 0 ? root_bone : 0) : -1; }

  // Where clip `clip`'s curves go (empty when the list has no entry for it).
  std::span<const uint16_t> CurveTargets(uint16_t clip) const {
    return clip < clip_curves.size() ? std::span<const uint16_t>(clip_curves[clip].targets)
                                     : std::span<const uint16_t>();
  }

  // Curves every pose carries: curve_count clamped to what a program's table can hold (a hand-built
  // list may say anything).
  int CurveCount() const {
    return curve_count > 0 ? (curve_count < kMaxCurves ? curve_count : kMaxCurves) : 0;
  }

  // Bones sampled and blended this frame: the LOD cut clamped to the skeleton.
  int ActiveBones() const {
    const int n = skeleton ? skeleton->bone_count() : 0;
    return active_bone_count > 0 && active_bone_count < n ? active_bone_count : n;
  }
};

// Lists hold at most this many tasks: dependencies are int16 indices.
inline constexpr int kMaxTasksPerList = 32767;

}  // namespace anim
