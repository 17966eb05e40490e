#include "executor/ops/foot_ik.h"

#include <cmath>

#include "executor/ops/model_space.h"
#include "executor/ops/two_bone_ik.h"

namespace anim {

namespace {

// SolveFootIK past its checks, on the leg's model space composed once.
template <typename Model>
[[gnu::flatten]] void PlantFoot(const PoseView& pose, const Skeleton& skeleton,
                                const TwoBoneChain<Model>& chain, const FootGround& ground, Vec3 normal,
                                float a) {
  // The planted spot: on the vertical through the foot, ankle height off the plane along its normal.
  const Vec3 foot_position = chain.model[2].Position();
  const Vec3 on_plane{foot_position.x, ground.height, foot_position.z};
  const Vec3 planted = on_plane + normal * ground.ankle_height;
  const float plant_distance = ground.plant_distance > 0.0f ? ground.plant_distance : 0.0f;
  if (!(foot_position.y - planted.y <= plant_distance)) return;

  const Quat foot_parent = SolveComposedTwoBoneIK(pose, skeleton, chain, planted, nullptr, a);
  // At full weight the turn is the from-to rotation itself; below, its angle scales.
  Quat turn = FromToRotation(Vec3{0.0f, 1.0f, 0.0f}, normal);
  if (a < 1.0f) {
    Vec3 axis;
    float angle = 0.0f;
    ToAxisAngle(turn, axis, angle);
    turn = FromAxisAngle(axis, angle * a);
  }
  SetQuat(pose.rotations, chain.bones[2],
          Normalize(Conjugate(foot_parent) * (turn * chain.model[2].Rotation())));
}

}  // namespace

void SolveFootIK(const PoseView& pose, const Skeleton& skeleton, int count, int thigh, int calf, int foot,
                 const FootGround& ground, float alpha) {
  const float a = ClampAlpha(alpha);
  if (a == 0.0f || !IsTwoBoneChain(pose, skeleton, count, thigh, calf, foot)) return;
  const Vec3 normal = NormalizeOr(ground.normal, Vec3{});
  if (!(normal.y > 0.0f) || !IsFinite(normal) || !std::isfinite(ground.ankle_height) ||
      !std::isfinite(ground.height)) {
    return;
  }
  const TwoBoneChain<TrsModel> leg = ComposeTwoBoneChain<TrsModel>(pose, skeleton, thigh, calf, foot);
  if (leg.model[2].IsExact()) {
    PlantFoot(pose, skeleton, leg, ground, normal, a);
  } else {
    PlantFoot(pose, skeleton, ComposeTwoBoneChain<MatrixModel>(pose, skeleton, thigh, calf, foot), ground,
              normal, a);
  }
}

}  // namespace anim
