#include "tools/sample_gen/rig_math.h"

#include <cmath>

namespace anim::sample_gen {
namespace {

constexpr double kPi = 3.14159265358979323846;

DQuat AxisRotation(double x, double y, double z, double degrees) {
  const double half = degrees * kPi / 360.0;
  const double s = std::sin(half);
  return {x * s, y * s, z * s, std::cos(half)};
}

DVec3 Cross(DVec3 a, DVec3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

}  // namespace

DQuat operator*(DQuat a, DQuat b) {
  return {a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
          a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}

DQuat Conjugate(DQuat q) {
  return {-q.x, -q.y, -q.z, q.w};
}

DQuat Canonical(DQuat q) {
  const double length = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
  const double s = (q.w < 0.0 ? -1.0 : 1.0) / length;
  return {q.x * s, q.y * s, q.z * s, q.w * s};
}

DVec3 Rotate(DQuat q, DVec3 v) {
  const DQuat r = q * DQuat{v.x, v.y, v.z, 0.0} * Conjugate(q);
  return {r.x, r.y, r.z};
}

DQuat RotX(double degrees) {
  return AxisRotation(1, 0, 0, degrees);
}
DQuat RotY(double degrees) {
  return AxisRotation(0, 1, 0, degrees);
}
DQuat RotZ(double degrees) {
  return AxisRotation(0, 0, 1, degrees);
}

DQuat FromTo(DVec3 from, DVec3 to) {
  const double from_length = std::sqrt(from.x * from.x + from.y * from.y + from.z * from.z);
  const double to_length = std::sqrt(to.x * to.x + to.y * to.y + to.z * to.z);
  const DVec3 c = Cross(from, to);
  const double d = from.x * to.x + from.y * to.y + from.z * to.z;
  return Canonical({c.x, c.y, c.z, from_length * to_length + d});
}

DVec3 TransformPoint(const DTransform& t, DVec3 p) {
  return Rotate(t.rotation, p) + t.translation;
}

DTransform Compose(const DTransform& parent, const DTransform& local) {
  return {TransformPoint(parent, local.translation), Canonical(parent.rotation * local.rotation)};
}

std::vector<DTransform> BindLocals(const SkeletonDesc& desc) {
  std::vector<DTransform> locals;
  for (const SkeletonDesc::Bone& bone : desc.bones) {
    const Transform& b = bone.bind_local;
    locals.push_back({{b.translation.x, b.translation.y, b.translation.z},
                      {b.rotation.x, b.rotation.y, b.rotation.z, b.rotation.w}});
  }
  return locals;
}

std::vector<DTransform> ModelTransforms(const SkeletonDesc& desc, const std::vector<DTransform>& locals) {
  std::vector<DTransform> model(locals.size());
  for (std::size_t i = 0; i < locals.size(); ++i) {
    const int parent = desc.bones[i].parent;
    model[i] = parent == kNoParent ? locals[i] : Compose(model[static_cast<std::size_t>(parent)], locals[i]);
  }
  return model;
}

DQuat ModelRotation(const SkeletonDesc& desc, const std::vector<DTransform>& locals, int bone) {
  DQuat rotation;
  for (int b = bone; b != kNoParent; b = desc.bones[static_cast<std::size_t>(b)].parent) {
    rotation = locals[static_cast<std::size_t>(b)].rotation * rotation;
  }
  return Canonical(rotation);
}

Transform ToTransform(const DTransform& t) {
  const auto f = [](double v) { return static_cast<float>(v); };
  return {{f(t.translation.x), f(t.translation.y), f(t.translation.z)},
          {f(t.rotation.x), f(t.rotation.y), f(t.rotation.z), f(t.rotation.w)},
          {1.0f, 1.0f, 1.0f}};
}

}  // namespace anim::sample_gen
