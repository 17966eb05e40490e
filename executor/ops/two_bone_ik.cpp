#include "executor/ops/two_bone_ik.h"

#include <algorithm>
#include <cmath>

#include "executor/ops/model_space.h"

namespace anim {
namespace {

constexpr float kPi = 3.14159265358979f;
constexpr float kMinLength = 1e-6f;
// Below this bend (sine of the angle, about 3 degrees) the bend plane fades into the fallback's,
// reaching it when the chain is straight: a hard switch would turn the limb on a rounding.
constexpr float kStraightSine = 0.05f;

// `v` with its component along unit `axis` removed, normalised; zero when nothing is left.
Vec3 PerpendicularDirection(Vec3 v, Vec3 axis) {
  return NormalizeOr(v - axis * Dot(v, axis), Vec3{});
}

// Unit normal of the plane the joint bends in, oriented so a positive rotation about it increases
// the bend. From the current pose; for a straight chain from the bind pose (carried along by the
// root's rotation since), then from the pole, then any.
// The bend axis of a straight chain: from the bind pose (carried along by the root's rotation
// since), then from the pole, then any.
Vec3 StraightBendAxis(const Skeleton& skeleton, int root, int mid, int end, Vec3 pa, Vec3 upper,
                      Quat root_rotation, Vec3 target, const Vec3* pole) {
  const std::vector<Mat4>& bind = skeleton.bind_model();
  const Vec3 ba = bind[root].Translation(), bb = bind[mid].Translation(), bc = bind[end].Translation();
  const Vec3 bind_axis =
      NormalizeOr(Cross(NormalizeOr(bb - ba, Vec3{}), NormalizeOr(bc - bb, Vec3{})), Vec3{});
  if (LengthSq(bind_axis) > 0.0f) {
    const Quat bind_to_now = root_rotation * Conjugate(RotationOf(bind[root]));
    return NormalizeOr(Rotate(bind_to_now, bind_axis), bind_axis);
  }
  if (pole != nullptr) {
    // The knee goes toward the pole, so the lower bone swings away from it.
    const Vec3 toward = PerpendicularDirection(*pole - pa, NormalizeOr(target - pa, upper));
    const Vec3 axis = NormalizeOr(Cross(upper, -toward), Vec3{});
    if (LengthSq(axis) > 0.0f) return axis;
  }
  return AnyPerpendicular(upper);
}

// Unit normal of the plane the joint bends in, oriented so a positive rotation about it increases
// the bend: the current pose's, mixed toward StraightBendAxis as the bend's sine falls below
// kStraightSine (current / kStraightSine + straight * (1 - sine / kStraightSine), normalised).
Vec3 BendAxis(const Skeleton& skeleton, int root, int mid, int end, Vec3 pa, Vec3 pb, Vec3 pc,
              Quat root_rotation, Vec3 target, const Vec3* pole) {
  const Vec3 upper = NormalizeOr(pb - pa, Vec3{});
  const Vec3 current = Cross(upper, NormalizeOr(pc - pb, Vec3{}));
  const float sine = Length(current);
  if (sine >= kStraightSine) return current * (1.0f / sine);
  const Vec3 straight = StraightBendAxis(skeleton, root, mid, end, pa, upper, root_rotation, target, pole);
  const Vec3 mixed = current * (1.0f / kStraightSine) + straight * (1.0f - sine / kStraightSine);
  return NormalizeOr(mixed, straight);
}

// Signed angle from `from` to `to` about unit `axis`.
float SignedAngle(Vec3 from, Vec3 to, Vec3 axis) {
  return std::atan2(Dot(Cross(from, to), axis), Dot(from, to));
}

}  // namespace

bool IsTwoBoneChain(ConstPoseView pose, const Skeleton& skeleton, int count, int root, int mid, int end) {
  return IsEditableBone(pose, skeleton, count, root) && IsEditableBone(pose, skeleton, count, mid) &&
         IsEditableBone(pose, skeleton, count, end) && root != mid && mid != end &&
         IsAncestorOrSelf(skeleton, root, mid) && IsAncestorOrSelf(skeleton, mid, end);
}

void SolveTwoBoneIK(PoseView pose, const Skeleton& skeleton, int count, int root, int mid, int end,
                    Vec3 target, const Vec3* pole, float alpha) {
  const float a = ClampAlpha(alpha);
  if (a == 0.0f || !IsFinite(target) || (pole != nullptr && !IsFinite(*pole))) return;
  if (!IsTwoBoneChain(pose, skeleton, count, root, mid, end)) return;

  const Mat4 ma = ModelMatrix(pose, skeleton, root);
  const Mat4 mb = ModelMatrix(pose, skeleton, mid);
  const Mat4 mc = ModelMatrix(pose, skeleton, end);
  const Vec3 pa = ma.Translation(), pb = mb.Translation(), pc = mc.Translation();
  const float upper_length = Distance(pa, pb), lower_length = Distance(pb, pc);
  if (upper_length < kMinLength || lower_length < kMinLength) return;

  const Vec3 dir = NormalizeOr(target - pa, NormalizeOr(pc - pa, NormalizeOr(pb - pa, Vec3{0, -1, 0})));
  const float chain = upper_length + lower_length;
  const float min_reach = std::fabs(upper_length - lower_length) + chain * (1.0f - kTwoBoneMaxReach);
  const float reach = std::clamp(Distance(target, pa), min_reach, chain * kTwoBoneMaxReach);

  // 1. Bend the joint about its bend axis until the root-end distance is the reach.
  const Quat ra = RotationOf(ma);
  const Vec3 axis = BendAxis(skeleton, root, mid, end, pa, pb, pc, ra, target, pole);
  const float cos_interior =
      std::clamp((upper_length * upper_length + lower_length * lower_length - reach * reach) /
                     (2.0f * upper_length * lower_length),
                 -1.0f, 1.0f);
  const float bend = kPi - std::acos(cos_interior);
  const float current_bend = SignedAngle(pb - pa, pc - pb, axis);
  const Quat r1 = FromAxisAngle(axis, bend - current_bend);
  const Vec3 pc1 = pb + Rotate(r1, pc - pb);

  // 2. Swing the whole chain about the root so the end lies on the root-target line.
  const Quat r2 = FromToRotation(NormalizeOr(pc1 - pa, dir), dir);

  // 3. With a pole, turn the chain about that line so the joint points at the pole.
  Quat r3 = Quat::Identity();
  if (pole != nullptr) {
    const Vec3 knee = PerpendicularDirection(Rotate(r2, pb - pa), dir);
    const Vec3 wanted = PerpendicularDirection(*pole - pa, dir);
    if (LengthSq(knee) > 0.0f && LengthSq(wanted) > 0.0f)
      r3 = FromAxisAngle(dir, SignedAngle(knee, wanted, dir));
  }

  const Transform input[3] = {GetBoneTransform(pose, root), GetBoneTransform(pose, mid),
                              GetBoneTransform(pose, end)};
  const Quat swing = r3 * r2;
  SetModelRotation(pose, skeleton, root, swing * ra);
  SetModelRotation(pose, skeleton, mid, swing * r1 * RotationOf(mb));
  SetModelRotation(pose, skeleton, end, RotationOf(mc));
  if (a < 1.0f) {
    const int bones[3] = {root, mid, end};
    for (int i = 0; i < 3; ++i) {
      Transform blended = input[i];
      blended.rotation = Nlerp(input[i].rotation, GetBoneTransform(pose, bones[i]).rotation, a);
      SetBoneTransform(pose, bones[i], blended);
    }
  }
}

}  // namespace anim
