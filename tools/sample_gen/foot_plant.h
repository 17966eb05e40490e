// Foot-plant curves: how firmly each foot is on the ground in every frame of a clip, 1 planted and
// 0 lifted. A planted ankle is low (near the lowest it gets in the clip) and still on the ground
// (it does not slide once the root's own motion is counted). Graphs read the curves to fade foot
// IK in and out (samples/locomotion.yaml).
#pragma once

#include <vector>

#include "tools/sample_gen/asset_writer.h"
#include "tools/sample_gen/body_pose.h"
#include "tools/sample_gen/humanoid_rig.h"

namespace anim::sample_gen {

// Adds `foot_plant_l` and `foot_plant_r` to `clip`, one key per pose (the clip's frames, 1/30 s
// apart). `root_velocity` is how fast the clip's root moves (m/s); a looping clip's last pose is its
// first again.
void AddFootPlantCurves(ClipFrames& clip, const HumanoidRig& rig, const std::vector<BodyPose>& poses,
                        DVec3 root_velocity = {});

}  // namespace anim::sample_gen
