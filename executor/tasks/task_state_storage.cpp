#include "executor/tasks/task_state_storage.h"

#include <utility>

namespace anim {

void CommitPendingSnapshots(TaskStateStorage& state) {
  for (PoseSnapshotSlot& slot : state.snapshots) {
    if (!slot.pending_written) continue;
    std::swap(slot.pose, slot.pending);  // swapping buffers: no copy, no allocation
    slot.saved = true;
    slot.pending_written = false;
  }
}

void KeepOutputCurves(TaskStateStorage& state, ConstPoseView output) {
  for (std::size_t c = 0; c < state.curves.size(); ++c)
    state.curves[c] = static_cast<int>(c) < output.curve_count ? output.curves[c] : 0.0f;
}

}  // namespace anim
