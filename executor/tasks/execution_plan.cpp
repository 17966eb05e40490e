#include "executor/tasks/execution_plan.h"

#include "executor/tasks/task_state_storage.h"

namespace anim {
namespace {

bool KeepsSeamOrSnapshot(AnimTaskType type) {
  return KeepsState(type) || type == AnimTaskType::LoadPoseSnapshot;
}

// One task's part of the shape, packed: type, dependencies, passed-through input, required inputs,
// and for state-keeping tasks their slot and whether a loaded snapshot is saved.
uint64_t TaskKey(const AnimTaskList& list, const AnimTask& task) {
  uint64_t key = static_cast<uint64_t>(task.type);
  key |= static_cast<uint64_t>(static_cast<uint16_t>(task.dep_a)) << 8;
  key |= static_cast<uint64_t>(static_cast<uint16_t>(task.dep_b)) << 24;
  key |= static_cast<uint64_t>(PassThroughInput(task) + 1) << 40;
  key |= static_cast<uint64_t>(RequiredDependencyCount(task)) << 42;
  if (KeepsSeamOrSnapshot(task.type)) {
    key |= static_cast<uint64_t>(task.type == AnimTaskType::LoadPoseSnapshot &&
                                 LoadedSnapshot(list, task) != nullptr)
           << 44;
    key |= static_cast<uint64_t>(task.resource) << 48;
  }
  return key;
}

}  // namespace

const Pose* LoadedSnapshot(const AnimTaskList& list, const AnimTask& task) {
  if (list.state == nullptr || task.resource >= list.state->snapshots.size()) return nullptr;
  const PoseSnapshotSlot& slot = list.state->snapshots[task.resource];
  return slot.saved && slot.pose.bone_count() == list.skeleton->bone_count() ? &slot.pose : nullptr;
}

bool ExecutionPlan::Matches(const AnimTaskList& list, const ListShape& shape) const {
  if (!recorded_ || !(shape == shape_)) return false;
  for (int i = 0; i < shape.task_count; ++i) {
    if (TaskKey(list, list.tasks[i]) != task_keys_[i]) return false;
  }
  return true;
}

void ExecutionPlan::Begin(const AnimTaskList& list, const ListShape& shape) {
  recorded_ = false;
  shape_ = shape;
  task_keys_.resize(static_cast<std::size_t>(shape.task_count));
  for (int i = 0; i < shape.task_count; ++i)
    task_keys_[i] = TaskKey(list, list.tasks[i]);
  steps_.clear();
}

}  // namespace anim
