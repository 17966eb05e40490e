#include "executor/tasks/execution_plan.h"

#include <bit>
#include <cstddef>
#include <cstring>

#include "executor/tasks/task_state_storage.h"

namespace anim {
namespace {

// The fields of a task a decision can read, as words of its bytes: `head` holds type, stage, space
// and mode, `body` dep_a, dep_b, resource and bone_a, `tail` bone_b and bone_c. Loaded whole rather
// than field by field, since the check runs every frame; no range holds padding.
static_assert(std::endian::native == std::endian::little);
static_assert(offsetof(AnimTask, type) == 0 && offsetof(AnimTask, mode) == 3);
static_assert(offsetof(AnimTask, dep_a) == 6 && offsetof(AnimTask, dep_b) == 8 &&
              offsetof(AnimTask, resource) == 10 && offsetof(AnimTask, bone_a) == 12 &&
              offsetof(AnimTask, bone_b) == 14 && offsetof(AnimTask, bone_c) == 16);
template <typename Word>
Word WordAt(const AnimTask& task, std::size_t offset) {
  Word word;
  std::memcpy(&word, reinterpret_cast<const unsigned char*>(&task) + offset, sizeof(word));
  return word;
}
uint32_t Head(const AnimTask& task) {
  return WordAt<uint32_t>(task, 0);
}
uint64_t Body(const AnimTask& task) {
  return WordAt<uint64_t>(task, offsetof(AnimTask, dep_a));
}
uint32_t Tail(const AnimTask& task) {
  return WordAt<uint32_t>(task, offsetof(AnimTask, bone_b));
}
constexpr uint32_t kTypeBits = 0xFF, kModeBits = 0xFF00'0000;
constexpr uint64_t kDepBits = 0xFFFF'FFFF, kResourceBits = 0xFFFF'0000'0000,
                   kBoneABits = 0xFFFF'0000'0000'0000;
constexpr uint32_t kBoneBBits = 0xFFFF, kBoneCBits = 0xFFFF'0000;

// Bit 0: alpha is exactly 0 (either sign); bit 1: exactly 1 (PassThroughInput's two cases). On
// the bits, which costs less than two float compares and means the same.
uint8_t AlphaClass(float alpha) {
  const auto bits = std::bit_cast<uint32_t>(alpha);
  return static_cast<uint8_t>((bits << 1 == 0 ? 1 : 0) | (bits == std::bit_cast<uint32_t>(1.0f) ? 2 : 0));
}

// The alpha classes that make a task of `type` pass an input through.
uint8_t AlphaMask(AnimTaskType type) {
  const auto passes = [type](float alpha) { return PassThroughInput({.type = type, .alpha = alpha}) >= 0; };
  return static_cast<uint8_t>((passes(0.0f) ? 1 : 0) | (passes(1.0f) ? 2 : 0));
}

}  // namespace

const Pose* LoadedSnapshot(const AnimTaskList& list, const AnimTask& task) {
  if (list.state == nullptr || task.resource >= list.state->snapshots.size()) return nullptr;
  const PoseSnapshotSlot& slot = list.state->snapshots[task.resource];
  return slot.saved && slot.pose.bone_count() == list.skeleton->bone_count() ? &slot.pose : nullptr;
}

bool ExecutionPlan::Matches(const AnimTaskList& list, const ListShape& shape) const {
  if (!recorded_ || !(shape == shape_)) return false;
  uint64_t differs = 0;  // no early exit: the keys are few, and a list of the same shape reads them all
  for (const TaskKey& key : keys_) {
    const AnimTask& task = list.tasks[key.index];
    differs |= ((Head(task) ^ key.head) & key.head_mask) | ((Body(task) ^ key.body) & key.body_mask);
  }
  if (differs != 0) return false;
  for (const WeightKey& key : weights_) {
    const AnimTask& task = list.tasks[key.index];
    if (((AlphaClass(task.alpha) ^ key.alpha_class) & key.alpha_mask) != 0 ||
        ((Tail(task) ^ key.bones) & key.bones_mask) != 0)
      return false;
  }
  for (const SnapshotLoad& load : loads_) {
    if ((LoadedSnapshot(list, list.tasks[load.index]) != nullptr) != load.saved) return false;
  }
  return true;
}

void ExecutionPlan::Begin(const ListShape& shape) {
  recorded_ = false;
  shape_ = shape;
  keys_.clear();
  weights_.clear();
  loads_.clear();
  steps_.clear();
}

void ExecutionPlan::Watch(const AnimTaskList& list, int index, bool reachable) {
  const AnimTask& task = list.tasks[index];
  const auto at = static_cast<int16_t>(index);
  TaskKey key{
      .head = Head(task), .head_mask = kTypeBits, .body = Body(task), .body_mask = kDepBits, .index = at};
  if (reachable) {
    // MakeAdditive's mode decides how many inputs it requires; a state slot, whose seam or snapshot.
    if (task.type == AnimTaskType::MakeAdditive) key.head_mask |= kModeBits;
    if (KeepsState(task.type) || task.type == AnimTaskType::LoadPoseSnapshot) key.body_mask |= kResourceBits;
    const int bones = BonesNamed(task.type);
    if (bones >= 1) key.body_mask |= kBoneABits;
    if (const uint8_t mask = AlphaMask(task.type); mask != 0) {
      weights_.push_back({.bones = Tail(task),
                          .bones_mask = (bones >= 2 ? kBoneBBits : 0) | (bones >= 3 ? kBoneCBits : 0),
                          .index = at,
                          .alpha_class = AlphaClass(task.alpha),
                          .alpha_mask = mask});
    }
    if (task.type == AnimTaskType::LoadPoseSnapshot)
      loads_.push_back({.index = at, .saved = LoadedSnapshot(list, task) != nullptr});
  }
  keys_.push_back(key);
}

}  // namespace anim
