#include "cli/anim_dump/ik_targets.h"

namespace anim::dump {

std::vector<IkTarget> IkTargets(const DumpFrame& frame) {
  std::vector<IkTarget> targets;
  for (const DumpTask& t : frame.tasks) {
    if (!t.exec.reachable) continue;
    const std::string label = t.node.empty() ? std::string(AnimTaskTypeName(t.task.type)) : t.node;
    switch (t.task.type) {
      case AnimTaskType::TwoBoneIK:
      case AnimTaskType::FABRIK:
      case AnimTaskType::LookAt:
        targets.push_back({false, t.task.t, label});
        break;
      case AnimTaskType::FootIK: {
        // The plane under the foot (bone_c) at the task's ground height.
        const uint16_t foot = t.task.bone_c;
        const Vec3 under = foot < frame.model.size()
                               ? Vec3{frame.model[foot].m[3][0], 0.0f, frame.model[foot].m[3][2]}
                               : Vec3{};
        targets.push_back({true, {under.x, t.task.aux, under.z}, label});
        break;
      }
      default:
        break;
    }
  }
  return targets;
}

}  // namespace anim::dump
