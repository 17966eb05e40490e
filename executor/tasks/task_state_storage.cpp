#include "executor/tasks/task_state_storage.h"

namespace anim {

void CommitPendingSnapshots(TaskStateStorage& state) {
  for (PoseSnapshotSlot& slot : state.snapshots) {
    if (!slot.pending_written) continue;
    slot.pose.swap(slot.pending);  // swapping buffers: no copy, no allocation
    slot.saved = true;
    slot.pending_written = false;
  }
}

}  // namespace anim
