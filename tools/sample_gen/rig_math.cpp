#include "tools/sample_gen/rig_math.h"

#include <cmath>

namespace anim::sample_gen {
namespace {

constexpr double kPi = 3.14159265358979323846;

// Half-angle sine and cosine in double precision, so the quaternion is as exact as a float allows.
Quat AxisRotation(double x, double y, double z, double degrees) {
  const double half = degrees * kPi / 360.0;
  const double s = std::sin(half);
  return Quat{static_cast<float>(x * s), static_cast<float>(y * s), static_cast<float>(z * s),
              static_cast<float>(std::cos(half))};
}

}  // namespace

Quat RotX(double degrees) {
  return AxisRotation(1, 0, 0, degrees);
}
Quat RotY(double degrees) {
  return AxisRotation(0, 1, 0, degrees);
}
Quat RotZ(double degrees) {
  return AxisRotation(0, 0, 1, degrees);
}

Transform Compose(const Transform& parent, const Transform& local) {
  return {parent.translation + Rotate(parent.rotation, Mul(parent.scale, local.translation)),
          Normalize(parent.rotation * local.rotation), Mul(parent.scale, local.scale)};
}

std::vector<Transform> ModelTransforms(const SkeletonDesc& desc, const std::vector<Transform>& locals) {
  std::vector<Transform> model(locals.size());
  for (std::size_t i = 0; i < locals.size(); ++i) {
    const int parent = desc.bones[i].parent;
    model[i] = parent == kNoParent ? locals[i] : Compose(model[static_cast<std::size_t>(parent)], locals[i]);
  }
  return model;
}

Quat ModelRotation(const SkeletonDesc& desc, const std::vector<Transform>& locals, int bone) {
  Quat rotation = locals[static_cast<std::size_t>(bone)].rotation;
  for (int b = desc.bones[static_cast<std::size_t>(bone)].parent; b != kNoParent;
       b = desc.bones[static_cast<std::size_t>(b)].parent) {
    rotation = locals[static_cast<std::size_t>(b)].rotation * rotation;
  }
  return Normalize(rotation);
}

std::vector<Transform> BindLocals(const SkeletonDesc& desc) {
  std::vector<Transform> locals;
  locals.reserve(desc.bones.size());
  for (const SkeletonDesc::Bone& bone : desc.bones)
    locals.push_back(bone.bind_local);
  return locals;
}

}  // namespace anim::sample_gen
