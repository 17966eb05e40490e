#include "vm/capture/captured_lists.h"

#include <algorithm>

#include "executor/pose/content_hash.h"
#include "executor/tasks/execute_task_list.h"

namespace anim {
namespace {

void HashTransform(ContentHash& hash, const Transform& t) {
  const float f[10] = {t.translation.x, t.translation.y, t.translation.z, t.rotation.x, t.rotation.y,
                       t.rotation.z,    t.rotation.w,    t.scale.x,       t.scale.y,    t.scale.z};
  hash.Bytes(f, sizeof f);
}

bool ReadsBlendSlot(AnimTaskType type) {
  return type == AnimTaskType::Inertialize || type == AnimTaskType::DeadBlend ||
         type == AnimTaskType::Crossfade;
}
bool ReadsSnapshot(AnimTaskType type) {
  return type == AnimTaskType::SavePoseSnapshot || type == AnimTaskType::LoadPoseSnapshot;
}

}  // namespace

uint64_t PoseResultHash(const Pose& pose) {
  ContentHash hash;
  hash.U64(static_cast<uint64_t>(pose.bone_count()));
  hash.U64(static_cast<uint64_t>(pose.curve_count()));
  hash.U64(static_cast<uint64_t>(pose.kind));
  HashTransform(hash, pose.root_motion);
  for (int bone = 0; bone < pose.bone_count(); ++bone)
    HashTransform(hash, pose.Get(bone));
  hash.Bytes(pose.curves(), sizeof(float) * static_cast<std::size_t>(pose.curve_count()));
  return hash.value();
}

uint64_t SkinningChecksum(std::span<const Mat4> skinning) {
  ContentHash hash;
  hash.Bytes(skinning.data(), skinning.size_bytes());
  return hash.value();
}

CapturedList CaptureList(const AnimTaskList& list) {
  return {list.tasks,      list.output_task, list.lock_root,  list.root_bone, list.active_bone_count,
          list.delta_time, list.root_motion, list.curve_count};
}

void RestoreList(const CapturedList& captured, const ProgramBinding& binding, TaskStateStorage* state,
                 AnimTaskList& out) {
  out.Reset();
  out.tasks = captured.tasks;
  out.output_task = captured.output_task;
  out.lock_root = captured.lock_root;
  out.root_bone = captured.root_bone;
  out.active_bone_count = captured.active_bone_count;
  out.delta_time = captured.delta_time;
  out.root_motion = captured.root_motion;
  out.curve_count = captured.curve_count;
  out.skeleton = &binding.skeleton();
  out.clips = binding.clips();
  out.clip_curves = binding.clip_curves();
  out.masks = binding.masks();
  out.root_tracks = binding.root_tracks();
  out.state = state;
  out.owner = nullptr;
}

void CaptureSlotsRead(const AnimTaskList& list, const TaskStateStorage& state, CapturedFrame& frame) {
  std::vector<uint16_t> blends, snapshots;
  for (const AnimTask& task : list.tasks) {
    if (ReadsBlendSlot(task.type) && task.resource < state.blends.size()) blends.push_back(task.resource);
    if (ReadsSnapshot(task.type) && task.resource < state.snapshots.size())
      snapshots.push_back(task.resource);
  }
  for (std::vector<uint16_t>* slots : {&blends, &snapshots}) {
    std::sort(slots->begin(), slots->end());
    slots->erase(std::unique(slots->begin(), slots->end()), slots->end());
  }
  frame.blends.clear();
  for (uint16_t slot : blends)
    frame.blends.push_back({slot, state.blends[slot]});
  frame.snapshots.clear();
  for (uint16_t slot : snapshots)
    frame.snapshots.push_back({slot, state.snapshots[slot]});
}

void RestoreState(const CaptureAssets& assets, const CapturedFrame& frame, TaskStateStorage& state) {
  state = TaskStateStorage{};
  state.blends.resize(static_cast<std::size_t>(assets.blend_slots));
  state.snapshots.resize(static_cast<std::size_t>(assets.snapshot_slots));
  state.curves.assign(static_cast<std::size_t>(assets.curve_count), 0.0f);
  for (const CapturedBlendSlot& slot : frame.blends)
    state.blends[slot.slot] = slot.state;
  for (const CapturedSnapshotSlot& slot : frame.snapshots)
    state.snapshots[slot.slot] = slot.state;
}

std::vector<uint64_t> TaskResultHashes(const AnimTaskList& list, const TaskStateStorage& before,
                                       const TaskSnapshot& snapshot) {
  std::vector<uint64_t> hashes(list.tasks.size(), 0);
  AnimTaskList prefix = list;
  prefix.lock_root = false;  // the task's own result, not the resolved output
  prefix.owner = nullptr;    // never the armed TaskSnapshot capture's
  Pose result;
  for (std::size_t i = 0; i < snapshot.tasks.size() && i < hashes.size(); ++i) {
    if (snapshot.tasks[i].exec_order < 0) continue;
    TaskStateStorage state = before;
    prefix.state = &state;
    prefix.output_task = static_cast<int16_t>(i);
    Transform root_motion;
    ExecuteTaskList(prefix, ExecuteOutputs{.local_pose = &result, .root_motion = &root_motion});
    result.root_motion = root_motion;
    hashes[i] = PoseResultHash(result);
  }
  return hashes;
}

}  // namespace anim
