#include "executor/ops/model_space.h"

#include <cmath>

namespace anim {

bool IsFinite(const Transform& t) {
  const Quat q = t.rotation;
  return IsFinite(t.translation) && IsFinite(t.scale) && std::isfinite(q.x) && std::isfinite(q.y) &&
         std::isfinite(q.z) && std::isfinite(q.w);
}

Mat4 ModelMatrix(const ConstPoseView& pose, const Skeleton& skeleton, int bone) {
  Mat4 m = FromTransform(GetBoneTransform(pose, bone));
  for (int b = skeleton.parent(bone); b != kNoParent; b = skeleton.parent(b)) {
    m = FromTransform(GetBoneTransform(pose, b)) * m;
  }
  return m;
}

Mat4 ParentModelMatrix(const ConstPoseView& pose, const Skeleton& skeleton, int bone) {
  const int parent = skeleton.parent(bone);
  return parent == kNoParent ? Mat4::Identity() : ModelMatrix(pose, skeleton, parent);
}

Vec3 ModelPosition(const ConstPoseView& pose, const Skeleton& skeleton, int bone) {
  return ModelMatrix(pose, skeleton, bone).Translation();
}

Quat ModelRotation(const ConstPoseView& pose, const Skeleton& skeleton, int bone) {
  return RotationOf(ModelMatrix(pose, skeleton, bone));
}

void SetModelRotation(const PoseView& pose, const Skeleton& skeleton, int bone, Quat model_rotation) {
  const Quat parent_rotation = RotationOf(ParentModelMatrix(pose, skeleton, bone));
  Transform local = GetBoneTransform(pose, bone);
  local.rotation = Normalize(Conjugate(parent_rotation) * model_rotation);
  SetBoneTransform(pose, bone, local);
}

void SetModelPosition(const PoseView& pose, const Skeleton& skeleton, int bone, Vec3 model_position) {
  const Mat4 parent_inverse = InverseAffine(ParentModelMatrix(pose, skeleton, bone));
  Transform local = GetBoneTransform(pose, bone);
  local.translation = TransformPoint(parent_inverse, model_position);
  SetBoneTransform(pose, bone, local);
}

}  // namespace anim
