#include "tools/sample_gen/body_pose.h"

#include <algorithm>
#include <limits>

#include "tools/sample_gen/rig_math.h"

namespace anim::sample_gen {
namespace {

// Contact points of the sole in the foot's and the toe's local space: heel, ball and toe tip.
constexpr Vec3 kHeel{0.0f, -0.08f, -0.05f};
constexpr Vec3 kBall{0.0f, -0.02f, 0.0f};
constexpr Vec3 kToeTip{0.0f, -0.02f, 0.06f};

// Sets `bone`'s local rotation so that its model-space rotation becomes `model_rotation`.
void SetModelRotation(const HumanoidRig& rig, std::vector<Transform>& locals, int bone, Quat model_rotation) {
  const Quat parent = ModelRotation(rig.desc, locals, rig.desc.bones[static_cast<std::size_t>(bone)].parent);
  locals[static_cast<std::size_t>(bone)].rotation = ShortestArc(Normalize(Inverse(parent) * model_rotation));
}

void SetLocalRotation(std::vector<Transform>& locals, int bone, Quat rotation) {
  locals[static_cast<std::size_t>(bone)].rotation = ShortestArc(Normalize(rotation));
}

void PoseTorso(const HumanoidRig& rig, const BodyPose& p, std::vector<Transform>& locals) {
  Transform& pelvis = locals[static_cast<std::size_t>(rig.pelvis)];
  pelvis.translation.x += static_cast<float>(p.sway);
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

void PoseArm(const HumanoidRig& rig, const BodyPose& p, int side, std::vector<Transform>& locals) {
  const HumanoidRig::Side& s = rig.side[static_cast<std::size_t>(side)];
  const ArmPose& a = p.arm[static_cast<std::size_t>(side)];
  const double m = SideSign(side);
  SetLocalRotation(locals, s.clavicle, RotZ(m * (a.clavicle_lift + 0.8 * p.breath)));
  const Vec3 bind_dir{static_cast<float>(m), 0.0f, 0.0f};
  if (a.aim) {
    SetModelRotation(rig, locals, s.upperarm, FromToRotation(bind_dir, NormalizeOr(a.upper_dir, bind_dir)));
    SetModelRotation(rig, locals, s.lowerarm, FromToRotation(bind_dir, NormalizeOr(a.fore_dir, bind_dir)));
  } else {
    SetModelRotation(rig, locals, s.upperarm, RotY(p.shoulder_yaw) * RotX(-a.swing) * RotZ(-m * a.lower));
    SetLocalRotation(locals, s.lowerarm, RotY(-m * a.elbow));
  }
  for (int finger : s.fingers)
    SetLocalRotation(locals, finger, RotZ(-m * p.finger_curl));
}

void PoseLeg(const HumanoidRig& rig, const BodyPose& p, int side, std::vector<Transform>& locals) {
  const HumanoidRig::Side& s = rig.side[static_cast<std::size_t>(side)];
  const LegPose& l = p.leg[static_cast<std::size_t>(side)];
  const double m = SideSign(side);
  SetModelRotation(rig, locals, s.thigh, RotY(p.pelvis_yaw) * RotX(-l.hip_flex) * RotZ(m * l.hip_out));
  SetLocalRotation(locals, s.calf, RotX(l.knee));
  SetModelRotation(rig, locals, s.foot, RotX(-l.foot_pitch));
  SetLocalRotation(locals, s.toe, RotX(-l.toe_bend));
}

// Lowest point of either sole in model space.
float LowestSolePoint(const HumanoidRig& rig, const std::vector<Transform>& locals) {
  const std::vector<Transform> model = ModelTransforms(rig.desc, locals);
  float lowest = std::numeric_limits<float>::max();
  for (const HumanoidRig::Side& s : rig.side) {
    const Transform& foot = model[static_cast<std::size_t>(s.foot)];
    const Transform& toe = model[static_cast<std::size_t>(s.toe)];
    lowest = std::min({lowest, TransformPoint(foot, kHeel).y, TransformPoint(toe, kBall).y,
                       TransformPoint(toe, kToeTip).y});
  }
  return lowest;
}

}  // namespace

std::vector<Transform> PoseLocals(const HumanoidRig& rig, const BodyPose& pose) {
  std::vector<Transform> locals = BindLocals(rig.desc);
  PoseTorso(rig, pose, locals);
  for (int side : {kLeft, kRight}) {
    PoseArm(rig, pose, side, locals);
    PoseLeg(rig, pose, side, locals);
  }
  Transform& pelvis = locals[static_cast<std::size_t>(rig.pelvis)];
  pelvis.translation.y += static_cast<float>(pose.lift) - LowestSolePoint(rig, locals);
  return locals;
}

}  // namespace anim::sample_gen
