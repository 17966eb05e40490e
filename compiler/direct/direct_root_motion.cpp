#include "compiler/direct/direct_root_motion.h"

#include <cmath>

#include "compiler/direct/direct_pose.h"

namespace anim::direct {
namespace {

// The motion from a to b, seen from a.
DTransform Relative(const DTransform& a, const DTransform& b) {
  const DQuat back = Conj(a.r);
  return {Rotate(back, b.t - a.t), Unit(back * b.r), {1, 1, 1}};
}

DTransform MotionAt(const Clip& clip, int bone, float time) {
  return MotionPart(SampleBoneUnwrapped(clip, bone, time));
}

}  // namespace

DTransform MotionPart(const DTransform& bone) {
  DQuat yaw = Unit(DQuat{0.0, bone.r.y, 0.0, bone.r.w});
  if (yaw.w < 0.0) yaw = Scaled(yaw, -1.0);
  return {{bone.t.x, 0.0, bone.t.z}, yaw, {1, 1, 1}};
}

DTransform WithoutMotionPart(const DTransform& bone) {
  return {{0.0, bone.t.y, 0.0}, Unit(Conj(MotionPart(bone).r) * bone.r), bone.s};
}

DTransform Then(const DTransform& a, const DTransform& b) {
  return {a.t + Rotate(a.r, b.t), Unit(a.r * b.r), {1, 1, 1}};
}

DTransform MixMotion(const DTransform& a, const DTransform& b, double w) {
  return {Mix(a.t, b.t, w), Nlerp(a.r, b.r, w), {1, 1, 1}};
}

DTransform ClipMotion(const Clip& clip, int bone, float from, float to, float wraps) {
  DTransform motion;
  if (wraps == 0.0f) {
    motion = Relative(MotionAt(clip, bone, from), MotionAt(clip, bone, to));
  } else {
    const float end = clip.duration();
    const DTransform first = MotionAt(clip, bone, 0.0f), last = MotionAt(clip, bone, end);
    const bool forward = wraps > 0.0f;
    const DTransform& leave = forward ? last : first;  // where a pass leaves the clip
    const DTransform& enter = forward ? first : last;  // and where the next comes in
    // Whole passes between the first and the last: |wraps| - 1 of them, binary powers.
    DTransform passes, power = Relative(enter, leave);
    for (double n = std::fabs(static_cast<double>(wraps)) - 1.0; n >= 1.0;) {
      const double half = std::floor(n / 2.0);
      if (n - 2.0 * half == 1.0) passes = Then(passes, power);
      power = Then(power, power);
      n = half;
    }
    motion = Then(Then(Relative(MotionAt(clip, bone, from), leave), passes),
                  Relative(enter, MotionAt(clip, bone, to)));
  }
  return Finite(motion.t) && std::isfinite(motion.r.w) ? motion : DTransform{};
}

}  // namespace anim::direct
