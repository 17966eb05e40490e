#include "executor/ops/bone_ops.h"

#include "executor/ops/model_space.h"

namespace anim {
namespace {

Transform LocalResult(const Transform& input, BoneOpMode mode, const Transform& value) {
  if (mode == BoneOpMode::Replace) return {value.translation, Normalize(value.rotation), value.scale};
  return {input.translation + value.translation, Normalize(Normalize(value.rotation) * input.rotation),
          Mul(input.scale, value.scale)};
}

Vec3 ColumnLengths(const Mat4& m) {
  return {Length(m.Column(0)), Length(m.Column(1)), Length(m.Column(2))};
}

float SafeDivide(float a, float b) {
  return b != 0.0f ? a / b : a;
}

Transform ComponentResult(const ConstPoseView& pose, const Skeleton& skeleton, int bone,
                          const Transform& input, BoneOpMode mode, const Transform& value) {
  const Mat4 parent = ParentModelMatrix(pose, skeleton, bone);
  const Mat4 model = parent * FromTransform(input);
  const Quat parent_rotation = RotationOf(parent);
  Vec3 position = value.translation;
  Quat rotation = Normalize(value.rotation);
  Vec3 scale = value.scale;
  if (mode == BoneOpMode::Additive) {
    position = model.Translation() + value.translation;
    rotation = rotation * RotationOf(model);
    scale = Mul(input.scale, value.scale);
  } else {
    const Vec3 parent_scale = ColumnLengths(parent);
    scale = {SafeDivide(scale.x, parent_scale.x), SafeDivide(scale.y, parent_scale.y),
             SafeDivide(scale.z, parent_scale.z)};
  }
  return {TransformPoint(InverseAffine(parent), position), Normalize(Conjugate(parent_rotation) * rotation),
          scale};
}

}  // namespace

void ApplyBoneTransform(const PoseView& pose, const Skeleton& skeleton, int count, int bone, BoneSpace space,
                        BoneOpMode mode, const Transform& value, float alpha) {
  if (!IsEditableBone(pose, skeleton, count, bone)) return;
  const float a = ClampAlpha(alpha);
  if (a == 0.0f || !IsFinite(value)) return;
  const Transform input = GetBoneTransform(pose, bone);
  const Transform result = space == BoneSpace::Local
                               ? LocalResult(input, mode, value)
                               : ComponentResult(pose, skeleton, bone, input, mode, value);
  SetBoneTransform(pose, bone,
                   {Lerp(input.translation, result.translation, a), Nlerp(input.rotation, result.rotation, a),
                    Lerp(input.scale, result.scale, a)});
}

void TranslateBone(const PoseView& pose, const Skeleton& skeleton, int count, int bone, Vec3 offset,
                   float alpha) {
  if (!IsEditableBone(pose, skeleton, count, bone) || ClampAlpha(alpha) == 0.0f || !IsFinite(offset)) return;
  const Vec3 position = ModelPosition(pose, skeleton, bone);
  SetModelPosition(pose, skeleton, bone, position + offset * ClampAlpha(alpha));
}

}  // namespace anim
