#include "vm/frame_runner.h"

#include <algorithm>
#include <vector>

#include "executor/tasks/execute_task_list.h"
#include "vm/build_tasks.h"

namespace anim {

void RunScenario(const ProgramBinding& binding, AnimInstance& instance, const Scenario& scenario,
                 const FrameCallback& on_frame) {
  const auto bones = static_cast<std::size_t>(binding.skeleton().bone_count());
  std::vector<Mat4> skinning(bones), model(bones);
  Pose local(binding.skeleton().bone_count());
  std::vector<float> params(instance.param_values.size());
  AnimTaskList list;
  TaskSnapshot snapshot;
  ScenarioPlayer player(scenario);
  for (int frame = 0; frame < scenario.frame_count; ++frame) {
    player.ApplyBeforeFrame(frame, instance);
    std::copy(instance.param_values.begin(), instance.param_values.end(), params.begin());
    BuildTasks(binding, instance, scenario.delta_time, list);
    Transform root_motion;
    ExecuteTaskList(list, ExecuteOutputs{skinning, {}, model, &local, &root_motion}, &snapshot);
    instance.AccumulateRootMotion(root_motion);
    if (on_frame) {
      on_frame(FrameResult{frame, static_cast<float>(frame) * scenario.delta_time, &instance, &list,
                           &snapshot, skinning, model, &local, root_motion, instance.task_state.curves,
                           params});
    }
  }
}

}  // namespace anim
