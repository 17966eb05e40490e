#include "tools/sample_gen/body_pose.h"

#include <algorithm>
#include <limits>

namespace anim::sample_gen {
namespace {

// Contact points of the sole in the foot's and the toe's local space: heel, ball and toe tip.
constexpr DVec3 kHeel{0.0, -0.08, -0.05};
constexpr DVec3 kBall{0.0, -0.02, 0.0};
constexpr DVec3 kToeTip{0.0, -0.02, 0.06};

// Sets `bone`'s local rotation so that its model-space rotation becomes `model_rotation`.
void SetModelRotation(const HumanoidRig& rig, std::vector<DTransform>& locals, int bone,
                      DQuat model_rotation) {
  const DQuat parent = ModelRotation(rig.desc, locals, rig.desc.bones[static_cast<std::size_t>(bone)].parent);
  locals[static_cast<std::size_t>(bone)].rotation = Canonical(Conjugate(parent) * model_rotation);
}

void SetLocalRotation(std::vector<DTransform>& locals, int bone, DQuat rotation) {
  locals[static_cast<std::size_t>(bone)].rotation = Canonical(rotation);
}

void PoseTorso(const HumanoidRig& rig, const BodyPose& p, std::vector<DTransform>& locals) {
  locals[static_cast<std::size_t>(rig.pelvis)].translation.x += p.sway;
  SetLocalRotation(locals, rig.pelvis, RotY(p.pelvis_yaw) * RotX(p.pelvis_pitch) * RotZ(p.pelvis_roll));
  // The spine undoes the pelvis yaw and adds the shoulders' own; the breath opens the upper chest.
  const double twist = (p.shoulder_yaw - p.pelvis_yaw) / 3.0;
  SetLocalRotation(locals, rig.spine[0], RotY(twist) * RotX(p.spine_lean / 3.0));
  SetLocalRotation(locals, rig.spine[1], RotY(twist) * RotX(p.spine_lean / 3.0 - 0.5 * p.breath));
  SetLocalRotation(locals, rig.spine[2], RotY(twist) * RotX(p.spine_lean / 3.0 - 0.5 * p.breath));
  // Neck and head share the correction that keeps the gaze level and forward.
  const double level = -(p.pelvis_pitch + p.spine_lean - p.breath) / 2.0;
  SetLocalRotation(locals, rig.neck, RotY(-p.shoulder_yaw / 2.0) * RotX(level));
  SetLocalRotation(locals, rig.head, RotY(-p.shoulder_yaw / 2.0) * RotX(level + p.head_pitch));
}

void PoseArm(const HumanoidRig& rig, const BodyPose& p, int side, std::vector<DTransform>& locals) {
  const HumanoidRig::Side& s = rig.side[static_cast<std::size_t>(side)];
  const ArmPose& a = p.arm[static_cast<std::size_t>(side)];
  const double m = SideSign(side);
  SetLocalRotation(locals, s.clavicle, RotZ(m * (a.clavicle_lift + 0.8 * p.breath)));
  const DVec3 bind_dir{m, 0.0, 0.0};
  if (a.aim) {
    SetModelRotation(rig, locals, s.upperarm, FromTo(bind_dir, a.upper_dir));
    SetModelRotation(rig, locals, s.lowerarm, FromTo(bind_dir, a.fore_dir));
  } else {
    SetModelRotation(rig, locals, s.upperarm, RotY(p.shoulder_yaw) * RotX(-a.swing) * RotZ(-m * a.lower));
    SetLocalRotation(locals, s.lowerarm, RotY(-m * a.elbow));
  }
  for (int finger : s.fingers)
    SetLocalRotation(locals, finger, RotZ(-m * p.finger_curl));
}

void PoseLeg(const HumanoidRig& rig, const BodyPose& p, int side, std::vector<DTransform>& locals) {
  const HumanoidRig::Side& s = rig.side[static_cast<std::size_t>(side)];
  const LegPose& l = p.leg[static_cast<std::size_t>(side)];
  const double m = SideSign(side);
  SetModelRotation(rig, locals, s.thigh, RotY(p.pelvis_yaw) * RotX(-l.hip_flex) * RotZ(m * l.hip_out));
  SetLocalRotation(locals, s.calf, RotX(l.knee));
  SetModelRotation(rig, locals, s.foot, RotX(-l.foot_pitch));
  SetLocalRotation(locals, s.toe, RotX(-l.toe_bend));
}

// Lowest point of either sole in model space.
double LowestSolePoint(const HumanoidRig& rig, const std::vector<DTransform>& locals) {
  const std::vector<DTransform> model = ModelTransforms(rig.desc, locals);
  double lowest = std::numeric_limits<double>::max();
  for (const HumanoidRig::Side& s : rig.side) {
    const DTransform& foot = model[static_cast<std::size_t>(s.foot)];
    const DTransform& toe = model[static_cast<std::size_t>(s.toe)];
    lowest = std::min({lowest, TransformPoint(foot, kHeel).y, TransformPoint(toe, kBall).y,
                       TransformPoint(toe, kToeTip).y});
  }
  return lowest;
}

std::vector<DTransform> PoseLocalsInDouble(const HumanoidRig& rig, const BodyPose& pose) {
  std::vector<DTransform> locals = BindLocals(rig.desc);
  PoseTorso(rig, pose, locals);
  for (int side : {kLeft, kRight}) {
    PoseArm(rig, pose, side, locals);
    PoseLeg(rig, pose, side, locals);
  }
  locals[static_cast<std::size_t>(rig.pelvis)].translation.y += pose.lift - LowestSolePoint(rig, locals);
  return locals;
}

}  // namespace

DVec3 FootPosition(const HumanoidRig& rig, const BodyPose& pose, int side) {
  const std::vector<DTransform> model = ModelTransforms(rig.desc, PoseLocalsInDouble(rig, pose));
  return model[static_cast<std::size_t>(rig.side[static_cast<std::size_t>(side)].foot)].translation;
}

std::vector<Transform> PoseLocals(const HumanoidRig& rig, const BodyPose& pose) {
  const std::vector<DTransform> locals = PoseLocalsInDouble(rig, pose);
  std::vector<Transform> out;
  for (const DTransform& local : locals)
    out.push_back(ToTransform(local));
  return out;
}

}  // namespace anim::sample_gen
