// Model-space transforms an IK solver composes once per solve: it composes its chain's ancestors a
// single time and carries each parent's model transform down the chain, where model_space.h walks
// every ancestor again for each query. A solver composes TrsModel and, where that is not exact,
// composes again as MatrixModel; either gives ModelMatrix's results up to float rounding.
#pragma once

#include <cmath>

#include "executor/math/mat4.h"
#include "executor/pose/pose.h"
#include "executor/pose/skeleton.h"

namespace anim {

// A model transform as translation, rotation and per-axis scale. Composing costs a quaternion
// product and a rotated offset, and the rotation needs no extraction, but it is exact only while
// every rotation is unit, every scale positive and every parent's scale uniform: a mirroring or
// zero scale, or a rotation off unit length, changes what RotationOf and FromTransform make of it,
// and a non-uniform parent scale shears. It tracks whether that held.
struct TrsModel {
  // Turning a bone in model space turns every model rotation below it by the same rotation.
  static constexpr bool kTurnsCarryDown = true;
  // Well above a normalised rotation's rounding (a few 1e-7), well below any real error.
  static constexpr float kUnitTolerance = 2e-6f;

  Transform trs;
  bool exact = true;

  static TrsModel Of(const Transform& local) {
    const Quat q = local.rotation;
    const Vec3 s = local.scale;
    return {local, std::fabs(Dot(q, q) - 1.0f) <= kUnitTolerance && s.x > 0.0f && s.y > 0.0f && s.z > 0.0f};
  }
  // Whether this is ModelMatrix's transform up to rounding.
  bool IsExact() const { return exact; }
  Vec3 Position() const { return trs.translation; }
  // Unit up to the rounding of the products that made it; writers normalise.
  Quat Rotation() const { return trs.rotation; }
  // A point of this transform's space, in model space.
  Vec3 ToModel(Vec3 p) const { return TransformPoint(trs, p); }
  friend TrsModel Compose(const TrsModel& parent, const TrsModel& child) {
    const Vec3 ps = parent.trs.scale;
    const float s = ps.x;  // exact only when uniform
    return {{parent.trs.translation + Rotate(parent.trs.rotation, child.trs.translation * s),
             parent.trs.rotation * child.trs.rotation, child.trs.scale * s},
            parent.exact && child.exact && ps.x == ps.y && ps.y == ps.z};
  }
};

// A model transform as ModelMatrix composes it: exact for any scale (a non-uniform parent scale
// shears), its rotation RotationOf's.
struct MatrixModel {
  // A turn above a shear does not carry down as it is: model rotations below are composed again.
  static constexpr bool kTurnsCarryDown = false;
  Mat4 matrix;

  static MatrixModel Of(const Transform& local) { return {FromTransform(local)}; }
  bool IsExact() const { return true; }
  Vec3 Position() const { return matrix.Translation(); }
  Quat Rotation() const { return RotationOf(matrix); }
  Vec3 ToModel(Vec3 p) const { return TransformPoint(matrix, p); }
  friend MatrixModel Compose(const MatrixModel& parent, const MatrixModel& child) {
    return {parent.matrix * child.matrix};
  }
};

// The product of the local transforms from `ancestor`'s child down to `bone`: `bone`'s model
// transform in `ancestor`'s space, so model(bone) = Compose(model(ancestor), LocalChain(...)). The
// identity when `bone` is `ancestor`. `ancestor` is `bone`, one of its ancestors, or kNoParent
// (model space itself); `bone` is in range or kNoParent.
template <typename Model>
Model LocalChain(const ConstPoseView& pose, const Skeleton& skeleton, int ancestor, int bone) {
  if (bone == ancestor) return Model::Of(Transform::Identity());
  // Walking up, each parent's local transform goes in front.
  Model chain = Model::Of(GetBoneTransform(pose, bone));
  for (int b = skeleton.parent(bone); b != ancestor && b != kNoParent; b = skeleton.parent(b))
    chain = Compose(Model::Of(GetBoneTransform(pose, b)), chain);
  return chain;
}

// The model transform of `bone`'s parent: the identity for a root.
template <typename Model>
Model ParentModel(const ConstPoseView& pose, const Skeleton& skeleton, int bone) {
  return LocalChain<Model>(pose, skeleton, kNoParent, skeleton.parent(bone));
}

// The local rotation that gives a bone under `parent` the model rotation `model_rotation` (as
// SetModelRotation does).
template <typename Model>
Quat LocalRotationUnder(const Model& parent, Quat model_rotation) {
  return Normalize(Conjugate(parent.Rotation()) * model_rotation);
}

}  // namespace anim
