#include "tools/sample_gen/gait_clips.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "tools/sample_gen/body_pose.h"
#include "tools/sample_gen/curves.h"
#include "tools/sample_gen/foot_plant.h"

namespace anim::sample_gen {
namespace {

// How one gait moves, in degrees and metres. Phases are fractions of the cycle, for the left leg;
// the right leg runs half a cycle later.
struct GaitStyle {
  int cycle_frames = 32;
  double toe_off = 0.62;  // end of the left foot's stance
  // Thigh angle: back steadily through the stance, quickly forward through the swing.
  KeyCurve hip{{0.0, 24.0}, {0.52, -18.0}, {0.88, 27.0}, {1.0, 24.0}};
  double knee_load = 15.0, knee_load_center = 0.12, knee_load_width = 0.14;
  double knee_swing = 65.0, knee_swing_center = 0.74, knee_swing_width = 0.28;
  KeyCurve foot_pitch{{0.0, 15.0},   {0.08, 0.0}, {0.38, 0.0}, {0.62, -35.0},
                      {0.76, -10.0}, {0.9, 12.0}, {1.0, 15.0}};
  KeyCurve toe_bend{{0.0, 0.0}, {0.38, 0.0}, {0.62, 35.0}, {0.74, 0.0}, {1.0, 0.0}};
  double flight = 0.0;  // pelvis rise in the flight phases (run)
  double sway = 0.025, pelvis_yaw = 5.0, pelvis_roll = 4.0, pelvis_pitch = 2.0, spine_lean = 2.0;
  double shoulder_yaw = 8.0;
  double arm_swing = 20.0, elbow = 15.0, elbow_swing = 10.0, finger_curl = 20.0;
  double flat_from = 0.08, flat_to = 0.38;  // the left foot lies flat on the ground in between
};

GaitStyle WalkStyle() {
  return {};
}

GaitStyle RunStyle() {
  GaitStyle s;
  s.cycle_frames = 22;
  s.toe_off = 0.36;
  s.hip = {{0.0, 25.0}, {0.38, -20.0}, {0.82, 38.0}, {1.0, 25.0}};
  s.knee_load = 45.0;
  s.knee_load_center = 0.12;
  s.knee_load_width = 0.2;
  s.knee_swing = 105.0;
  s.knee_swing_center = 0.66;
  s.knee_swing_width = 0.3;
  s.foot_pitch = {{0.0, 5.0},    {0.06, 0.0}, {0.18, 0.0}, {0.36, -40.0},
                  {0.55, -25.0}, {0.8, 0.0},  {0.92, 8.0}, {1.0, 5.0}};
  s.toe_bend = {{0.0, 0.0}, {0.18, 0.0}, {0.36, 35.0}, {0.48, 0.0}, {1.0, 0.0}};
  s.flight = 0.03;
  s.sway = 0.01;
  s.pelvis_yaw = 8.0;
  s.pelvis_roll = 3.0;
  s.pelvis_pitch = 6.0;
  s.spine_lean = 6.0;
  s.shoulder_yaw = 12.0;
  s.arm_swing = 35.0;
  s.elbow = 85.0;
  s.elbow_swing = 15.0;
  s.finger_curl = 50.0;
  s.flat_from = 0.06;
  s.flat_to = 0.18;
  return s;
}

LegPose LegAt(const GaitStyle& s, double phase) {
  const double p = WrapPhase(phase);
  LegPose leg;
  leg.hip_flex = s.hip(p);
  leg.hip_out = 3.0;
  leg.knee = 3.0 + s.knee_load * PhaseBump(p, s.knee_load_center, s.knee_load_width) +
             s.knee_swing * PhaseBump(p, s.knee_swing_center, s.knee_swing_width);
  leg.foot_pitch = s.foot_pitch(p);
  leg.toe_bend = s.toe_bend(p);
  return leg;
}

BodyPose GaitPose(const GaitStyle& s, double phase) {
  const double c = std::cos(kTau * phase);
  const double sn = std::sin(kTau * phase);
  BodyPose b;
  b.leg[kLeft] = LegAt(s, phase);
  b.leg[kRight] = LegAt(s, phase + 0.5);
  // The pelvis shifts over the stance foot and drops on the swing side; the hips turn with the
  // forward leg and the shoulders turn against them.
  b.sway = s.sway * sn;
  b.pelvis_roll = s.pelvis_roll * sn;
  b.pelvis_yaw = -s.pelvis_yaw * c;
  b.pelvis_pitch = s.pelvis_pitch;
  b.spine_lean = s.spine_lean;
  b.shoulder_yaw = s.shoulder_yaw * c;
  // Flight: both feet off the ground between a toe-off and the other foot's plant.
  const double flight_center = (s.toe_off + 0.5) / 2.0;
  const double flight_width = (0.5 - s.toe_off) / 2.0 + 0.03;
  b.lift = s.flight * (PhaseBump(phase, flight_center, flight_width) +
                       PhaseBump(phase, flight_center + 0.5, flight_width));
  // Each arm swings with the opposite leg.
  for (int side : {kLeft, kRight}) {
    const double forward = side == kLeft ? -c : c;
    ArmPose& arm = b.arm[static_cast<std::size_t>(side)];
    arm.lower = 80.0;
    arm.swing = s.arm_swing * forward;
    arm.elbow = s.elbow + s.elbow_swing * std::max(0.0, forward);
  }
  b.finger_curl = s.finger_curl;
  return b;
}

// The speed the character must move at for a foot on the ground to stay put: how fast the left
// foot slides under the body, along `axis` (0 for x, 2 for z), while it lies flat between phases
// `from` and `to` of a cycle of `seconds`.
double GroundSpeed(const HumanoidRig& rig, const std::function<BodyPose(double)>& pose_at, double from,
                   double to, double seconds, int axis) {
  const DVec3 a = FootPosition(rig, pose_at(from), kLeft);
  const DVec3 b = FootPosition(rig, pose_at(to), kLeft);
  const double slide = axis == 0 ? a.x - b.x : a.z - b.z;
  return slide / ((to - from) * seconds);
}

// A looping clip over `pose_at`, moving its root bone along `axis` at `speed` m/s (root motion:
// its last frame is its first a cycle further on), with the foot-downs as sync markers: foot_l at
// phase 0, foot_r at phase 0.5.
ClipFrames MovingCycle(const HumanoidRig& rig, const char* name, int cycle_frames,
                       const std::function<BodyPose(double)>& pose_at, int axis, double speed) {
  ClipFrames clip =
      LoopClip(name, cycle_frames, [&](double phase) { return PoseLocals(rig, pose_at(phase)); });
  for (std::size_t k = 0; k < clip.frames.size(); ++k) {
    const double distance = speed * static_cast<double>(k) / clip.sample_rate;
    Vec3& root = clip.frames[k][0].translation;
    (axis == 0 ? root.x : root.z) += static_cast<float>(distance);
  }
  const double duration = static_cast<double>(cycle_frames) / clip.sample_rate;
  clip.markers = {{"foot_l", 0.0}, {"foot_r", 0.5 * duration}};
  std::vector<BodyPose> poses;
  for (int k = 0; k <= cycle_frames; ++k)  // the closing frame is the first again
    poses.push_back(pose_at(static_cast<double>(k % cycle_frames) / cycle_frames));
  AddFootPlantCurves(clip, rig, poses, axis == 0 ? DVec3{speed, 0.0, 0.0} : DVec3{0.0, 0.0, speed});
  return clip;
}

// Moving backwards is the forward cycle played in reverse; starting it at the toe-off makes the
// left foot plant (toes first) at phase 0 and the right at 0.5, as in the forward cycle.
ClipFrames Gait(const HumanoidRig& rig, const char* name, const GaitStyle& style, bool backwards) {
  const double seconds = style.cycle_frames / 30.0;
  const double speed = GroundSpeed(
      rig, [&](double p) { return GaitPose(style, p); }, style.flat_from, style.flat_to, seconds, 2);
  return MovingCycle(
      rig, name, style.cycle_frames,
      [&](double phase) { return GaitPose(style, backwards ? WrapPhase(style.toe_off - phase) : phase); }, 2,
      backwards ? -speed : speed);
}

// A sidestep to the character's left (+X): the left foot plants wide at phase 0 and draws in under
// the body while the right swings in beside it; the right plants at 0.5 and pushes out while the
// left steps wide again.
BodyPose StrafePose(double phase) {
  const double p = WrapPhase(phase);
  BodyPose b;
  // Both legs spread alike: the left narrows on the ground and the right in the air until they meet
  // at 0.5, then the right widens on the ground and the left in the air.
  const KeyCurve spread{{0.0, 16.0}, {0.5, 2.0}, {1.0, 16.0}};
  const double left_swing = PhaseBump(p, 0.75, 0.22), right_swing = PhaseBump(p, 0.25, 0.22);
  b.leg[kLeft] = {2.0, spread(p), 4.0 + 35.0 * left_swing, 0.0, 0.0};
  b.leg[kRight] = {2.0, spread(p), 4.0 + 35.0 * right_swing, 0.0, 0.0};
  b.sway = 0.02 * std::cos(kTau * p);  // over the planted foot
  b.pelvis_roll = 3.0 * std::sin(kTau * p);
  b.pelvis_pitch = 2.0;
  b.spine_lean = 2.0;
  for (int side : {kLeft, kRight}) {
    ArmPose& arm = b.arm[static_cast<std::size_t>(side)];
    arm.lower = 76.0 + 4.0 * std::sin(kTau * p) * SideSign(side);
    arm.elbow = 20.0;
  }
  b.finger_curl = 20.0;
  return b;
}

// Strafing right is strafing left played in reverse, started where the left foot plants.
ClipFrames Strafe(const HumanoidRig& rig, const char* name, bool right) {
  constexpr int kFrames = 30;
  const double speed = GroundSpeed(rig, StrafePose, 0.05, 0.45, kFrames / 30.0, 0);
  return MovingCycle(
      rig, name, kFrames, [&](double phase) { return StrafePose(right ? WrapPhase(0.5 - phase) : phase); }, 0,
      right ? -speed : speed);
}

}  // namespace

std::vector<ClipFrames> GaitClips(const HumanoidRig& rig) {
  const GaitStyle walk = WalkStyle();
  const GaitStyle run = RunStyle();
  return {Gait(rig, "walk_fwd", walk, false), Gait(rig, "walk_back", walk, true),
          Gait(rig, "run_fwd", run, false),   Gait(rig, "run_back", run, true),
          Strafe(rig, "walk_left", false),    Strafe(rig, "walk_right", true)};
}

}  // namespace anim::sample_gen
