// Filling TaskSnapshots as the executor decides, and the armed-owner capture behind them.
// Internal to the executor.
#pragma once

#include <atomic>

#include "executor/tasks/anim_task_list.h"
#include "executor/tasks/task_snapshot.h"

namespace anim {

// The owner capture is armed for (ArmTaskCapture), or null.
extern std::atomic<const void*> g_capture_owner;
// The calling thread's capture snapshot.
TaskSnapshot& ThreadCaptureSnapshot();

// The thread's capture snapshot when capture is armed for `owner`, else null. Inline: one relaxed
// atomic load and a compare when disarmed, on every list.
inline TaskSnapshot* CaptureTargetFor(const void* owner) {
  const void* armed = g_capture_owner.load(std::memory_order_relaxed);
  return armed != nullptr && armed == owner ? &ThreadCaptureSnapshot() : nullptr;
}
// Publishes a captured snapshot for GetTaskCapture; the mutex is held only for the copy.
void PublishCapture(const TaskSnapshot& snapshot);

// Sizes the snapshot and records every task's static fields, all as unreachable.
void BeginSnapshot(TaskSnapshot& snap, const AnimTaskList& list, int task_count, int16_t output);
void RecordExecuted(TaskSnapshot& snap, int task, int exec_order, int16_t buffer, bool stole,
                    bool handed_over, int16_t level, int live_buffers, const int16_t (&released)[2],
                    int mask_weighted_bones, int use_count);
// Reachable task `reader` passed its other input through by weight instead of reading `task`.
void NotePruned(TaskSnapshot& snap, int task, int reader);
void FinishSnapshot(TaskSnapshot& snap, int reachable_count, int peak_live_buffers, int level_count);

}  // namespace anim
