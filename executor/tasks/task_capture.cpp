#include "executor/tasks/task_capture.h"

#include <mutex>

namespace anim {

std::atomic<const void*> g_capture_owner{nullptr};

namespace {

std::mutex g_capture_mutex;
TaskSnapshot g_published;      // guarded by g_capture_mutex
bool g_has_published = false;  // guarded by g_capture_mutex

}  // namespace

void ArmTaskCapture(const void* owner) {
  std::lock_guard<std::mutex> lock(g_capture_mutex);
  g_has_published = false;
  g_capture_owner.store(owner, std::memory_order_relaxed);
}

void DisarmTaskCapture() {
  g_capture_owner.store(nullptr, std::memory_order_relaxed);
}

bool GetTaskCapture(TaskSnapshot& out) {
  std::lock_guard<std::mutex> lock(g_capture_mutex);
  if (!g_has_published) return false;
  out = g_published;
  return true;
}

TaskSnapshot& ThreadCaptureSnapshot() {
  thread_local TaskSnapshot snapshot;
  return snapshot;
}

void PublishCapture(const TaskSnapshot& snapshot) {
  std::lock_guard<std::mutex> lock(g_capture_mutex);
  g_published = snapshot;
  g_has_published = true;
}

void BeginSnapshot(TaskSnapshot& snap, const AnimTaskList& list, int task_count, int16_t output) {
  snap.tasks.resize(task_count);
  for (int i = 0; i < task_count; ++i) {
    const AnimTask& t = list.tasks[i];
    TaskSnapshotEntry& e = snap.tasks[i];
    e = TaskSnapshotEntry{};
    e.type = t.type;
    e.stage = t.stage;
    e.dep_a = t.dep_a;
    e.dep_b = t.dep_b;
    e.alpha = t.alpha;
    e.time = t.time;
    e.resource = t.resource;
    e.source_node = t.source_node;
  }
  snap.output_task = output;
  snap.active_bone_count = list.ActiveBones();
  snap.lock_root = list.lock_root;
  snap.root_bone = list.root_bone;
  snap.reachable_count = 0;
  snap.peak_live_buffers = 0;
  snap.carried_buffers = 0;
  snap.level_count = 0;
}

void NotePruned(TaskSnapshot& snap, int task, int reader) {
  int16_t& by = snap.tasks[static_cast<std::size_t>(task)].pruned_by;
  if (by < 0) by = static_cast<int16_t>(reader);
}

void RecordExecuted(TaskSnapshot& snap, int task, int exec_order, int16_t buffer, bool stole,
                    bool handed_over, int16_t level, int live_buffers, const int16_t (&released)[2],
                    int mask_weighted_bones, int use_count) {
  TaskSnapshotEntry& e = snap.tasks[task];
  e.reachable = true;
  e.stole_buffer = stole;
  e.handed_over = handed_over;
  e.exec_order = static_cast<int16_t>(exec_order);
  e.buffer = buffer >= 0 ? buffer : -1;
  e.level = level;
  e.live_buffers = static_cast<int16_t>(live_buffers);
  e.released[0] = released[0];
  e.released[1] = released[1];
  e.mask_weighted_bones = static_cast<int16_t>(mask_weighted_bones);
  e.use_count = static_cast<int16_t>(use_count);
}

void FinishSnapshot(TaskSnapshot& snap, int reachable_count, int peak_live_buffers, int level_count) {
  snap.reachable_count = reachable_count;
  snap.peak_live_buffers = peak_live_buffers;
  snap.level_count = level_count;
}

}  // namespace anim
