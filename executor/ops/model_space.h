// Model-space (component-space) access to single bones of a local-space pose, for the solvers and
// bone ops. Model space is the space of the pose's root bones (a root's parent is the identity).
// Every query walks the bone's ancestors, so it costs the bone's depth and allocates nothing.
#pragma once

#include <cmath>

#include "executor/math/mat4.h"
#include "executor/pose/pose.h"
#include "executor/pose/skeleton.h"

namespace anim {

// The checks below run on every solve, so they are inline.

// Whether `bone` may be edited by an op limited to the active bone count `count`: it exists in
// both the pose and the skeleton and lies before the LOD cut.
inline bool IsEditableBone(const ConstPoseView& pose, const Skeleton& skeleton, int count, int bone) {
  return bone >= 0 && bone < count && bone < pose.bone_count && bone < skeleton.bone_count();
}

// Whether `ancestor` is `bone` or one of its ancestors.
inline bool IsAncestorOrSelf(const Skeleton& skeleton, int ancestor, int bone) {
  // Parents first: walking up only ever lowers the index, so the walk ends.
  for (int b = bone; b != kNoParent; b = skeleton.parent(b)) {
    if (b == ancestor) return true;
  }
  return false;
}

// Whether every component is finite: a NaN or infinite target makes an op do nothing.
inline bool IsFinite(Vec3 v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}
bool IsFinite(const Transform& t);

// Alpha limited to [0, 1]; NaN reads as 0, so a bad weight leaves the pose alone.
inline float ClampAlpha(float alpha) {
  if (!(alpha > 0.0f)) return 0.0f;
  return alpha < 1.0f ? alpha : 1.0f;
}

// Model-space matrix of `bone` (local scale included). The caller guarantees `bone` is in range.
Mat4 ModelMatrix(const ConstPoseView& pose, const Skeleton& skeleton, int bone);
// Model-space matrix of `bone`'s parent; the identity for a root.
Mat4 ParentModelMatrix(const ConstPoseView& pose, const Skeleton& skeleton, int bone);

Vec3 ModelPosition(const ConstPoseView& pose, const Skeleton& skeleton, int bone);
// Model-space rotation with scale divided out.
Quat ModelRotation(const ConstPoseView& pose, const Skeleton& skeleton, int bone);

// Rewrites `bone`'s local rotation so its model-space rotation becomes `model_rotation`. Only the
// bone itself changes; its children follow through forward kinematics. Exact when the ancestors'
// scales are uniform (a non-uniform parent scale shears, which no local rotation can undo).
void SetModelRotation(const PoseView& pose, const Skeleton& skeleton, int bone, Quat model_rotation);
// Rewrites `bone`'s local translation so its model-space position becomes `model_position`.
void SetModelPosition(const PoseView& pose, const Skeleton& skeleton, int bone, Vec3 model_position);

}  // namespace anim
