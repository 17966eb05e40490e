#include "cli/anim_dump/task_describe.h"
#include "executor/ops/crossfade.h"

#include <fmt/format.h>

namespace anim::dump {
namespace {

std::string Vector(const Vec3& v) {
  return "(" + Number(v.x) + ", " + Number(v.y) + ", " + Number(v.z) + ")";
}

std::string Alpha(const AnimTask& task) {
  return "alpha " + Number(task.alpha);
}

std::string MachineBlend(const DumpFrame& frame, const DumpTask& t) {
  std::string s;
  if (t.task.resource < frame.machines.size())
    s = "current state is " + frame.machines[t.task.resource].state;
  if ((t.task.flags & kTaskFlagCapture) != 0) s += ", transition starts";
  if ((t.task.flags & kTaskFlagApply) != 0) {
    s += ", blending " + Number(t.task.time) + "/" + Number(t.task.alpha) + "s";
    if (t.task.type == AnimTaskType::DeadBlend) s += " half-life " + Number(t.task.aux);
    if (t.task.type == AnimTaskType::Crossfade) {
      s += std::string(" ") + FadeCurveName(t.task.mode) +
           (t.task.dep_b != AnimTask::NoTask ? " from the state left" : " from the frozen output");
    }
  }
  return s;
}

}  // namespace

std::string Number(float value) {
  std::string s = fmt::format("{:.3f}", value);
  while (s.size() > 1 && s.back() == '0' && s[s.size() - 2] != '.')
    s.pop_back();
  if (s == "-0.0") s = "0.0";
  return s;
}

std::vector<int> Dependencies(const AnimTask& task) {
  std::vector<int> deps;
  const int count = RequiredDependencyCount(task);
  if (count >= 1 && task.dep_a != AnimTask::NoTask) deps.push_back(task.dep_a);
  if (count >= 2 && task.dep_b != AnimTask::NoTask) deps.push_back(task.dep_b);
  return deps;
}

bool StoleFrom(const DumpTask& dep, const DumpTask& reader) {
  return reader.exec.stole_buffer && !dep.exec.handed_over && dep.exec.buffer == reader.exec.buffer;
}

std::string DependencyText(const AnimTask& task) {
  std::string s;
  for (int d : Dependencies(task))
    s += (s.empty() ? "" : ", ") + std::to_string(d);
  return s;
}

std::string TaskLabel(const DumpTask& task, int index) {
  std::string s = std::to_string(index) + " " + AnimTaskTypeName(task.task.type);
  if (task.task.type == AnimTaskType::SampleClip && !task.resource.empty()) s += " " + task.resource;
  return s;
}

std::string KeyFields(const CapturedRun& run, const DumpFrame& frame, const DumpTask& t) {
  const AnimTask& k = t.task;
  const auto bone = [&](uint16_t b) { return BoneName(run, b); };
  switch (k.type) {
    case AnimTaskType::ReferencePose:
      return "bind pose";
    case AnimTaskType::SampleClip:
      return (t.resource.empty() ? "clip " + std::to_string(k.resource) : t.resource) +
             " t=" + Number(k.time);
    case AnimTaskType::Blend:
    case AnimTaskType::ApplyAdditive:
      return Alpha(k);
    case AnimTaskType::BlendMasked: {
      std::string s = "mask " + t.resource + " " + Alpha(k);
      if (t.exec.mask_weighted_bones >= 0)
        s += ", " + std::to_string(t.exec.mask_weighted_bones) + " bones weighted";
      return s;
    }
    case AnimTaskType::MakeAdditive:
      return std::string(k.space == static_cast<uint8_t>(AdditiveSpace::Mesh) ? "mesh space"
                                                                              : "local space") +
             (k.mode == static_cast<uint8_t>(AdditiveBase::Pose) ? ", base pose" : ", base bind pose");
    case AnimTaskType::Inertialize:
    case AnimTaskType::DeadBlend:
    case AnimTaskType::Crossfade:
      return MachineBlend(frame, t);
    case AnimTaskType::SavePoseSnapshot:
    case AnimTaskType::LoadPoseSnapshot:
      return "snapshot " + t.resource;
    case AnimTaskType::BoneTransform:
      return bone(k.bone_a) + " " + Alpha(k);
    case AnimTaskType::TranslateBone:
      return bone(k.bone_a) + " offset " + Vector(k.t) + " " + Alpha(k);
    case AnimTaskType::TwoBoneIK:
      return bone(k.bone_a) + " " + bone(k.bone_b) + " " + bone(k.bone_c) + " target " + Vector(k.t) + " " +
             Alpha(k);
    case AnimTaskType::FABRIK:
      return bone(k.bone_a) + ".." + bone(k.bone_b) + " target " + Vector(k.t) + " " + Alpha(k);
    case AnimTaskType::LookAt:
      return bone(k.bone_a) + " target " + Vector(k.t) + " " + Alpha(k);
    case AnimTaskType::FootIK:
      return bone(k.bone_a) + " " + bone(k.bone_b) + " " + bone(k.bone_c) + " ground " + Number(k.aux) + " " +
             Alpha(k);
  }
  return "";
}

namespace {

// "blend 'gait'": what a task that prunes by weight is, for reasons.
std::string WeightedReader(const DumpTask& reader) {
  const char* kind = reader.task.type == AnimTaskType::Blend           ? "blend"
                     : reader.task.type == AnimTaskType::BlendMasked   ? "masked blend"
                     : reader.task.type == AnimTaskType::ApplyAdditive ? "additive"
                                                                       : "op";
  return std::string(kind) + " '" + reader.node + "'";
}

// The reason a task that is the result of a state not running gets, or "".
std::string InactiveState(const DumpFrame& frame, int index) {
  for (const MachineFrame& m : frame.machines) {
    for (std::size_t s = 0; s < m.state_tasks.size() && s < m.states.size(); ++s) {
      if (m.state_tasks[s] == index && m.states[s] != m.state)
        return "state " + m.states[s] + " of " + m.name + " is inactive";
    }
  }
  return "";
}

bool Inherited(const std::string& reason) {
  return reason.starts_with("state ") || reason.starts_with("pruned: ");
}

}  // namespace

std::vector<std::string> PruneReasons(const DumpFrame& frame) {
  const int count = static_cast<int>(frame.tasks.size());
  std::vector<std::string> reasons(static_cast<std::size_t>(count));
  std::vector<std::vector<int>> readers(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    for (const int d : Dependencies(frame.tasks[static_cast<std::size_t>(i)].task))
      if (d >= 0 && d < i) readers[static_cast<std::size_t>(d)].push_back(i);
  }
  // Readers come after what they read: from the last task back, a reader's reason is known.
  for (int i = count - 1; i >= 0; --i) {
    const DumpTask& task = frame.tasks[static_cast<std::size_t>(i)];
    std::string& reason = reasons[static_cast<std::size_t>(i)];
    if (task.exec.reachable) continue;
    reason = InactiveState(frame, i);
    if (!reason.empty()) continue;
    if (task.exec.pruned_by >= 0 && task.exec.pruned_by < count) {
      reason =
          "pruned: weight 0 in " + WeightedReader(frame.tasks[static_cast<std::size_t>(task.exec.pruned_by)]);
      continue;
    }
    const std::vector<int>& by = readers[static_cast<std::size_t>(i)];
    if (by.empty()) {
      reason = "nothing reads its result";
      continue;
    }
    reason = "read only by tasks that do not run";
    for (const int r : by) {
      const std::string& theirs = reasons[static_cast<std::size_t>(r)];
      if (!frame.tasks[static_cast<std::size_t>(r)].exec.reachable && Inherited(theirs)) {
        reason = theirs;
        break;
      }
    }
  }
  return reasons;
}

}  // namespace anim::dump
