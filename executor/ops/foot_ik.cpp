#include "executor/ops/foot_ik.h"

#include <cmath>

#include "executor/ops/model_space.h"
#include "executor/ops/two_bone_ik.h"

namespace anim {

void SolveFootIK(PoseView pose, const Skeleton& skeleton, int count, int thigh, int calf, int foot,
                 const FootGround& ground, float alpha) {
  const float a = ClampAlpha(alpha);
  if (a == 0.0f || !IsTwoBoneChain(pose, skeleton, count, thigh, calf, foot)) return;
  const Vec3 up{0.0f, 1.0f, 0.0f};
  const Vec3 normal = NormalizeOr(ground.normal, Vec3{});
  if (!(normal.y > 0.0f) || !IsFinite(normal) || !std::isfinite(ground.ankle_height) ||
      !std::isfinite(ground.height)) {
    return;
  }

  // The planted spot: on the vertical through the foot, ankle height off the plane along its normal.
  const Vec3 foot_position = ModelPosition(pose, skeleton, foot);
  const Vec3 on_plane{foot_position.x, ground.height, foot_position.z};
  const Vec3 planted = on_plane + normal * ground.ankle_height;
  const float plant_distance = ground.plant_distance > 0.0f ? ground.plant_distance : 0.0f;
  if (!(foot_position.y - planted.y <= plant_distance)) return;

  const Quat foot_rotation = ModelRotation(pose, skeleton, foot);
  SolveTwoBoneIK(pose, skeleton, count, thigh, calf, foot, planted, nullptr, a);
  Vec3 axis;
  float angle = 0.0f;
  ToAxisAngle(FromToRotation(up, normal), axis, angle);
  SetModelRotation(pose, skeleton, foot, FromAxisAngle(axis, angle * a) * foot_rotation);
}

}  // namespace anim
