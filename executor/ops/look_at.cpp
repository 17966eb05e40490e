#include "executor/ops/look_at.h"

#include <algorithm>
#include <cmath>

#include "executor/ops/model_space.h"
#include "executor/ops/model_transform.h"

namespace anim {

namespace {

// Whether `target` is at the bone's model position `position`: within kLookAtAtBone of it, relative
// past one unit. The position is composed in float, so an exact test would hinge on the order of
// its products.
bool IsAtBone(Vec3 target, Vec3 position) {
  const float scale = std::max(1.0f, Length(position));
  return LengthSq(target - position) <= kLookAtAtBone * kLookAtAtBone * scale * scale;
}

// SolveLookAt past its checks, with the bone's parent composed once. False, leaving the pose alone,
// when `Model` does not compose the bone exactly.
template <typename Model>
[[gnu::flatten]] bool TurnToward(const PoseView& pose, const Skeleton& skeleton, int bone, Vec3 target,
                                 Vec3 axis, float max_angle, float a) {
  const Model parent = ParentModel<Model>(pose, skeleton, bone);
  const Model model = Compose(parent, Model::Of(GetBoneTransform(pose, bone)));
  if (!model.IsExact()) return false;
  const Quat rotation = model.Rotation();
  const Vec3 position = model.Position();
  if (IsAtBone(target, position)) return true;
  const Vec3 wanted = NormalizeOr(target - position, Vec3{});
  const Vec3 forward = Rotate(rotation, axis);

  Vec3 turn_axis;
  float angle = 0.0f;
  ToAxisAngle(FromToRotation(forward, wanted), turn_axis, angle);
  angle = std::min(angle, max_angle) * a;
  SetQuat(pose.rotations, bone, LocalRotationUnder(parent, FromAxisAngle(turn_axis, angle) * rotation));
  return true;
}

}  // namespace

void SolveLookAt(const PoseView& pose, const Skeleton& skeleton, int count, int bone, Vec3 target,
                 Vec3 forward_axis, float max_angle, float alpha) {
  const float a = ClampAlpha(alpha);
  if (a == 0.0f || !(max_angle > 0.0f) || !IsFinite(target) || !IsEditableBone(pose, skeleton, count, bone))
    return;
  const Vec3 axis = NormalizeOr(forward_axis, Vec3{});
  if (LengthSq(axis) == 0.0f) return;
  if (!TurnToward<TrsModel>(pose, skeleton, bone, target, axis, max_angle, a))
    TurnToward<MatrixModel>(pose, skeleton, bone, target, axis, max_angle, a);
}

}  // namespace anim
