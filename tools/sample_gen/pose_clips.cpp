#include "tools/sample_gen/pose_clips.h"

#include <algorithm>
#include <cmath>

#include "tools/sample_gen/body_pose.h"
#include "tools/sample_gen/curves.h"
#include "tools/sample_gen/foot_plant.h"

namespace anim::sample_gen {
namespace {

// Relaxed standing: knees soft, feet a little apart and flat.
BodyPose Standing() {
  BodyPose b;
  for (LegPose& leg : b.leg) {
    leg.hip_out = 4.0;
    leg.hip_flex = 2.0;
    leg.knee = 5.0;
  }
  b.finger_curl = 15.0;
  return b;
}

}  // namespace

ClipFrames IdleClip(const HumanoidRig& rig) {
  // One breath every 2.4 s, with the weight drifting slowly between the feet.
  constexpr int kFrames = 72;
  const auto pose_at = [](double phase) {
    BodyPose b = Standing();
    const double inhale = 0.5 - 0.5 * std::cos(kTau * phase);
    b.breath = 2.0 * inhale;
    b.sway = 0.008 * std::sin(kTau * phase);
    b.pelvis_roll = 1.0 * std::sin(kTau * phase);
    b.head_pitch = -1.0 * inhale;
    for (ArmPose& arm : b.arm) {
      arm.lower = 82.0 - 1.5 * inhale;
      arm.elbow = 12.0;
    }
    return b;
  };
  ClipFrames clip = LoopClip("idle", kFrames, [&](double phase) { return PoseLocals(rig, pose_at(phase)); });
  std::vector<BodyPose> poses;
  for (int k = 0; k <= kFrames; ++k)
    poses.push_back(pose_at(static_cast<double>(k % kFrames) / kFrames));
  AddFootPlantCurves(clip, rig, poses);
  return clip;
}

ClipFrames JumpClip(const HumanoidRig& rig) {
  // Crouch, take off at 0.45 s, fly until 0.9 s, absorb the landing and stand up by 1.2 s.
  const KeyCurve hip{{0.0, 2.0},   {0.3, 55.0},  {0.45, -5.0}, {0.65, 30.0},
                     {0.85, 20.0}, {0.97, 50.0}, {1.2, 2.0}};
  const KeyCurve knee{{0.0, 5.0},   {0.3, 100.0}, {0.45, 0.0}, {0.65, 50.0},
                      {0.85, 25.0}, {0.97, 90.0}, {1.2, 5.0}};
  const KeyCurve foot{{0.0, 0.0},  {0.3, 0.0},  {0.45, -45.0}, {0.65, -15.0},
                      {0.85, 5.0}, {0.92, 0.0}, {1.2, 0.0}};
  const KeyCurve toe{{0.0, 0.0}, {0.32, 0.0}, {0.45, 40.0}, {0.55, 0.0}, {1.2, 0.0}};
  const KeyCurve lean{{0.0, 2.0},  {0.3, 35.0},  {0.45, 10.0}, {0.65, 8.0},
                      {0.85, 5.0}, {0.97, 30.0}, {1.2, 2.0}};
  const KeyCurve arm_swing{{0.0, 0.0},   {0.3, -45.0}, {0.45, 120.0}, {0.65, 150.0},
                           {0.85, 60.0}, {0.97, 20.0}, {1.2, 0.0}};
  const KeyCurve elbow{{0.0, 12.0}, {0.3, 15.0}, {0.45, 20.0}, {0.97, 30.0}, {1.2, 12.0}};
  constexpr double kTakeOff = 0.45, kLanding = 0.9, kApexHeight = 0.25;
  constexpr int kFrames = 37;

  ClipFrames clip;
  clip.name = "jump";
  std::vector<BodyPose> poses;
  for (int k = 0; k < kFrames; ++k) {
    const double t = k / 30.0;
    BodyPose b = Standing();
    for (LegPose& leg : b.leg) {
      leg.hip_flex = hip(t);
      leg.knee = knee(t);
      leg.foot_pitch = foot(t);
      leg.toe_bend = toe(t);
    }
    b.spine_lean = lean(t);
    for (ArmPose& arm : b.arm) {
      arm.lower = 75.0;
      arm.swing = arm_swing(t);
      arm.elbow = elbow(t);
    }
    // Ballistic flight between take-off and landing.
    const double u = (t - kTakeOff) / (kLanding - kTakeOff);
    b.lift = kApexHeight * 4.0 * std::max(0.0, u * (1.0 - u));
    clip.frames.push_back(PoseLocals(rig, b));
    poses.push_back(b);
  }
  AddFootPlantCurves(clip, rig, poses);
  return clip;
}

ClipFrames AimPoseClip(const HumanoidRig& rig) {
  // Rifle aim: right hand at the grip in front of the chest, left hand forward on the barrel.
  // The frames differ only by a slight breath, so the clip is a clean additive source.
  // It carries the foot-plant curves too (both feet planted): an additive made from it against a
  // standing base then leaves the curves alone instead of taking the base's away.
  ClipFrames clip;
  clip.name = "aim_pose";
  constexpr int kFrames = 5;
  std::vector<BodyPose> poses;
  for (int k = 0; k < kFrames; ++k) {
    const double inhale = 0.5 - 0.5 * std::cos(kTau * k / (kFrames - 1));
    BodyPose b = Standing();
    b.spine_lean = 5.0;
    b.breath = 0.6 * inhale;
    b.head_pitch = 4.0;
    b.finger_curl = 50.0;
    ArmPose& right = b.arm[kRight];
    right.aim = true;
    right.upper_dir = {-0.45, -0.55, 0.7};
    right.fore_dir = {0.55, 0.25, 0.8};
    ArmPose& left = b.arm[kLeft];
    left.aim = true;
    left.upper_dir = {0.25, -0.45, 0.86};
    left.fore_dir = {-0.15, 0.15 + 0.01 * inhale, 0.98};
    clip.frames.push_back(PoseLocals(rig, b));
    poses.push_back(b);
  }
  AddFootPlantCurves(clip, rig, poses);
  return clip;
}

}  // namespace anim::sample_gen
