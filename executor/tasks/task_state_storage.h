// Per-instance state that outlives a frame and that tasks reference by index: each state machine's
// transition blend (Inertialize and DeadBlend tasks share one slot per machine) and pose snapshots,
// and the output's curves. The instance owns it; task lists point at it.
#pragma once

#include <vector>

#include "executor/ops/transition_blend.h"
#include "executor/pose/pose.h"

namespace anim {

// A named pose that outlives the frame. Saves land in `pending` and are committed when the list
// has finished executing, so every load in a frame reads the pose as it was when the frame began,
// whatever the task order.
struct PoseSnapshotSlot {
  Pose pose;
  Pose pending;
  bool saved = false;  // a load before any save yields the bind pose
  bool pending_written = false;
};

struct TaskStateStorage {
  std::vector<TransitionBlendState> blends;
  std::vector<PoseSnapshotSlot> snapshots;
  // The output's curves as the last list executed left them (docs/semantics.md, "Curves"): what
  // the next frame's `curve` instructions read. The executor writes them (0 for a curve the output
  // lacks); sized by the instance, so writing them allocates nothing.
  std::vector<float> curves;
};

// Makes this frame's saves visible to the next frame's loads. Called once a list has executed.
void CommitPendingSnapshots(TaskStateStorage& state);

}  // namespace anim
