#include "executor/ops/two_bone_ik.h"

#include <algorithm>
#include <cmath>

#include "executor/ops/model_space.h"
#include "executor/ops/model_transform.h"

namespace anim {
namespace {

constexpr float kMinLength = 1e-6f;
// Below this bend (sine of the angle, about 3 degrees) the bend plane fades into the fallback's,
// reaching it when the chain is straight: a hard switch would turn the limb on a rounding.
constexpr float kStraightSine = 0.05f;

// `v` with its component along unit `axis` removed, normalised; zero when nothing is left.
Vec3 PerpendicularDirection(Vec3 v, Vec3 axis) {
  return NormalizeOr(v - axis * Dot(v, axis), Vec3{});
}

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

// The plane the joint bends in: its unit normal, oriented so a positive rotation about it
// increases the bend, and the current bend's sine about it and cosine, both scaled by the same
// positive factor (the bend is their arc tangent).
struct BendPlane {
  Vec3 axis;
  float sine, cosine;
};

// The current pose's bend plane for bones `upper` and `lower` (whose lengths multiply to
// `lengths`), its normal mixed toward StraightBendAxis as the bend's sine falls below
// kStraightSine (current / kStraightSine + straight * (1 - sine / kStraightSine) with current the
// unit bones' cross product, normalised).
BendPlane CurrentBendPlane(const Skeleton& skeleton, int root, int mid, int end, Vec3 pa, Vec3 upper,
                           Vec3 lower, float lengths, Quat root_rotation, Vec3 target, const Vec3* pole) {
  // Scaled by `lengths` throughout: the sine and cosine need not be divided by it.
  const Vec3 normal = Cross(upper, lower);
  const float sine = Length(normal);
  const float cosine = Dot(upper, lower);
  if (sine >= kStraightSine * lengths) return {normal * (1.0f / sine), sine, cosine};
  const Vec3 upper_dir = NormalizeOr(upper, Vec3{});
  const Vec3 straight =
      StraightBendAxis(skeleton, root, mid, end, pa, upper_dir, root_rotation, target, pole);
  const Vec3 current = normal * (1.0f / lengths);
  const Vec3 mixed = current * (1.0f / kStraightSine) + straight * (1.0f - sine / lengths / kStraightSine);
  const Vec3 axis = NormalizeOr(mixed, straight);
  return {axis, Dot(normal, axis), cosine};
}

// FromToRotation(NormalizeOr(v, unit), unit) up to its length: the from-to quaternion of a vector
// of length n is (v x unit, n + v . unit). Left unnormalised: the rotations it goes into are
// normalised before they are written, so only what it rotates directly needs it normalised.
Quat SwingOnto(Vec3 v, Vec3 unit) {
  const float n_sq = LengthSq(v);
  if (!(n_sq > 1e-20f)) return Quat::Identity();
  const float n = std::sqrt(n_sq);
  const float d = Dot(v, unit);
  if (d < -0.999999f * n) return FromAxisAngle(AnyPerpendicular(v * (1.0f / n)), 3.14159265358979f);
  const Vec3 c = Cross(v, unit);
  return {c.x, c.y, c.z, n + d};
}

Transform WithRotation(Transform t, Quat rotation) {
  t.rotation = rotation;
  return t;
}

// Cosine and sine of half a rotation angle.
struct HalfAngle {
  float cos, sin;
};

// Half of atan2(y, x), without the arc tangent: (x + |(x, y)|, y) points at half the angle, its
// first component formed as y^2 / (|(x, y)| - x) for x < 0, without cancellation. With y zero and
// x not positive it is the half of atan2's +-pi (of 0 for +0).
HalfAngle HalfOfAtan2(float y, float x) {
  const float r = std::sqrt(x * x + y * y);
  const float along = x >= 0.0f ? x + r : y * y / (r - x);
  const float length = std::sqrt(along * along + y * y);
  if (!(length > 0.0f)) return std::signbit(x) ? HalfAngle{0.0f, std::copysign(1.0f, y)} : HalfAngle{1.0f, y};
  return {along / length, y / length};
}

// The rotation about unit `axis` by the signed angle from `from` to `to` about it.
Quat RotationBetween(Vec3 from, Vec3 to, Vec3 axis) {
  const HalfAngle h = HalfOfAtan2(Dot(Cross(from, to), axis), Dot(from, to));
  return {axis.x * h.sin, axis.y * h.sin, axis.z * h.sin, h.cos};
}

// The rotation about the bend plane's normal that takes the joint's bend (atan2 of its sine and
// cosine) to pi - acos(cos_interior), from half-angle identities instead of acos, atan2, sin and
// cos: half the target bend has cosine sqrt((1 - c) / 2) and sine sqrt((1 + c) / 2).
Quat BendRotation(const BendPlane& plane, float cos_interior) {
  const HalfAngle target{std::sqrt((1.0f - cos_interior) * 0.5f), std::sqrt((1.0f + cos_interior) * 0.5f)};
  const HalfAngle current = HalfOfAtan2(plane.sine, plane.cosine);
  const float c = target.cos * current.cos + target.sin * current.sin;
  const float s = target.sin * current.cos - target.cos * current.sin;
  return {plane.axis.x * s, plane.axis.y * s, plane.axis.z * s, c};
}

}  // namespace

bool IsTwoBoneChain(const ConstPoseView& pose, const Skeleton& skeleton, int count, int root, int mid,
                    int end) {
  return IsEditableBone(pose, skeleton, count, root) && IsEditableBone(pose, skeleton, count, mid) &&
         IsEditableBone(pose, skeleton, count, end) && root != mid && mid != end &&
         IsAncestorOrSelf(skeleton, root, mid) && IsAncestorOrSelf(skeleton, mid, end);
}

template <typename Model>
[[gnu::flatten]] TwoBoneChain<Model> ComposeTwoBoneChain(const ConstPoseView& pose, const Skeleton& skeleton,
                                                         int root, int mid, int end) {
  // Composed in locals, stored once: filling the struct as it goes makes each step reload the last.
  const Transform local[3] = {GetBoneTransform(pose, root), GetBoneTransform(pose, mid),
                              GetBoneTransform(pose, end)};
  const bool has_span[2] = {skeleton.parent(mid) != root, skeleton.parent(end) != mid};
  const Model span[2] = {LocalChain<Model>(pose, skeleton, root, skeleton.parent(mid)),
                         LocalChain<Model>(pose, skeleton, mid, skeleton.parent(end))};
  const Model parent0 = ParentModel<Model>(pose, skeleton, root);
  const Model model0 = Compose(parent0, Model::Of(local[0]));
  const Model parent1 = has_span[0] ? Compose(model0, span[0]) : model0;
  const Model model1 = Compose(parent1, Model::Of(local[1]));
  const Model parent2 = has_span[1] ? Compose(model1, span[1]) : model1;
  return {{root, mid, end},
          {local[0], local[1], local[2]},
          {span[0], span[1]},
          {has_span[0], has_span[1]},
          {parent0, parent1, parent2},
          {model0, model1, Compose(parent2, Model::Of(local[2]))}};
}

template <typename Model>
[[gnu::flatten]] Quat SolveComposedTwoBoneIK(const PoseView& pose, const Skeleton& skeleton,
                                             const TwoBoneChain<Model>& chain, Vec3 target, const Vec3* pole,
                                             float alpha) {
  if (!IsFinite(target) || (pole != nullptr && !IsFinite(*pole))) return chain.parent[2].Rotation();
  const int root = chain.bones[0], mid = chain.bones[1], end = chain.bones[2];
  const Vec3 pa = chain.model[0].Position(), pb = chain.model[1].Position(), pc = chain.model[2].Position();
  const float upper_length = Distance(pa, pb), lower_length = Distance(pb, pc);
  if (upper_length < kMinLength || lower_length < kMinLength) return chain.parent[2].Rotation();

  // Toward the target; with the target at the root, along the chain.
  Vec3 dir = NormalizeOr(target - pa, Vec3{});
  if (LengthSq(dir) == 0.0f) dir = NormalizeOr(pc - pa, NormalizeOr(pb - pa, Vec3{0, -1, 0}));
  const float length = upper_length + lower_length;
  const float min_reach = std::fabs(upper_length - lower_length) + length * (1.0f - kTwoBoneMaxReach);
  const float reach = std::clamp(Distance(target, pa), min_reach, length * kTwoBoneMaxReach);

  // 1. Bend the joint about its bend axis until the root-end distance is the reach.
  const Quat ra = chain.model[0].Rotation();
  const BendPlane plane = CurrentBendPlane(skeleton, root, mid, end, pa, pb - pa, pc - pb,
                                           upper_length * lower_length, ra, target, pole);
  const float cos_interior =
      std::clamp((upper_length * upper_length + lower_length * lower_length - reach * reach) /
                     (2.0f * upper_length * lower_length),
                 -1.0f, 1.0f);
  const Quat r1 = BendRotation(plane, cos_interior);
  const Vec3 pc1 = pb + Rotate(r1, pc - pb);

  // 2. Swing the whole chain about the root so the end lies on the root-target line.
  const Quat r2 = SwingOnto(pc1 - pa, dir);

  // 3. With a pole, turn the chain about that line so the joint points at the pole.
  Quat r3 = Quat::Identity();
  if (pole != nullptr) {
    const Vec3 knee = PerpendicularDirection(Rotate(Normalize(r2), pb - pa), dir);
    const Vec3 wanted = PerpendicularDirection(*pole - pa, dir);
    if (LengthSq(knee) > 0.0f && LengthSq(wanted) > 0.0f) r3 = RotationBetween(knee, wanted, dir);
  }

  // Root first, each bone under its parent as already rewritten: end keeps its model rotation.
  const Quat swing = r3 * r2;
  const Quat wanted[3] = {swing * ra, swing * r1 * chain.model[1].Rotation(), chain.model[2].Rotation()};
  Quat parent[3] = {chain.parent[0].Rotation()};
  Quat solved[3];
  if constexpr (Model::kTurnsCarryDown) {
    // Mid's parent turns with the swing and end's with the bend too: no bone waits for the one above.
    parent[1] = swing * chain.parent[1].Rotation();
    parent[2] = swing * r1 * chain.parent[2].Rotation();
    for (int i = 0; i < 3; ++i)
      solved[i] = Normalize(Conjugate(parent[i]) * wanted[i]);
  } else {
    Model above = chain.parent[0];
    for (int i = 0; i < 3; ++i) {
      solved[i] = LocalRotationUnder(above, wanted[i]);
      if (i < 2)
        above = chain.ParentOfNext(Compose(above, Model::Of(WithRotation(chain.local[i], solved[i]))), i);
    }
    parent[2] = above.Rotation();
  }
  if (alpha < 1.0f) {
    Model above = chain.parent[0];
    for (int i = 0; i < 3; ++i) {
      solved[i] = Nlerp(chain.local[i].rotation, solved[i], alpha);
      if (i < 2)
        above = chain.ParentOfNext(Compose(above, Model::Of(WithRotation(chain.local[i], solved[i]))), i);
    }
    parent[2] = above.Rotation();
  }
  // Only rotations change, so only they are written.
  for (int i = 0; i < 3; ++i)
    SetQuat(pose.rotations, chain.bones[i], solved[i]);
  return parent[2];
}

void SolveTwoBoneIK(const PoseView& pose, const Skeleton& skeleton, int count, int root, int mid, int end,
                    Vec3 target, const Vec3* pole, float alpha) {
  const float a = ClampAlpha(alpha);
  if (a == 0.0f || !IsTwoBoneChain(pose, skeleton, count, root, mid, end)) return;
  const TwoBoneChain<TrsModel> chain = ComposeTwoBoneChain<TrsModel>(pose, skeleton, root, mid, end);
  if (chain.model[2].IsExact()) {
    SolveComposedTwoBoneIK(pose, skeleton, chain, target, pole, a);
  } else {
    SolveComposedTwoBoneIK(pose, skeleton, ComposeTwoBoneChain<MatrixModel>(pose, skeleton, root, mid, end),
                           target, pole, a);
  }
}

template TwoBoneChain<TrsModel> ComposeTwoBoneChain(const ConstPoseView&, const Skeleton&, int, int, int);
template TwoBoneChain<MatrixModel> ComposeTwoBoneChain(const ConstPoseView&, const Skeleton&, int, int, int);
template Quat SolveComposedTwoBoneIK(const PoseView&, const Skeleton&, const TwoBoneChain<TrsModel>&, Vec3,
                                     const Vec3*, float);
template Quat SolveComposedTwoBoneIK(const PoseView&, const Skeleton&, const TwoBoneChain<MatrixModel>&, Vec3,
                                     const Vec3*, float);

}  // namespace anim
