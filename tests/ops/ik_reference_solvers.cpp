// The IK solvers as they were before they composed model space once (issue 18): every query walks
// the ancestors with 4x4 products (model_space.h). The yardstick the solvers are held to, within
// float rounding, on random poses.
#include "tests/ops/ik_reference_solvers.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "executor/ops/fabrik.h"
#include "executor/ops/model_space.h"
#include "executor/ops/two_bone_ik.h"

namespace anim::reference {
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

struct Chain {
  std::array<int, kFabrikMaxChain> bones;
  std::array<Vec3, kFabrikMaxChain> positions;
  std::array<float, kFabrikMaxChain> lengths;  // lengths[i]: from bone i to bone i + 1
  int size = 0;
};

// Collects root..tip into `chain` (root first). False when tip does not descend from root or the
// chain is too long.
bool CollectChain(const Skeleton& skeleton, int root, int tip, Chain& chain) {
  int size = 0;
  for (int b = tip; b != kNoParent; b = skeleton.parent(b)) {
    if (size == kFabrikMaxChain) return false;
    chain.bones[size++] = b;
    if (b == root) {
      for (int i = 0; i < size / 2; ++i)
        std::swap(chain.bones[i], chain.bones[size - 1 - i]);
      chain.size = size;
      return size >= 2;
    }
  }
  return false;
}

// Places `next` at `length` from `anchor`, along the direction from `anchor` to `next`.
Vec3 Reach(Vec3 anchor, Vec3 next, float length, Vec3 fallback_dir) {
  return anchor + NormalizeOr(next - anchor, fallback_dir) * length;
}

// Moves the chain's positions toward `target`. False when it ran no pass at all.
bool SolvePositions(Chain& chain, Vec3 target, int iterations, float tolerance) {
  const int last = chain.size - 1;
  Vec3* p = chain.positions.data();
  const float* len = chain.lengths.data();
  const Vec3 origin = p[0];
  float total = 0.0f;
  for (int i = 0; i < last; ++i) {
    total += len[i];
  }

  if (Distance(origin, target) >= total) {
    const Vec3 dir = NormalizeOr(target - origin, NormalizeOr(p[last] - origin, Vec3{0, 1, 0}));
    for (int i = 0; i < last; ++i) {
      p[i + 1] = p[i] + dir * len[i];
    }
    return true;
  }
  int it = 0;
  for (; it < iterations && Distance(p[last], target) > tolerance; ++it) {
    p[last] = target;
    for (int i = last - 1; i >= 0; --i) {
      p[i] = Reach(p[i + 1], p[i], len[i], Vec3{0, -1, 0});
    }
    p[0] = origin;
    for (int i = 0; i < last; ++i) {
      p[i + 1] = Reach(p[i], p[i + 1], len[i], Vec3{0, 1, 0});
    }
  }
  return it > 0;
}

}  // namespace

void SolveTwoBoneIK(PoseView pose, const Skeleton& skeleton, int count, int root, int mid, int end,
                    Vec3 target, const Vec3* pole, float alpha) {
  const float a = ClampAlpha(alpha);
  if (a == 0.0f || !IsFinite(target) || (pole != nullptr && !IsFinite(*pole))) return;
  if (!anim::IsTwoBoneChain(pose, skeleton, count, root, mid, end)) return;

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

void SolveFootIK(PoseView pose, const Skeleton& skeleton, int count, int thigh, int calf, int foot,
                 const FootGround& ground, float alpha) {
  const float a = ClampAlpha(alpha);
  if (a == 0.0f || !anim::IsTwoBoneChain(pose, skeleton, count, thigh, calf, foot)) return;
  const Vec3 up{0.0f, 1.0f, 0.0f};
  const Vec3 normal = NormalizeOr(ground.normal, Vec3{});
  if (!(normal.y > 0.0f) || !IsFinite(normal) || !std::isfinite(ground.ankle_height) ||
      !std::isfinite(ground.height)) {
    return;
  }
  const Vec3 foot_position = ModelPosition(pose, skeleton, foot);
  const Vec3 on_plane{foot_position.x, ground.height, foot_position.z};
  const Vec3 planted = on_plane + normal * ground.ankle_height;
  const float plant_distance = ground.plant_distance > 0.0f ? ground.plant_distance : 0.0f;
  if (!(foot_position.y - planted.y <= plant_distance)) return;

  const Quat foot_rotation = ModelRotation(pose, skeleton, foot);
  reference::SolveTwoBoneIK(pose, skeleton, count, thigh, calf, foot, planted, nullptr, a);
  Vec3 axis;
  float angle = 0.0f;
  ToAxisAngle(FromToRotation(up, normal), axis, angle);
  SetModelRotation(pose, skeleton, foot, FromAxisAngle(axis, angle * a) * foot_rotation);
}

void SolveFabrik(PoseView pose, const Skeleton& skeleton, int count, int root, int tip, Vec3 target,
                 int iterations, float tolerance, float alpha) {
  const float a = ClampAlpha(alpha);
  if (a == 0.0f || !IsFinite(target) || !IsEditableBone(pose, skeleton, count, root) ||
      !IsEditableBone(pose, skeleton, count, tip)) {
    return;
  }
  Chain chain;
  if (!CollectChain(skeleton, root, tip, chain)) return;
  const int last = chain.size - 1;

  std::array<Quat, kFabrikMaxChain> input_rotations;
  const Mat4 root_parent = ParentModelMatrix(pose, skeleton, root);
  Mat4 model = root_parent;
  for (int i = 0; i < chain.size; ++i) {
    input_rotations[i] = GetBoneTransform(pose, chain.bones[i]).rotation;
    model = model * FromTransform(GetBoneTransform(pose, chain.bones[i]));
    chain.positions[i] = model.Translation();
    if (i > 0) chain.lengths[i - 1] = Distance(chain.positions[i - 1], chain.positions[i]);
  }
  const Quat tip_rotation = RotationOf(model);
  if (!(Distance(chain.positions[last], target) > tolerance)) return;
  if (!SolvePositions(chain, target, iterations, tolerance)) return;

  // Root first: each bone turns so its (already moved) child points at the solved child position.
  Mat4 parent = root_parent;
  for (int i = 0; i < chain.size; ++i) {
    const int bone = chain.bones[i];
    Transform local = GetBoneTransform(pose, bone);
    const Quat parent_rotation = RotationOf(parent);
    const Mat4 current = parent * FromTransform(local);
    Quat model_rotation = tip_rotation;
    if (i < last) {
      const Vec3 child = TransformPoint(current, GetBoneTransform(pose, chain.bones[i + 1]).translation);
      const Vec3 from = child - current.Translation();
      const Vec3 to = chain.positions[i + 1] - current.Translation();
      model_rotation = RotationOf(current);
      // A segment too short to have a direction (a delta pose's, float rounding's) turns nothing.
      if (LengthSq(from) > kFabrikMinSegment * kFabrikMinSegment &&
          LengthSq(to) > kFabrikMinSegment * kFabrikMinSegment)
        model_rotation = FromToRotation(NormalizeOr(from, {}), NormalizeOr(to, {})) * model_rotation;
    }
    local.rotation = Normalize(Conjugate(parent_rotation) * model_rotation);
    SetBoneTransform(pose, bone, local);
    parent = parent * FromTransform(local);
  }
  if (a < 1.0f) {
    for (int i = 0; i < chain.size; ++i) {
      Transform local = GetBoneTransform(pose, chain.bones[i]);
      local.rotation = Nlerp(input_rotations[i], local.rotation, a);
      SetBoneTransform(pose, chain.bones[i], local);
    }
  }
}

void SolveLookAt(PoseView pose, const Skeleton& skeleton, int count, int bone, Vec3 target, Vec3 forward_axis,
                 float max_angle, float alpha) {
  const float a = ClampAlpha(alpha);
  if (a == 0.0f || !(max_angle > 0.0f) || !IsFinite(target) || !IsEditableBone(pose, skeleton, count, bone))
    return;
  const Vec3 axis = NormalizeOr(forward_axis, Vec3{});
  if (LengthSq(axis) == 0.0f) return;

  const Mat4 model = ModelMatrix(pose, skeleton, bone);
  const Quat rotation = RotationOf(model);
  const Vec3 wanted = NormalizeOr(target - model.Translation(), Vec3{});
  if (LengthSq(wanted) == 0.0f) return;
  const Vec3 forward = Rotate(rotation, axis);

  Vec3 turn_axis;
  float angle = 0.0f;
  ToAxisAngle(FromToRotation(forward, wanted), turn_axis, angle);
  angle = std::min(angle, max_angle) * a;
  SetModelRotation(pose, skeleton, bone, FromAxisAngle(turn_axis, angle) * rotation);
}

}  // namespace anim::reference
