#include "executor/ops/inertialization.h"

#include "executor/ops/transition_blend.h"

#include <algorithm>

namespace anim {
namespace {

// Offset `delta` as direction and length; the rate is `velocity` along that direction.
InertialChannel VectorChannel(Vec3 delta, Vec3 velocity, float duration) {
  const float length = Length(delta);
  const Vec3 axis = length > 0.0f ? delta / length : Vec3{1.0f, 0.0f, 0.0f};
  return {axis, InertialCurve::Solve(length, Dot(velocity, axis), duration)};
}

void Capture(InertializationState& state, const PoseHistory& history, const ConstPoseView& target, int count,
             float duration) {
  state.active = false;
  // A history of another skeleton (bone count) is no previous output of this one.
  if (history.frames_held() == 0 || history.latest().bone_count() != target.bone_count || !(duration > 0.0f))
    return;
  const int n = std::min(count, target.bone_count);
  if (n <= 0) return;
  if (static_cast<int>(state.bones.size()) < n) state.bones.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const Transform previous = history.latest().Get(i);
    const Transform now = GetBoneTransform(target, i);
    InertialBone& bone = state.bones[static_cast<std::size_t>(i)];
    float angle = 0.0f;
    ToAxisAngle(Normalize(previous.rotation) * Conjugate(Normalize(now.rotation)), bone.rotation.axis, angle);
    bone.rotation.curve =
        InertialCurve::Solve(angle, Dot(history.AngularVelocity(i), bone.rotation.axis), duration);
    bone.translation =
        VectorChannel(previous.translation - now.translation, history.LinearVelocity(i), duration);
    bone.scale = VectorChannel(previous.scale - now.scale, history.ScaleVelocity(i), duration);
  }
  const Pose& latest = history.latest();
  state.curves.resize(static_cast<std::size_t>(std::min(latest.curve_count(), target.curve_count)));
  for (std::size_t c = 0; c < state.curves.size(); ++c) {
    const float x = latest.curves()[c] - target.curves[c];
    const float sign = x < 0.0f ? -1.0f : 1.0f;
    state.curves[c] = {
        sign, InertialCurve::Solve(x * sign, history.CurveVelocity(static_cast<int>(c)) * sign, duration)};
  }
  state.offset_bone_count = n;
  state.duration = duration;
  state.active = true;
}

void Apply(const InertializationState& state, const PoseView& out, int count, float t) {
  const int n = std::min({count, out.bone_count, state.offset_bone_count});
  for (int i = 0; i < n; ++i) {
    const InertialBone& bone = state.bones[static_cast<std::size_t>(i)];
    Transform x = GetBoneTransform(out, i);
    const InertialChannel& r = bone.rotation;
    const InertialChannel& p = bone.translation;
    const InertialChannel& s = bone.scale;
    x.rotation = Normalize(FromAxisAngle(r.axis, r.curve.At(t)) * x.rotation);
    x.translation += p.axis * p.curve.At(t);
    x.scale += s.axis * s.curve.At(t);
    SetBoneTransform(out, i, x);
  }
  const int curves = std::min(out.curve_count, static_cast<int>(state.curves.size()));
  for (int c = 0; c < curves; ++c)
    out.curves[c] += state.curves[static_cast<std::size_t>(c)].sign *
                     state.curves[static_cast<std::size_t>(c)].curve.At(t);
}

}  // namespace

InertialCurve InertialCurve::Solve(float x0, float v0, float duration) {
  InertialCurve curve;
  if (!(x0 > 0.0f) || !(duration > 0.0f)) return curve;  // no offset: t1 = 0, zero from the start
  if (!(v0 < 0.0f)) v0 = 0.0f;  // moving away (or unknown): start from rest rather than overshoot
  float t1 = duration;
  if (v0 < 0.0f) t1 = std::min(t1, -5.0f * x0 / v0);
  const float t1_2 = t1 * t1;
  const float a0 = (-8.0f * v0 * t1 - 20.0f * x0) / t1_2;
  curve.x0 = x0;
  curve.v0 = v0;
  curve.t1 = t1;
  curve.c2 = 0.5f * a0;
  curve.c3 = -(3.0f * a0 * t1_2 + 12.0f * v0 * t1 + 20.0f * x0) / (2.0f * t1_2 * t1);
  curve.c4 = (3.0f * a0 * t1_2 + 16.0f * v0 * t1 + 30.0f * x0) / (2.0f * t1_2 * t1_2);
  curve.c5 = -(a0 * t1_2 + 6.0f * v0 * t1 + 12.0f * x0) / (2.0f * t1_2 * t1_2 * t1);
  return curve;
}

float InertialCurve::At(float t) const {
  if (!(t < t1)) return 0.0f;
  if (!(t > 0.0f)) return x0;
  const float x = ((((c5 * t + c4) * t + c3) * t + c2) * t + v0) * t + x0;
  return std::max(x, 0.0f);  // float rounding near the end, never a real undershoot
}

float InertialDecay(float x0, float v0, float duration, float t) {
  return InertialCurve::Solve(x0, v0, duration).At(t);
}

void InertializeOutput(TransitionBlendState& seam, const PoseView& out, int count, bool capture,
                       float elapsed, float duration) {
  InertializationState& state = seam.inertialization;
  if (capture) Capture(state, seam.history, out, count, duration);
  if (state.active) {
    if (elapsed < state.duration) {
      Apply(state, out, count, std::max(elapsed, 0.0f));
    } else {
      state.active = false;  // past the duration (or a NaN time): exactly the target from now on
    }
  }
}

void ApplyInertialization(TransitionBlendState& seam, const PoseView& out, int count, bool capture,
                          float elapsed, float duration, float delta_time) {
  InertializeOutput(seam, out, count, capture, elapsed, duration);
  seam.history.Push(out, delta_time);
}

}  // namespace anim
