#include "executor/tasks/task_list_validator.h"

#include <cmath>
#include <string>

#include "executor/ops/bone_ops.h"
#include "executor/ops/crossfade.h"
#include "executor/ops/root_motion.h"
#include "executor/tasks/task_state_storage.h"

namespace anim {
namespace {

class ListChecker {
 public:
  explicit ListChecker(const AnimTaskList& list) : list_(list) {}

  std::vector<TaskListIssue> Run() {
    CheckList();
    if (!list_.skeleton) return std::move(issues_);  // nothing below can be judged without one
    for (std::size_t i = 0; i < list_.tasks.size(); ++i)
      CheckTask(static_cast<int>(i), list_.tasks[i]);
    return std::move(issues_);
  }

 private:
  void Issue(int task, std::string message) { issues_.push_back({task, std::move(message)}); }

  void CheckList() {
    if (!list_.skeleton) {
      Issue(-1, "the list names no skeleton");
      return;
    }
    const int bones = list_.skeleton->bone_count();
    const auto count = static_cast<int>(list_.tasks.size());
    if (count > 0x7FFF) Issue(-1, "the list holds " + std::to_string(count) + " tasks, more than 32767");
    if (list_.output_task != AnimTask::NoTask && (list_.output_task < 0 || list_.output_task >= count))
      Issue(-1, "the output task " + std::to_string(list_.output_task) + " is not a task of the list");
    if (list_.active_bone_count < 0 || list_.active_bone_count > bones)
      Issue(-1, "the active bone count " + std::to_string(list_.active_bone_count) + " is outside 0.." +
                    std::to_string(bones));
    if (list_.root_bone < -1 || list_.root_bone >= bones)
      Issue(-1, "the root bone " + std::to_string(list_.root_bone) + " is not a bone of the skeleton");
    if (list_.curve_count < 0 || list_.curve_count > kMaxCurves)
      Issue(-1, "the curve count " + std::to_string(list_.curve_count) + " is outside 0.." +
                    std::to_string(kMaxCurves));
    if (!std::isfinite(list_.delta_time) || list_.delta_time < 0.0f)
      Issue(-1, "the time step is not a finite time");
  }

  void CheckTask(int index, const AnimTask& task) {
    if (static_cast<int>(task.type) >= kAnimTaskTypeCount) {
      Issue(index, "type " + std::to_string(static_cast<int>(task.type)) + " is not a task type");
      return;
    }
    CheckStage(index, task);
    CheckDependencies(index, task);
    CheckNumbers(index, task);
    CheckResources(index, task);
  }

  // Stages run in order, PrePhysics before PostPhysics: an earlier stage cannot read a later one.
  void CheckStage(int index, const AnimTask& task) {
    if (task.stage > AnimTaskStage::PostPhysics) {
      Issue(index, "stage " + std::to_string(static_cast<int>(task.stage)) + " is not a stage");
      return;
    }
    for (int16_t dep : {task.dep_a, task.dep_b}) {
      if (dep < 0 || dep >= index) continue;
      const AnimTaskStage read = list_.tasks[static_cast<std::size_t>(dep)].stage;
      if (task.stage == AnimTaskStage::PrePhysics && read == AnimTaskStage::PostPhysics)
        Issue(index, "a PrePhysics task reads task " + std::to_string(dep) + ", which runs PostPhysics");
    }
  }

  void CheckDependencies(int index, const AnimTask& task) {
    const int required = RequiredDependencyCount(task);
    const int16_t deps[2] = {task.dep_a, task.dep_b};
    for (int d = 0; d < 2; ++d) {
      const char* name = d == 0 ? "dep_a" : "dep_b";
      const int16_t dep = deps[d];
      if (d < required) {
        if (dep == AnimTask::NoTask)
          Issue(index, std::string(name) + " is missing");
        else if (dep < 0 || dep >= index)
          Issue(index, std::string(name) + " " + std::to_string(dep) + " is not an earlier task");
      } else if (dep != AnimTask::NoTask &&
                 !(task.type == AnimTaskType::MakeAdditive && dep >= 0 && dep < index)) {
        // A MakeAdditive against the bind pose may keep its base wired (the VM records it so);
        // anything else reads no such input.
        Issue(index,
              std::string(name) + " " + std::to_string(dep) + " is set, but this task reads no such input");
      }
    }
  }

  void CheckNumbers(int index, const AnimTask& task) {
    const float numbers[] = {task.time, task.alpha, task.aux, task.t.x, task.t.y, task.t.z, task.r.x,
                             task.r.y,  task.r.z,   task.r.w, task.s.x, task.s.y, task.s.z};
    for (float f : numbers) {
      if (!std::isfinite(f)) {
        Issue(index, "holds a number that is not finite");
        return;
      }
    }
  }

  void Bones(int index, const AnimTask& task, int count) {
    const int bones = list_.skeleton->bone_count();
    const uint16_t ids[3] = {task.bone_a, task.bone_b, task.bone_c};
    const char* names[3] = {"bone_a", "bone_b", "bone_c"};
    for (int b = 0; b < count; ++b) {
      if (ids[b] >= bones)
        Issue(index, std::string(names[b]) + " " + std::to_string(ids[b]) +
                         " is not a bone of the skeleton (" + std::to_string(bones) + " bones)");
    }
  }

  void Table(int index, const char* what, std::size_t size, uint16_t resource) {
    if (resource >= size)
      Issue(index, std::string(what) + " " + std::to_string(resource) + " is past the list's " +
                       std::to_string(size) + " " + what + (size == 1 ? "" : "s"));
  }

  void Mode(int index, const char* what, uint8_t value, int count) {
    if (value >= count)
      Issue(index, std::string(what) + " " + std::to_string(value) + " is not one of its values");
  }

  void CheckResources(int index, const AnimTask& task) {
    const std::size_t blends = list_.state ? list_.state->blends.size() : 0;
    const std::size_t snapshots = list_.state ? list_.state->snapshots.size() : 0;
    switch (task.type) {
      case AnimTaskType::ReferencePose:
      case AnimTaskType::Blend:
      case AnimTaskType::ApplyAdditive:
        break;
      case AnimTaskType::SampleClip:
        Table(index, "clip", list_.clips.size(), task.resource);
        if (task.resource < list_.clips.size() && !list_.clips[task.resource])
          Issue(index, "clip " + std::to_string(task.resource) + " is not bound");
        Mode(index, "root motion mode", task.mode, kRootMotionModeCount);
        if (task.mode != static_cast<uint8_t>(RootMotionMode::Keep))
          Table(index, "root motion track", list_.root_tracks.size(), task.bone_b);
        break;
      case AnimTaskType::BlendMasked:
        Table(index, "mask", list_.masks.size(), task.resource);
        break;
      case AnimTaskType::MakeAdditive:
        Mode(index, "additive space", task.space, 2);
        Mode(index, "additive base", task.mode, 2);
        break;
      case AnimTaskType::Inertialize:
      case AnimTaskType::DeadBlend:
        Table(index, "blend slot", blends, task.resource);
        break;
      case AnimTaskType::Crossfade:
        Table(index, "blend slot", blends, task.resource);
        Mode(index, "fade curve", task.mode, 3);
        break;
      case AnimTaskType::SavePoseSnapshot:
      case AnimTaskType::LoadPoseSnapshot:
        Table(index, "snapshot", snapshots, task.resource);
        break;
      case AnimTaskType::BoneTransform:
        Bones(index, task, 1);
        Mode(index, "bone space", task.space, 2);
        Mode(index, "bone op mode", task.mode, 2);
        break;
      case AnimTaskType::TranslateBone:
      case AnimTaskType::LookAt:
        Bones(index, task, 1);
        break;
      case AnimTaskType::TwoBoneIK:
        Bones(index, task, 3);
        Mode(index, "bend hint", task.mode, 2);
        break;
      case AnimTaskType::FABRIK:
        Bones(index, task, 2);
        break;
      case AnimTaskType::FootIK:
        Bones(index, task, 3);
        break;
    }
  }

  const AnimTaskList& list_;
  std::vector<TaskListIssue> issues_;
};

}  // namespace

std::vector<TaskListIssue> ValidateTaskList(const AnimTaskList& list) {
  return ListChecker(list).Run();
}

std::string FormatTaskListIssue(const AnimTaskList& list, const TaskListIssue& issue) {
  if (issue.task < 0 || static_cast<std::size_t>(issue.task) >= list.tasks.size()) return issue.message;
  const AnimTask& task = list.tasks[static_cast<std::size_t>(issue.task)];
  return "task " + std::to_string(issue.task) + " (" + AnimTaskTypeName(task.type) + "): " + issue.message;
}

}  // namespace anim
