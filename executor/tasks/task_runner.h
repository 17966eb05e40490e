// One task's maths: maps an AnimTask onto the pose kernels and the ops. Shared by the executor and
// the naive reference executor, which differ only in buffer management and kernel table.
#pragma once

#include "executor/pose/pose.h"
#include "executor/tasks/anim_task_list.h"
#include "executor/tasks/pose_kernel_table.h"

namespace anim {

class PoseHistory;

// What running one task leaves its caller to do.
struct TaskRun {
  int mask_weighted = -1;  // BlendMasked: how many bones the mask weighted; -1 for other tasks
  // A transition task (Inertialize, DeadBlend, Crossfade): its seam's history, which must now
  // record `dst` as the machine's latest output, by copy (PoseHistory::Push) or by handing `dst`
  // over (PoseHistory::Adopt). Null for every other task.
  PoseHistory* history = nullptr;
};

// Computes `task` into `dst`. `a` and `b` are its dependencies' results (null where the task reads
// none); `dst` may be the same pose as either. When `inputs_valid` is false, or a clip, mask,
// state slot or bone index is out of range, the result is the bind pose (for MakeAdditive, the
// identity delta).
TaskRun RunTask(const AnimTaskList& list, const AnimTask& task, bool inputs_valid, const Pose* a,
                const Pose* b, Pose& dst, const PoseKernelTable& kernels);

}  // namespace anim
