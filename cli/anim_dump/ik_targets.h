// The IK targets of a frame, as `pose --format svg` marks them and the report's skeleton view draws
// them: for each reachable two-bone, FABRIK and look-at task the point it reaches for, and for each
// reachable foot IK the ground plane it plants the foot on, under the foot at the task's height.
#pragma once

#include <string>
#include <vector>

#include "cli/anim_dump/frame_capture.h"
#include "executor/math/vec3.h"

namespace anim::dump {

struct IkTarget {
  bool ground = false;  // a foot IK's ground plane (at `at.y`, under the foot), else a point to reach
  Vec3 at;              // model space
  std::string label;    // the solver's node (its task type when the node is unknown)
};

// Frames must be captured with FrameContent::tasks and FrameContent::pose.
std::vector<IkTarget> IkTargets(const DumpFrame& frame);

}  // namespace anim::dump
