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

std::string PruneReason(const DumpFrame& frame, int index) {
  const DumpTask& task = frame.tasks[static_cast<std::size_t>(index)];
  if (task.exec.reachable) return "";
  // A task recorded inside a state that is not current ("<machine>.states.<state>..."): name the
  // state. Nested machines are checked from the outside in.
  for (const MachineFrame& m : frame.machines) {
    const std::string prefix = m.name + ".states.";
    if (task.node.compare(0, prefix.size(), prefix) != 0) continue;
    const std::size_t end = task.node.find('.', prefix.size());
    const std::string state =
        task.node.substr(prefix.size(), end == std::string::npos ? std::string::npos : end - prefix.size());
    if (state != m.state) return "state " + state + " of " + m.name + " is inactive";
  }
  for (std::size_t i = static_cast<std::size_t>(index) + 1; i < frame.tasks.size(); ++i) {
    for (int d : Dependencies(frame.tasks[i].task)) {
      if (d == index) return "read only by pruned tasks";
    }
  }
  return "nothing reads its result";
}

}  // namespace anim::dump
