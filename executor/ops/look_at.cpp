#include "executor/ops/look_at.h"

#include <algorithm>
#include <cmath>

#include "executor/ops/model_space.h"

namespace anim {

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

}  // namespace anim
