// A humanoid pose described by a few joint angles (degrees) and turned into local bone transforms,
// with the pelvis height chosen so the lowest point of either foot touches the ground (y = 0).
#pragma once

#include <array>
#include <vector>

#include "executor/math/transform.h"
#include "tools/sample_gen/humanoid_rig.h"
#include "tools/sample_gen/rig_math.h"

namespace anim::sample_gen {

struct LegPose {
  double hip_flex = 0.0;    // thigh swing forward (+) or back (-) from vertical, in the pelvis' yaw frame
  double hip_out = 0.0;     // thigh spread away from the body
  double knee = 0.0;        // knee bend (the foot goes back)
  double foot_pitch = 0.0;  // the foot's pitch in model space: toes up (+) or down (-)
  double toe_bend = 0.0;    // toes bent up against the foot
};

struct ArmPose {
  double lower = 78.0;         // arm lowered from the T-pose towards the side of the body
  double swing = 0.0;          // arm swing forward (+) or back (-) in the shoulders' yaw frame
  double elbow = 10.0;         // elbow bend (the hand comes forward)
  double clavicle_lift = 0.0;  // shoulder raised
  // When `aim` is set the arm ignores lower/swing/elbow and points its upper arm and forearm
  // along these model-space directions.
  bool aim = false;
  DVec3 upper_dir{};
  DVec3 fore_dir{};
};

struct BodyPose {
  double sway = 0.0;             // pelvis sideways offset in metres (+ towards the character's left)
  double lift = 0.0;             // pelvis height above its grounded height in metres (flight)
  double pelvis_yaw = 0.0;       // about +Y
  double pelvis_pitch = 0.0;     // forward tilt
  double pelvis_roll = 0.0;      // about +Z: + drops the right hip
  double spine_lean = 0.0;       // chest lean forward over the pelvis, spread over the spine
  double shoulder_yaw = 0.0;     // model-space yaw of the shoulders (counter-rotation against the hips)
  double breath = 0.0;           // chest expansion: the chest opens and the clavicles rise
  double head_pitch = 0.0;       // head nod down (+); the neck otherwise keeps the head level
  double finger_curl = 0.0;      // curl of each joint of the four fingers
  std::array<LegPose, 2> leg{};  // kLeft, kRight
  std::array<ArmPose, 2> arm{};
};

std::vector<Transform> PoseLocals(const HumanoidRig& rig, const BodyPose& pose);
// Where the ankle of `side` (kLeft, kRight) is in model space in that pose.
DVec3 FootPosition(const HumanoidRig& rig, const BodyPose& pose, int side);

}  // namespace anim::sample_gen
