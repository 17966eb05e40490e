// Double-precision pose maths for building sample clips. The generator poses in double and rounds
// to executor's float Transform only for output, so the printed six digits never depend on how a
// compiler orders or fuses float operations (build type, sanitizers, SIMD flavour).
#pragma once

#include <vector>

#include "executor/math/transform.h"
#include "executor/pose/skeleton.h"

namespace anim::sample_gen {

struct DVec3 {
  double x = 0.0, y = 0.0, z = 0.0;
};
inline DVec3 operator+(DVec3 a, DVec3 b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}

struct DQuat {
  double x = 0.0, y = 0.0, z = 0.0, w = 1.0;
};
// Hamilton product: rotates by `b` first, then by `a`.
DQuat operator*(DQuat a, DQuat b);
DQuat Conjugate(DQuat q);
// Unit length, with w >= 0 (the shortest arc), so consecutive frames stay in one hemisphere.
DQuat Canonical(DQuat q);
DVec3 Rotate(DQuat q, DVec3 v);
// Right-hand-rule rotations about +X, +Y and +Z by an angle in degrees.
DQuat RotX(double degrees);
DQuat RotY(double degrees);
DQuat RotZ(double degrees);
// The shortest rotation taking direction `from` onto direction `to` (neither opposite nor zero).
DQuat FromTo(DVec3 from, DVec3 to);

// A bone transform without scale: every sample bone has unit scale.
struct DTransform {
  DVec3 translation;
  DQuat rotation;
};

DVec3 TransformPoint(const DTransform& t, DVec3 p);
// The transform `local` expressed in the space that `parent` maps into.
DTransform Compose(const DTransform& parent, const DTransform& local);

std::vector<DTransform> BindLocals(const SkeletonDesc& desc);
// Model-space transforms of every bone of `desc` for the local transforms `locals`.
std::vector<DTransform> ModelTransforms(const SkeletonDesc& desc, const std::vector<DTransform>& locals);
// Model-space rotation of one bone (identity for kNoParent), found by walking its parents.
DQuat ModelRotation(const SkeletonDesc& desc, const std::vector<DTransform>& locals, int bone);

// Rounds to the float transform the documents are written from.
Transform ToTransform(const DTransform& t);

}  // namespace anim::sample_gen
