#include "compiler/direct/direct_solvers.h"

#include <algorithm>
#include <vector>

namespace anim::direct {
namespace {

constexpr double kPi = 3.14159265358979323846;

// An op's weight: clamped to [0, 1], NaN reads as 0.
double Weight(double alpha) {
  return alpha > 0.0 ? std::min(alpha, 1.0) : 0.0;
}

bool Editable(const DPose& pose, int count, int bone) {
  return bone >= 0 && bone < count && bone < static_cast<int>(pose.bones.size());
}

bool DescendsFrom(const DSkeleton& skeleton, int bone, int ancestor) {
  for (int b = bone; b >= 0; b = skeleton.Parent(b)) {
    if (b == ancestor) return true;
  }
  return false;
}

DMat4 ModelOf(const DPose& pose, const DSkeleton& skeleton, int bone) {
  DMat4 m = MatrixOf(pose.bones[bone]);
  for (int b = skeleton.Parent(bone); b >= 0; b = skeleton.Parent(b))
    m = MatrixOf(pose.bones[b]) * m;
  return m;
}

DMat4 ParentModelOf(const DPose& pose, const DSkeleton& skeleton, int bone) {
  const int p = skeleton.Parent(bone);
  return p >= 0 ? ModelOf(pose, skeleton, p) : DMat4{};
}

// Only the bone's own local rotation changes; its children follow.
void SetModelRotation(DPose& pose, const DSkeleton& skeleton, int bone, DQuat model_rotation) {
  pose.bones[bone].r = Unit(Conj(RotationPartOf(ParentModelOf(pose, skeleton, bone))) * model_rotation);
}

void SetModelPosition(DPose& pose, const DSkeleton& skeleton, int bone, DVec3 position) {
  pose.bones[bone].t = Apply(InverseOfAffine(ParentModelOf(pose, skeleton, bone)), position);
}

// The part of `v` across unit `axis`, as a direction (zero when nothing is left).
DVec3 Across(DVec3 v, DVec3 axis) {
  return Direction(v - axis * Dot(v, axis), {});
}

double SignedAngle(DVec3 from, DVec3 to, DVec3 axis) {
  return std::atan2(Dot(Cross(from, to), axis), Dot(from, to));
}

bool IsChainOfThree(const DPose& pose, const DSkeleton& skeleton, int count, int root, int mid, int end) {
  return Editable(pose, count, root) && Editable(pose, count, mid) && Editable(pose, count, end) &&
         root != mid && mid != end && DescendsFrom(skeleton, mid, root) && DescendsFrom(skeleton, end, mid);
}

// The axis a two-bone chain bends about: the current bend plane's normal; for a straight chain
// (bend sine at most 1e-4) the bind pose's, carried along by the root's rotation since; then one
// that swings the joint toward the pole; then any.
// The bend axis of a straight chain: the bind pose's bend plane turned by the root's rotation since
// the bind pose, else the pole's side, else any perpendicular.
DVec3 StraightBendAxis(const DSkeleton& skeleton, int root, int mid, int end, DVec3 pa, DVec3 upper,
                       DQuat root_rotation, DVec3 target, const DVec3* pole) {
  const DVec3 ba = skeleton.bind_model[root].Origin(), bb = skeleton.bind_model[mid].Origin(),
              bc = skeleton.bind_model[end].Origin();
  const DVec3 bind_axis = Direction(Cross(Direction(bb - ba, {}), Direction(bc - bb, {})), {});
  if (Dot(bind_axis, bind_axis) > 0.0) {
    const DQuat since_bind = root_rotation * Conj(RotationPartOf(skeleton.bind_model[root]));
    return Direction(Rotate(since_bind, bind_axis), bind_axis);
  }
  if (pole != nullptr) {
    const DVec3 toward = Across(*pole - pa, Direction(target - pa, upper));
    const DVec3 axis = Direction(Cross(upper, -toward), {});
    if (Dot(axis, axis) > 0.0) return axis;
  }
  return Perpendicular(upper);
}

// The current bend plane's normal; below a bend sine of 0.05 it fades linearly into the straight
// chain's axis (docs/semantics.md, "Two-bone IK").
DVec3 BendAxis(const DSkeleton& skeleton, int root, int mid, int end, DVec3 pa, DVec3 pb, DVec3 pc,
               DQuat root_rotation, DVec3 target, const DVec3* pole) {
  constexpr double kFade = 0.05;
  const DVec3 upper = Direction(pb - pa, {});
  const DVec3 bend = Cross(upper, Direction(pc - pb, {}));
  const double sine = Norm(bend);
  if (sine >= kFade) return bend * (1.0 / sine);
  const DVec3 straight = StraightBendAxis(skeleton, root, mid, end, pa, upper, root_rotation, target, pole);
  return Direction(bend * (1.0 / kFade) + straight * (1.0 - sine / kFade), straight);
}

}  // namespace

void BoneTransform(DPose& pose, const DSkeleton& skeleton, int count, int bone, bool component_space,
                   bool replace, const BoneOpValue& value, double alpha) {
  const double a = Weight(alpha);
  const bool finite = Finite(value.t) && Finite(value.s) && std::isfinite(value.r.x) &&
                      std::isfinite(value.r.y) && std::isfinite(value.r.z) && std::isfinite(value.r.w);
  if (!Editable(pose, count, bone) || a == 0.0 || !finite) return;
  const DTransform input = pose.bones[bone];
  const DQuat rotation = Unit(value.r);
  DTransform result;
  if (!component_space) {
    result = replace ? DTransform{value.t, rotation, value.s}
                     : DTransform{input.t + value.t, Unit(rotation * input.r), Hadamard(input.s, value.s)};
  } else {
    const DMat4 parent = ParentModelOf(pose, skeleton, bone);
    const DMat4 model = parent * MatrixOf(input);
    DVec3 position = value.t, scale = value.s;
    DQuat model_rotation = rotation;
    if (replace) {
      // The value's scale is the bone's scale in model space: divide the parent's out (axis by axis).
      const double parent_scale[3] = {Norm(parent.Column(0)), Norm(parent.Column(1)), Norm(parent.Column(2))};
      double* s[3] = {&scale.x, &scale.y, &scale.z};
      for (int k = 0; k < 3; ++k) {
        if (parent_scale[k] != 0.0) *s[k] /= parent_scale[k];
      }
    } else {
      position = model.Origin() + value.t;
      model_rotation = rotation * RotationPartOf(model);
      scale = Hadamard(input.s, value.s);
    }
    result = {Apply(InverseOfAffine(parent), position), Unit(Conj(RotationPartOf(parent)) * model_rotation),
              scale};
  }
  pose.bones[bone] = {Mix(input.t, result.t, a), Nlerp(input.r, result.r, a), Mix(input.s, result.s, a)};
}

void TranslateBone(DPose& pose, const DSkeleton& skeleton, int count, int bone, DVec3 offset, double alpha) {
  const double a = Weight(alpha);
  if (!Editable(pose, count, bone) || a == 0.0 || !Finite(offset)) return;
  SetModelPosition(pose, skeleton, bone, ModelOf(pose, skeleton, bone).Origin() + offset * a);
}

void TwoBoneIK(DPose& pose, const DSkeleton& skeleton, int count, int root, int mid, int end, DVec3 target,
               const DVec3* pole, double alpha) {
  const double a = Weight(alpha);
  if (a == 0.0 || !Finite(target) || (pole != nullptr && !Finite(*pole))) return;
  if (!IsChainOfThree(pose, skeleton, count, root, mid, end)) return;

  const DMat4 ma = ModelOf(pose, skeleton, root), mb = ModelOf(pose, skeleton, mid),
              mc = ModelOf(pose, skeleton, end);
  const DVec3 pa = ma.Origin(), pb = mb.Origin(), pc = mc.Origin();
  const double upper = Norm(pb - pa), lower = Norm(pc - pb);
  if (upper < 1e-6 || lower < 1e-6) return;

  const DVec3 toward = Direction(target - pa, Direction(pc - pa, Direction(pb - pa, {0, -1, 0})));
  // The reach stays a hair short of straight (and of folded), where the bend plane is undefined.
  const double chain = upper + lower, max_fraction = 0.9999;
  const double reach = std::clamp(Norm(target - pa), std::fabs(upper - lower) + chain * (1.0 - max_fraction),
                                  chain * max_fraction);

  // 1. Bend the joint until the root-end distance is the reach (law of cosines).
  const DQuat root_rotation = RotationPartOf(ma);
  const DVec3 axis = BendAxis(skeleton, root, mid, end, pa, pb, pc, root_rotation, target, pole);
  const double cos_joint =
      std::clamp((upper * upper + lower * lower - reach * reach) / (2.0 * upper * lower), -1.0, 1.0);
  const double wanted_bend = kPi - std::acos(cos_joint);
  const DQuat bend = AxisAngle(axis, wanted_bend - SignedAngle(pb - pa, pc - pb, axis));
  const DVec3 bent_end = pb + Rotate(bend, pc - pb);

  // 2. Swing the chain about the root onto the root-target line; 3. turn it about that line so the
  // joint points at the pole.
  const DQuat swing = Between(Direction(bent_end - pa, toward), toward);
  DQuat twist;
  if (pole != nullptr) {
    const DVec3 knee = Across(Rotate(swing, pb - pa), toward);
    const DVec3 wanted = Across(*pole - pa, toward);
    if (Dot(knee, knee) > 0.0 && Dot(wanted, wanted) > 0.0)
      twist = AxisAngle(toward, SignedAngle(knee, wanted, toward));
  }

  const DQuat input[3] = {pose.bones[root].r, pose.bones[mid].r, pose.bones[end].r};
  const DQuat turn = twist * swing;
  SetModelRotation(pose, skeleton, root, turn * root_rotation);
  SetModelRotation(pose, skeleton, mid, turn * bend * RotationPartOf(mb));
  SetModelRotation(pose, skeleton, end, RotationPartOf(mc));
  if (a < 1.0) {
    const int bones[3] = {root, mid, end};
    for (int i = 0; i < 3; ++i)
      pose.bones[bones[i]].r = Nlerp(input[i], pose.bones[bones[i]].r, a);
  }
}

void Fabrik(DPose& pose, const DSkeleton& skeleton, int count, int root, int tip, DVec3 target,
            int iterations, double tolerance, double alpha) {
  const double a = Weight(alpha);
  if (a == 0.0 || !Finite(target) || !Editable(pose, count, root) || !Editable(pose, count, tip)) return;
  // The chain root..tip, at most 64 bones.
  std::vector<int> chain;
  for (int b = tip; b >= 0 && chain.size() < 64; b = skeleton.Parent(b)) {
    chain.push_back(b);
    if (b == root) break;
  }
  if (chain.back() != root || chain.size() < 2) return;
  std::reverse(chain.begin(), chain.end());
  const int last = static_cast<int>(chain.size()) - 1;

  std::vector<DQuat> input(chain.size());
  std::vector<DVec3> p(chain.size());
  std::vector<double> length(chain.size());  // length[i]: bone i to bone i + 1
  const DMat4 root_parent = ParentModelOf(pose, skeleton, root);
  DMat4 model = root_parent;
  for (int i = 0; i <= last; ++i) {
    input[i] = pose.bones[chain[i]].r;
    model = model * MatrixOf(pose.bones[chain[i]]);
    p[i] = model.Origin();
    if (i > 0) length[i - 1] = Norm(p[i] - p[i - 1]);
  }
  const DQuat tip_rotation = RotationPartOf(model);
  if (!(Norm(p[last] - target) > tolerance)) return;

  // Joint positions: straight at an out-of-reach target, else forward and backward reaching passes
  // until the tip is within the tolerance.
  const DVec3 origin = p[0];
  double total = 0.0;
  for (int i = 0; i < last; ++i)
    total += length[i];
  if (Norm(target - origin) >= total) {
    const DVec3 dir = Direction(target - origin, Direction(p[last] - origin, {0, 1, 0}));
    for (int i = 0; i < last; ++i)
      p[i + 1] = p[i] + dir * length[i];
  } else {
    int passes = 0;
    for (; passes < iterations && Norm(p[last] - target) > tolerance; ++passes) {
      p[last] = target;
      for (int i = last - 1; i >= 0; --i)
        p[i] = p[i + 1] + Direction(p[i] - p[i + 1], {0, -1, 0}) * length[i];
      p[0] = origin;
      for (int i = 0; i < last; ++i)
        p[i + 1] = p[i] + Direction(p[i + 1] - p[i], {0, 1, 0}) * length[i];
    }
    if (passes == 0) return;
  }

  // Root first, each bone turns so its child points at the child's solved position; the tip keeps
  // its model-space rotation.
  DMat4 parent = root_parent;
  for (int i = 0; i <= last; ++i) {
    DTransform& local = pose.bones[chain[i]];
    const DMat4 current = parent * MatrixOf(local);
    DQuat model_rotation = tip_rotation;
    if (i < last) {
      const DVec3 from = Apply(current, pose.bones[chain[i + 1]].t) - current.Origin();
      const DVec3 to = p[i + 1] - current.Origin();
      model_rotation = RotationPartOf(current);
      // A segment shorter than 1e-5 units has no direction: its bone does not turn.
      constexpr double kMin = 1e-5;
      if (Dot(from, from) > kMin * kMin && Dot(to, to) > kMin * kMin)
        model_rotation = Between(Direction(from, {}), Direction(to, {})) * model_rotation;
    }
    local.r = Unit(Conj(RotationPartOf(parent)) * model_rotation);
    parent = parent * MatrixOf(local);
  }
  if (a < 1.0) {
    for (int i = 0; i <= last; ++i)
      pose.bones[chain[i]].r = Nlerp(input[i], pose.bones[chain[i]].r, a);
  }
}

void LookAt(DPose& pose, const DSkeleton& skeleton, int count, int bone, DVec3 target, DVec3 forward_axis,
            double max_angle, double alpha) {
  const double a = Weight(alpha);
  if (a == 0.0 || !(max_angle > 0.0) || !Finite(target) || !Editable(pose, count, bone)) return;
  const DVec3 axis = Direction(forward_axis, {});
  if (Dot(axis, axis) == 0.0) return;
  const DMat4 model = ModelOf(pose, skeleton, bone);
  const DVec3 wanted = Direction(target - model.Origin(), {});
  if (Dot(wanted, wanted) == 0.0) return;
  const DQuat rotation = RotationPartOf(model);
  DVec3 turn_axis;
  double angle = 0.0;
  AngleAxisOf(Between(Rotate(rotation, axis), wanted), turn_axis, angle);
  SetModelRotation(pose, skeleton, bone, AxisAngle(turn_axis, std::min(angle, max_angle) * a) * rotation);
}

void FootIK(DPose& pose, const DSkeleton& skeleton, int count, int thigh, int calf, int foot,
            const FootGroundValue& ground, double alpha) {
  const double a = Weight(alpha);
  if (a == 0.0 || !IsChainOfThree(pose, skeleton, count, thigh, calf, foot)) return;
  const DVec3 normal = Direction(ground.normal, {});
  if (!(normal.y > 0.0) || !Finite(normal) || !std::isfinite(ground.ankle_height) ||
      !std::isfinite(ground.height))
    return;

  // The planted spot: under the foot on the plane, the ankle height off it along the normal.
  const DMat4 foot_model = ModelOf(pose, skeleton, foot);
  const DVec3 at = foot_model.Origin();
  const DVec3 planted = DVec3{at.x, ground.height, at.z} + normal * ground.ankle_height;
  const double plant_distance = ground.plant_distance > 0.0 ? ground.plant_distance : 0.0;
  if (!(at.y - planted.y <= plant_distance)) return;

  const DQuat foot_rotation = RotationPartOf(foot_model);
  TwoBoneIK(pose, skeleton, count, thigh, calf, foot, planted, nullptr, a);
  DVec3 axis;
  double angle = 0.0;
  AngleAxisOf(Between({0, 1, 0}, normal), axis, angle);
  SetModelRotation(pose, skeleton, foot, AxisAngle(axis, angle * a) * foot_rotation);
}

}  // namespace anim::direct
