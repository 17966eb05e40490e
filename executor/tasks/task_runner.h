// One task's maths: maps an AnimTask onto the pose kernels and the ops. Shared by the executor and
// the naive reference executor, which differ only in buffer management and kernel table.
#pragma once

#include "executor/pose/pose.h"
#include "executor/tasks/anim_task_list.h"
#include "executor/tasks/pose_kernel_table.h"

namespace anim {

class PoseHistory;

// Computes `task` into `dst`. `a` and `b` are its dependencies' results (null where the task reads
// none); `dst` may be the same pose as either. When `inputs_valid` is false, or a clip, mask,
// state slot or bone index is out of range, the result is the bind pose (for MakeAdditive, the
// identity delta). A transition task (Inertialize, DeadBlend, Crossfade) leaves its caller to
// record `dst` into SeamHistory's history, by copy (PoseHistory::Push) or by handing `dst` over
// (PoseHistory::Adopt).
void RunTask(const AnimTaskList& list, const AnimTask& task, bool inputs_valid, const Pose* a, const Pose* b,
             Pose& dst, const PoseKernelTable& kernels);

// The history a transition task's result must go to once it has run: its seam's. Null for every
// other task, and for one that yielded the bind pose (invalid inputs, or no such seam).
PoseHistory* SeamHistory(const AnimTaskList& list, const AnimTask& task, bool inputs_valid);

// For snapshots: how many of the bones it blends a BlendMasked task's mask weights (not 0); -1
// for other tasks, and for one that passed an input through or yielded the bind pose.
int MaskWeightedBones(const AnimTaskList& list, const AnimTask& task, bool inputs_valid);

// The bones a task of `type` names (bone_a, then bone_b, then bone_c): a bone op's or IK solver's.
// When one does not exist the task yields the bind pose.
constexpr int BonesNamed(AnimTaskType type) {
  switch (type) {
    case AnimTaskType::BoneTransform:
    case AnimTaskType::TranslateBone:
    case AnimTaskType::LookAt:
      return 1;
    case AnimTaskType::FABRIK:
      return 2;
    case AnimTaskType::TwoBoneIK:
    case AnimTaskType::FootIK:
      return 3;
    default:
      return 0;
  }
}

// Whether a task that passes an input through by its weight (PassThroughInput) has nothing to do
// when its result goes to that input's own buffer, in every list of its shape (execution_plan.h):
// the bones it names exist (the shape fixes them and the skeleton's size), and it names no mask,
// whose size the shape does not fix.
bool PassThroughKeepsInput(const AnimTaskList& list, const AnimTask& task);

// RunTask in two halves, so a replayed plan (execution_plan.h) chooses the maths once per shape:
// the runner depends only on the task's type, whether its inputs are valid and the input its
// weight passes through (PassThroughInput); it reads everything else, ranges included, afresh.
using TaskRunner = void (*)(const AnimTaskList& list, const AnimTask& task, const Pose* a, const Pose* b,
                            Pose& dst, const PoseKernelTable& kernels);
TaskRunner ResolveTaskRunner(const AnimTask& task, bool inputs_valid);

// The runner, then the root motion the result carries.
void RunTaskWithMotion(TaskRunner run, const AnimTaskList& list, const AnimTask& task, bool inputs_valid,
                       const Pose* a, const Pose* b, Pose& dst, const PoseKernelTable& kernels);

// RunTask with `run` = ResolveTaskRunner(task, inputs_valid). Without root motion a plain tail call:
// the motion's transforms need an aligned stack frame, which every task would otherwise pay for.
inline void RunResolvedTask(TaskRunner run, const AnimTaskList& list, const AnimTask& task, bool inputs_valid,
                            const Pose* a, const Pose* b, Pose& dst, const PoseKernelTable& kernels) {
  if (!list.root_motion) return run(list, task, a, b, dst, kernels);
  RunTaskWithMotion(run, list, task, inputs_valid, a, b, dst, kernels);
}

}  // namespace anim
