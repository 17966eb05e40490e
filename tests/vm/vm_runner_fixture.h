// A bound program, one instance and its task list, stepped a frame at a time, for VM tests.
#pragma once

#include <stdexcept>
#include <vector>

#include "executor/math/mat4.h"
#include "executor/tasks/execute_task_list.h"
#include "executor/tasks/task_snapshot.h"
#include "tests/vm/vm_test_rig.h"
#include "vm/build_tasks.h"
#include "vm/instance/anim_instance.h"
#include "vm/program_binding.h"

namespace anim::test {

// The binding of `program`, or an exception carrying the bind error (Catch reports it).
inline ProgramBinding BindOrThrow(const Program& program, const VmRig& rig) {
  BindResult bound = ProgramBinding::Bind(program, rig.skeleton, rig.clip_table);
  if (!bound.binding) throw std::runtime_error("bind failed: " + bound.error);
  return std::move(*bound.binding);
}

struct VmStepper {
  VmStepper(const VmRig& rig, Program p)
      : program(std::move(p)),
        binding(BindOrThrow(program, rig)),
        instance(program),
        skinning(static_cast<std::size_t>(rig.skeleton.bone_count())) {}
  VmStepper(const VmStepper&) = delete;  // the binding points at `program`
  VmStepper& operator=(const VmStepper&) = delete;

  // Records and executes one frame.
  void Step(float dt) {
    BuildTasks(binding, instance, dt, list);
    ExecuteTaskList(list, ExecuteOutputs{skinning, {}, {}, &local}, &snapshot);
  }

  // The first task of `type` (and `resource`, when given); -1 when none.
  int Find(AnimTaskType type, int resource = -1) const {
    for (std::size_t i = 0; i < list.tasks.size(); ++i) {
      if (list.tasks[i].type == type && (resource < 0 || list.tasks[i].resource == resource)) {
        return static_cast<int>(i);
      }
    }
    return -1;
  }

  Program program;
  ProgramBinding binding;
  AnimInstance instance;
  AnimTaskList list;
  TaskSnapshot snapshot;
  Pose local;
  std::vector<Mat4> skinning;
};

}  // namespace anim::test
