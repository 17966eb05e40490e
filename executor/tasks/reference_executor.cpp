#include "executor/tasks/reference_executor.h"

#include <algorithm>
#include <vector>

#include "executor/resolve/forward_kinematics.h"
#include "executor/tasks/task_runner.h"
#include "executor/tasks/task_state_storage.h"

namespace anim {
namespace {

bool ReadsDependency(const AnimTask& task, int slot, int index, int16_t& dep) {
  dep = slot == 0 ? task.dep_a : task.dep_b;
  return slot < RequiredDependencyCount(task) && dep >= 0 && dep < index;
}

bool AllInputsValid(const AnimTask& task, int index) {
  int16_t dep;
  for (int slot = 0; slot < RequiredDependencyCount(task); ++slot) {
    if (!ReadsDependency(task, slot, index, dep)) return false;
  }
  return true;
}

void MarkNeeded(const AnimTaskList& list, int index, std::vector<char>& needed) {
  if (needed[index]) return;
  needed[index] = 1;
  const AnimTask& task = list.tasks[index];
  if (!AllInputsValid(task, index)) return;
  int16_t dep;
  for (int slot = 0; slot < 2; ++slot) {
    if (ReadsDependency(task, slot, index, dep)) MarkNeeded(list, dep, needed);
  }
}

}  // namespace

void ExecuteTaskListReference(const AnimTaskList& list, const ExecuteOutputs& outputs) {
  if (list.skeleton == nullptr) return;
  const Skeleton& skeleton = *list.skeleton;
  const int n = skeleton.bone_count();
  const int task_count = static_cast<int>(std::min<std::size_t>(list.tasks.size(), kMaxTasksPerList));
  const bool has_output = list.output_task >= 0 && list.output_task < task_count;

  std::vector<char> needed(task_count, 0);
  if (has_output) MarkNeeded(list, list.output_task, needed);
  std::vector<Pose> results(task_count);
  for (int i = 0; i < task_count; ++i) {
    if (!needed[i]) continue;
    const AnimTask& task = list.tasks[i];
    const bool valid = AllInputsValid(task, i);
    int16_t dep;
    const Pose* a = valid && ReadsDependency(task, 0, i, dep) ? &results[dep] : nullptr;
    const Pose* b = valid && ReadsDependency(task, 1, i, dep) ? &results[dep] : nullptr;
    results[i].Resize(n, list.CurveCount());
    RunTask(list, task, valid, a, b, results[i], kReferencePoseKernels);
    if (PoseHistory* history = SeamHistory(list, task, valid); history != nullptr)
      history->Push(results[i].view(), list.delta_time);
  }

  Pose final_pose(n);
  reference::CopyPose(final_pose.view(),
                      has_output ? results[list.output_task].view() : skeleton.bind_pose().view(), n);
  if (list.lock_root) ApplyRootLock(final_pose.view(), skeleton, list.PinnedRootBone());
  std::vector<Mat4> model(n);
  LocalToModel(skeleton, final_pose.view(), model.data());
  if (outputs.model.size() >= static_cast<std::size_t>(n))
    std::copy_n(model.begin(), n, outputs.model.begin());
  if (outputs.skinning.size() >= static_cast<std::size_t>(n)) {
    ModelToSkinning(skeleton, model.data(), outputs.skinning.data());
    if (outputs.packed.size() >= static_cast<std::size_t>(n)) {
      PackSkinning3x4(outputs.skinning.data(), n, outputs.packed.data());
    }
  }
  // The output's curves; without an output, the bind pose's (0).
  const ConstPoseView output_view = has_output ? results[list.output_task].view() : ConstPoseView{};
  CopyCurves(outputs.curves, output_view);
  if (outputs.local_pose != nullptr) {
    outputs.local_pose->Resize(n, list.CurveCount());
    reference::CopyPose(outputs.local_pose->view(), final_pose.view(), n);
    CopyCurves(outputs.local_pose->view(), output_view);
    outputs.local_pose->kind = has_output ? results[list.output_task].kind : PoseKind::Absolute;
  }
  if (outputs.root_motion != nullptr)
    *outputs.root_motion =
        list.root_motion && has_output ? results[list.output_task].root_motion : Transform{};
  if (list.state != nullptr) {
    CopyCurves(list.state->curves, output_view);
    CommitPendingSnapshots(*list.state);
  }
}

}  // namespace anim
