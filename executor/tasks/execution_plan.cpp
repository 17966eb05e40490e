#include "executor/tasks/execution_plan.h"

#include <bit>
#include <cstddef>
#include <cstring>

#include "executor/tasks/task_state_storage.h"

namespace anim {
namespace {

// The fields a decision can read all lie in a task's first 32 bytes, so they are loaded whole rather than
// field by field, since the check runs every frame. Padding and the fields no decision reads are masked off.
static_assert(sizeof(AnimTask) >= 32 && offsetof(AnimTask, alpha) + sizeof(AnimTask::alpha) <= 32);
template <typename Bytes>
Bytes FirstBytes(const void* task) {
  Bytes bytes;
  std::memcpy(&bytes, task, sizeof(bytes));
  return bytes;
}
// Marks the bytes of a field as read.
template <typename Bytes>
void Read(Bytes& mask, std::size_t offset, std::size_t size) {
  for (std::size_t i = offset; i < offset + size; ++i)
    mask[i] = 0xFF;
}
#define ANIM_FIELD(name) offsetof(AnimTask, name), sizeof(AnimTask::name)

// kAlphaZero: alpha is exactly 0 (either sign); kAlphaOne: exactly 1 (PassThroughInput's two
// cases). On the bits, which costs less than two float compares and means the same.
constexpr uint8_t kAlphaZero = 1, kAlphaOne = 2;
uint8_t AlphaClass(float alpha) {
  const auto bits = std::bit_cast<uint32_t>(alpha);
  return static_cast<uint8_t>((bits << 1 == 0 ? kAlphaZero : 0) |
                              (bits == std::bit_cast<uint32_t>(1.0f) ? kAlphaOne : 0));
}

// The alpha classes that make a task of `type` pass an input through.
uint8_t AlphaMask(AnimTaskType type) {
  const auto passes = [type](float alpha) { return PassThroughInput({.type = type, .alpha = alpha}) >= 0; };
  return static_cast<uint8_t>((passes(0.0f) ? kAlphaZero : 0) | (passes(1.0f) ? kAlphaOne : 0));
}

}  // namespace

const Pose* LoadedSnapshot(const AnimTaskList& list, const AnimTask& task) {
  if (list.state == nullptr || task.resource >= list.state->snapshots.size()) return nullptr;
  const PoseSnapshotSlot& slot = list.state->snapshots[task.resource];
  return slot.saved && slot.pose.bone_count() == list.skeleton->bone_count() ? &slot.pose : nullptr;
}

bool ExecutionPlan::Matches(const AnimTaskList& list, const ListShape& shape) const {
  if (!recorded_ || !(shape == shape_)) return false;
  // No early exit: the keys are few, and a list of the same shape reads them all. Two at a time
  // (Finish pads them to an even count), into two sums that do not wait on each other.
  TaskBytes differs[2]{};
  const auto* tasks = reinterpret_cast<const unsigned char*>(list.tasks.data());
  for (const TaskKey* key = keys_.data(); key != keys_.data() + keys_.size(); key += 2) {
    for (int k = 0; k < 2; ++k)
      differs[k] |= (FirstBytes<TaskBytes>(tasks + key[k].offset) ^ key[k].bytes) & key[k].mask;
  }
  uint64_t words[sizeof(TaskBytes) / sizeof(uint64_t)];
  std::memcpy(words, &(differs[0] |= differs[1]), sizeof(words));
  if ((words[0] | words[1] | words[2] | words[3]) != 0) return false;
  for (const WeightKey& key : weights_) {
    float alpha;
    std::memcpy(&alpha, tasks + key.alpha_offset, sizeof(alpha));
    if ((AlphaClass(alpha) & key.alpha_mask) != 0) return false;
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

void ExecutionPlan::Reserve(int tasks) {
  const std::size_t n = static_cast<std::size_t>(std::max(tasks, 0));
  keys_.reserve(n + 1);  // and the pad (Finish)
  weights_.reserve(n);
  loads_.reserve(n);
  steps_.reserve(n);
}

void ExecutionPlan::Watch(const AnimTaskList& list, int index, bool reachable) {
  const AnimTask& task = list.tasks[index];
  const auto at = static_cast<int16_t>(index);
  TaskKey key{.bytes = FirstBytes<TaskBytes>(&task),
              .mask = {},
              .offset = static_cast<int32_t>(index * static_cast<int>(sizeof(AnimTask)))};
  Read(key.mask, ANIM_FIELD(type));
  Read(key.mask, ANIM_FIELD(dep_a));
  Read(key.mask, ANIM_FIELD(dep_b));
  if (reachable) {
    // MakeAdditive's mode decides how many inputs it requires; a state slot, whose seam or snapshot.
    if (task.type == AnimTaskType::MakeAdditive) Read(key.mask, ANIM_FIELD(mode));
    if (KeepsState(task.type) || task.type == AnimTaskType::LoadPoseSnapshot)
      Read(key.mask, ANIM_FIELD(resource));
    // The bones a bone op or IK solver names: whether they exist decides whether it does anything.
    const int bones = BonesNamed(task.type);
    if (bones >= 1) Read(key.mask, ANIM_FIELD(bone_a));
    if (bones >= 2) Read(key.mask, ANIM_FIELD(bone_b));
    if (bones >= 3) Read(key.mask, ANIM_FIELD(bone_c));
    // A weight that passes an input through is exactly 0 or 1: held to that in the key's bytes (0
    // of either sign: every bit but the sign). Any other weight must stay neither, which is no
    // equality: a weight key.
    if (const uint8_t mask = AlphaMask(task.type); mask != 0) {
      const uint8_t alpha_class = AlphaClass(task.alpha) & mask;
      if (alpha_class == kAlphaZero) {
        Read(key.mask, ANIM_FIELD(alpha));
        key.mask[offsetof(AnimTask, alpha) + sizeof(float) - 1] = 0x7F;  // little-endian: the sign's byte
      } else if (alpha_class == kAlphaOne) {
        Read(key.mask, ANIM_FIELD(alpha));
      } else {
        weights_.push_back({.alpha_offset = key.offset + static_cast<int32_t>(offsetof(AnimTask, alpha)),
                            .alpha_mask = mask});
      }
    }
    if (task.type == AnimTaskType::LoadPoseSnapshot)
      loads_.push_back({.index = at, .saved = LoadedSnapshot(list, task) != nullptr});
  }
  keys_.push_back(key);
}

#undef ANIM_FIELD

}  // namespace anim
