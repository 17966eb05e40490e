#include "compiler/direct/direct_transitions.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace anim::direct {
namespace {

// A vector offset as a direction and a length decaying along it at the velocity's rate.
DecayingOffset VectorOffset(DVec3 delta, DVec3 velocity, double duration) {
  const double length = Norm(delta);
  const DVec3 axis = length > 0.0 ? delta / length : DVec3{1, 0, 0};
  return {axis, Decay::Solve(length, Dot(velocity, axis), duration)};
}

// Whether a seam can be taken: there is a previous output of this skeleton, and a blend to run.
bool CanCapture(const OutputHistory& history, const DPose& target, double duration) {
  return history.held > 0 && history.latest.bones.size() == target.bones.size() && duration > 0.0;
}

// Distance travelled by a unit velocity decaying with `half_life` after `t`: the integral of
// e^(-kt), k = ln 2 / half_life.
double DecayedDistance(double half_life, double t) {
  if (!(half_life > 0.0) || !(t > 0.0)) return 0.0;
  const double k = std::log(2.0) / half_life;
  return (1.0 - std::exp(-k * t)) / k;
}

// The cross-fade weight of the target: smoothstep from 0 at the seam to 1 at `duration`.
double FadeIn(double duration, double t) {
  if (!(t < duration)) return 1.0;
  if (!(t > 0.0)) return 0.0;
  const double x = t / duration;
  return x * x * (3.0 - 2.0 * x);
}

}  // namespace

void OutputHistory::Push(const DPose& pose, double delta_time) {
  if (latest.bones.size() != pose.bones.size()) held = 0;  // another skeleton starts over
  previous = std::move(latest);
  latest = pose;
  held = std::min(held + 1, 2);
  dt = delta_time;
}

DVec3 OutputHistory::Linear(int bone) const {
  return HasVelocity() ? (latest.bones[bone].t - previous.bones[bone].t) / dt : DVec3{};
}

DVec3 OutputHistory::Angular(int bone) const {
  if (!HasVelocity()) return {};
  return RotationVectorOf(Unit(latest.bones[bone].r) * Conj(Unit(previous.bones[bone].r))) / dt;
}

double OutputHistory::CurveRate(std::size_t curve) const {
  const bool known = HasVelocity() && curve < latest.curves.size() && curve < previous.curves.size();
  return known ? (latest.curves[curve] - previous.curves[curve]) / dt : 0.0;
}

DVec3 OutputHistory::Scale(int bone) const {
  return HasVelocity() ? (latest.bones[bone].s - previous.bones[bone].s) / dt : DVec3{};
}

Decay Decay::Solve(double x0, double v0, double duration) {
  Decay q;
  if (!(x0 > 0.0) || !(duration > 0.0)) return q;  // nothing to decay
  if (!(v0 < 0.0)) v0 = 0.0;
  const double t1 = v0 < 0.0 ? std::min(duration, -5.0 * x0 / v0) : duration;
  // Bollo's initial acceleration, then the quintic through x(t1) = x'(t1) = x''(t1) = 0.
  const double a0 = (-8.0 * v0 * t1 - 20.0 * x0) / (t1 * t1);
  q.x0 = x0;
  q.v0 = v0;
  q.t1 = t1;
  q.d = a0 / 2.0;
  q.c = -(3.0 * a0 * t1 * t1 + 12.0 * v0 * t1 + 20.0 * x0) / (2.0 * std::pow(t1, 3));
  q.b = (3.0 * a0 * t1 * t1 + 16.0 * v0 * t1 + 30.0 * x0) / (2.0 * std::pow(t1, 4));
  q.a = -(a0 * t1 * t1 + 6.0 * v0 * t1 + 12.0 * x0) / (2.0 * std::pow(t1, 5));
  return q;
}

double Decay::At(double t) const {
  if (!(t < t1)) return 0.0;
  if (!(t > 0.0)) return x0;
  const double x = a * std::pow(t, 5) + b * std::pow(t, 4) + c * std::pow(t, 3) + d * t * t + v0 * t + x0;
  return std::max(x, 0.0);
}

void Inertialize(SeamState& seam, DPose& pose, int count, bool capture, double elapsed, double duration,
                 double delta_time) {
  SeamState::Inertial& s = seam.inertial;
  const OutputHistory& history = seam.history;
  if (capture) {
    s.active = false;
    const int n = std::min(count, static_cast<int>(pose.bones.size()));
    if (CanCapture(history, pose, duration) && n > 0) {
      s.rotation.resize(static_cast<std::size_t>(n));
      s.translation.resize(static_cast<std::size_t>(n));
      s.scale.resize(static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i) {
        const DTransform& before = history.latest.bones[i];
        const DTransform& now = pose.bones[i];
        DVec3 axis;
        double angle = 0.0;
        AngleAxisOf(Unit(before.r) * Conj(Unit(now.r)), axis, angle);
        s.rotation[i] = {axis, Decay::Solve(angle, Dot(history.Angular(i), axis), duration)};
        s.translation[i] = VectorOffset(before.t - now.t, history.Linear(i), duration);
        s.scale[i] = VectorOffset(before.s - now.s, history.Scale(i), duration);
      }
      const std::size_t curves = std::min(history.latest.curves.size(), pose.curves.size());
      s.curve_sign.resize(curves);
      s.curves.resize(curves);
      for (std::size_t c = 0; c < curves; ++c) {
        const double x = history.latest.curves[c] - pose.curves[c];
        s.curve_sign[c] = x < 0.0 ? -1.0 : 1.0;
        s.curves[c] = Decay::Solve(x * s.curve_sign[c], history.CurveRate(c) * s.curve_sign[c], duration);
      }
      s.bones = n;
      s.duration = duration;
      s.active = true;
    }
  }
  if (s.active && !(elapsed < s.duration)) s.active = false;
  if (s.active) {
    const double t = std::max(elapsed, 0.0);
    const int n = std::min({count, static_cast<int>(pose.bones.size()), s.bones});
    for (int i = 0; i < n; ++i) {
      DTransform& x = pose.bones[i];
      x.r = Unit(AxisAngle(s.rotation[i].axis, s.rotation[i].decay.At(t)) * x.r);
      x.t = x.t + s.translation[i].axis * s.translation[i].decay.At(t);
      x.s = x.s + s.scale[i].axis * s.scale[i].decay.At(t);
    }
    for (std::size_t c = 0; c < std::min(s.curves.size(), pose.curves.size()); ++c)
      pose.curves[c] += s.curve_sign[c] * s.curves[c].At(t);
  }
  seam.history.Push(pose, delta_time);
}

void DeadBlend(SeamState& seam, DPose& pose, int count, bool capture, double elapsed, double duration,
               double half_life, double delta_time) {
  SeamState::Dead& s = seam.dead;
  const OutputHistory& history = seam.history;
  if (capture) {
    s.active = false;
    const int n = std::min(count, static_cast<int>(pose.bones.size()));
    if (CanCapture(history, pose, duration) && n > 0) {
      s.source.bones.assign(history.latest.bones.begin(), history.latest.bones.begin() + n);
      s.source.curves.assign(
          history.latest.curves.begin(),
          history.latest.curves.begin() +
              static_cast<std::ptrdiff_t>(std::min(history.latest.curves.size(), pose.curves.size())));
      s.curve_rate.resize(s.source.curves.size());
      for (std::size_t c = 0; c < s.curve_rate.size(); ++c)
        s.curve_rate[c] = history.CurveRate(c);
      s.linear.resize(static_cast<std::size_t>(n));
      s.angular.resize(static_cast<std::size_t>(n));
      s.scale.resize(static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i) {
        s.linear[i] = history.Linear(i);
        s.angular[i] = history.Angular(i);
        s.scale[i] = history.Scale(i);
      }
      s.bones = n;
      s.duration = duration;
      s.half_life = half_life;
      s.active = true;
    }
  }
  if (s.active && !(elapsed < s.duration)) s.active = false;
  if (s.active) {
    const double t = std::max(elapsed, 0.0);
    const double travel = DecayedDistance(s.half_life, t), w = FadeIn(s.duration, t);
    const int n = std::min({count, static_cast<int>(pose.bones.size()), s.bones});
    for (int i = 0; i < n; ++i) {
      // The source carried on at its seam velocity, decaying, cross-faded into the target.
      const DTransform& from = s.source.bones[i];
      const DTransform carried{from.t + s.linear[i] * travel,
                               Unit(FromRotationVector(s.angular[i] * travel) * from.r),
                               from.s + s.scale[i] * travel};
      DTransform& x = pose.bones[i];
      x = {Mix(carried.t, x.t, w), Nlerp(carried.r, x.r, w), Mix(carried.s, x.s, w)};
    }
    for (std::size_t c = 0; c < std::min(s.source.curves.size(), pose.curves.size()); ++c) {
      const double carried = s.source.curves[c] + s.curve_rate[c] * travel;
      pose.curves[c] = carried + (pose.curves[c] - carried) * w;
    }
  }
  seam.history.Push(pose, delta_time);
}

double CrossfadeWeight(BlendCurve curve, double elapsed, double duration) {
  if (!(duration > 0.0)) return 1.0;
  const double u = std::clamp(elapsed / duration, 0.0, 1.0);
  switch (curve) {
    case BlendCurve::Smoothstep:
      return u * u * (3.0 - 2.0 * u);
    case BlendCurve::Cubic:
      return u < 0.5 ? 4.0 * u * u * u : 1.0 - std::pow(2.0 - 2.0 * u, 3.0) / 2.0;
    case BlendCurve::Linear:
      break;
  }
  return u;
}

void Crossfade(SeamState& seam, DPose& pose, const DPose* live, int count, bool capture, bool blending,
               double elapsed, double duration, BlendCurve curve, double delta_time) {
  SeamState::Fade& fade = seam.fade;
  if (live != nullptr) {
    fade.held = false;
  } else if (capture) {
    fade.held = seam.history.held > 0;
    if (fade.held) fade.frozen = seam.history.latest;
  }
  const DPose* from = live != nullptr ? live : fade.held ? &fade.frozen : nullptr;
  if (blending && from != nullptr) {
    DPose mixed = pose;
    Blend(mixed, *from, pose, CrossfadeWeight(curve, elapsed, duration), count);
    CopyTail(mixed, pose, count);
    pose = std::move(mixed);
  }
  seam.history.Push(pose, delta_time);
}

}  // namespace anim::direct
