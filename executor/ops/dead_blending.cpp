#include "executor/ops/dead_blending.h"

#include "executor/ops/transition_blend.h"

#include <algorithm>
#include <cmath>

namespace anim {
namespace {

void Capture(DeadBlendState& state, const PoseHistory& history, const ConstPoseView& target, int count,
             float duration, float half_life) {
  state.active = false;
  // A history of another skeleton (bone count) is no previous output of this one.
  if (history.frames_held() == 0 || history.latest().bone_count() != target.bone_count || !(duration > 0.0f))
    return;
  const int n = std::min(count, target.bone_count);
  if (n <= 0) return;
  if (static_cast<int>(state.velocities.size()) < n) state.velocities.resize(static_cast<std::size_t>(n));
  const Pose& latest = history.latest();
  const int curves = std::min(latest.curve_count(), target.curve_count);
  state.source.Resize(n, curves);
  CopyCurves(state.source.view(), latest.view());
  state.curve_velocities.resize(static_cast<std::size_t>(curves));
  for (int c = 0; c < curves; ++c)
    state.curve_velocities[static_cast<std::size_t>(c)] = history.CurveVelocity(c);
  for (int i = 0; i < n; ++i) {
    state.source.Set(i, latest.Get(i));
    state.velocities[static_cast<std::size_t>(i)] = {history.LinearVelocity(i), history.AngularVelocity(i),
                                                     history.ScaleVelocity(i)};
  }
  state.source_bone_count = n;
  state.duration = duration;
  state.half_life = half_life;
  state.active = true;
}

void Apply(const DeadBlendState& state, const PoseView& out, int count, float t) {
  const int n = std::min({count, out.bone_count, state.source_bone_count});
  const float travel = DecayedTravel(state.half_life, t);
  const float w = DeadBlendWeight(state.duration, t);
  for (int i = 0; i < n; ++i) {
    const DeadBlendVelocity& v = state.velocities[static_cast<std::size_t>(i)];
    const Transform source = state.source.Get(i);
    const Transform target = GetBoneTransform(out, i);
    const Transform extrapolated{source.translation + v.linear * travel,
                                 Normalize(FromRotationVector(v.angular * travel) * source.rotation),
                                 source.scale + v.scale * travel};
    SetBoneTransform(
        out, i,
        {Lerp(extrapolated.translation, target.translation, w),
         Nlerp(extrapolated.rotation, target.rotation, w), Lerp(extrapolated.scale, target.scale, w)});
  }
  const int curves = std::min(out.curve_count, state.source.curve_count());
  for (int c = 0; c < curves; ++c) {
    const float extrapolated =
        state.source.curves()[c] + state.curve_velocities[static_cast<std::size_t>(c)] * travel;
    out.curves[c] = extrapolated + (out.curves[c] - extrapolated) * w;
  }
}

}  // namespace

float DecayedTravel(float half_life, float t) {
  if (!(half_life > 0.0f) || !(t > 0.0f)) return 0.0f;
  const float k = 0.69314718f / half_life;
  return -std::expm1(-k * t) / k;
}

float DeadBlendWeight(float duration, float t) {
  if (!(t < duration)) return 1.0f;
  if (!(t > 0.0f)) return 0.0f;
  const float x = t / duration;
  return x * x * (3.0f - 2.0f * x);
}

void DeadBlendOutput(TransitionBlendState& seam, const PoseView& out, int count, bool capture, float elapsed,
                     float duration, float half_life) {
  DeadBlendState& state = seam.dead_blend;
  if (capture) Capture(state, seam.history, out, count, duration, half_life);
  if (state.active) {
    if (elapsed < state.duration) {
      Apply(state, out, count, std::max(elapsed, 0.0f));
    } else {
      state.active = false;  // past the duration (or a NaN time): exactly the target from now on
    }
  }
}

void ApplyDeadBlend(TransitionBlendState& seam, const PoseView& out, int count, bool capture, float elapsed,
                    float duration, float half_life, float delta_time) {
  DeadBlendOutput(seam, out, count, capture, elapsed, duration, half_life);
  seam.history.Push(out, delta_time);
}

}  // namespace anim
