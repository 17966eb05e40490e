// The humanoid's non-locomotion clips: idle (breathing, loop), jump (play-once) and aim_pose (a few
// frames of a two-handed aim, the source of an additive layer).
#pragma once

#include "tools/sample_gen/asset_writer.h"
#include "tools/sample_gen/humanoid_rig.h"

namespace anim::sample_gen {

ClipFrames IdleClip(const HumanoidRig& rig);
ClipFrames JumpClip(const HumanoidRig& rig);
ClipFrames AimPoseClip(const HumanoidRig& rig);

}  // namespace anim::sample_gen
