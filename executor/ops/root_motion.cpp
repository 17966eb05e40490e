#include "executor/ops/root_motion.h"

#include <algorithm>
#include <cmath>

namespace anim {

const char* RootMotionModeName(uint8_t mode) {
  switch (static_cast<RootMotionMode>(mode)) {
    case RootMotionMode::Keep:
      return "keep";
    case RootMotionMode::Extract:
      return "extract";
    case RootMotionMode::Ignore:
      return "ignore";
  }
  return "unknown";
}

Transform MotionOf(const Transform& bone) {
  // Swing-twist about +Y: the twist keeps the rotation's y and w.
  const Quat yaw = Normalize(Quat{0.0f, bone.rotation.y, 0.0f, bone.rotation.w});
  return {{bone.translation.x, 0.0f, bone.translation.z}, ShortestArc(yaw), {1.0f, 1.0f, 1.0f}};
}

// Unit quaternions in, a unit quaternion out: WithoutMotion and MotionBetween skip renormalising
// their products (ComposeMotion keeps it: an instance's root composes every frame's).
Transform WithoutMotion(const Transform& bone) {
  const Transform motion = MotionOf(bone);
  return {{0.0f, bone.translation.y, 0.0f}, Conjugate(motion.rotation) * bone.rotation, bone.scale};
}

Transform ComposeMotion(const Transform& a, const Transform& b) {
  return {a.translation + Rotate(a.rotation, b.translation),
          Normalize(a.rotation * b.rotation),
          {1.0f, 1.0f, 1.0f}};
}

Transform MotionBetween(const Transform& from, const Transform& to) {
  const Quat inverse = Conjugate(from.rotation);
  return {Rotate(inverse, to.translation - from.translation), inverse * to.rotation, {1.0f, 1.0f, 1.0f}};
}

Transform BlendMotion(const Transform& a, const Transform& b, float w) {
  return {Lerp(a.translation, b.translation, w), Nlerp(a.rotation, b.rotation, w), {1.0f, 1.0f, 1.0f}};
}

RootMotionTrack::RootMotionTrack(const Clip& clip, int bone)
    : bone_(bone),
      sample_rate_(clip.sample_rate()),
      duration_(clip.duration()),
      step_translation_(clip.IsStep(bone, TrackChannel::Translation)),
      step_rotation_(clip.IsStep(bone, TrackChannel::Rotation)) {
  Pose frame(clip.bone_count());
  keys_.reserve(static_cast<std::size_t>(clip.frame_count()));
  for (int k = 0; k < clip.frame_count(); ++k) {
    clip.DecodeFrame(k, frame.view());
    keys_.push_back(frame.Get(bone));
  }
}

Transform RootMotionTrack::MotionAt(float time) const {
  if (keys_.size() < 2 || !(time > 0.0f)) return MotionOf(keys_.empty() ? Transform{} : keys_.front());
  double f = std::min(static_cast<double>(time) * sample_rate_, static_cast<double>(keys_.size() - 1));
  if (std::fabs(f - std::round(f)) < 1e-4) f = std::round(f);  // a key's time is that key, as sampling has it
  const std::size_t k = std::min(static_cast<std::size_t>(f), keys_.size() - 2);
  const float alpha = static_cast<float>(f - static_cast<double>(k));
  const Transform& a = keys_[k];
  const Transform& b = keys_[k + 1];
  Transform bone;
  bone.translation =
      step_translation_ && alpha < 1.0f ? a.translation : Lerp(a.translation, b.translation, alpha);
  bone.rotation = step_rotation_ && alpha < 1.0f ? a.rotation : Nlerp(a.rotation, b.rotation, alpha);
  return MotionOf(bone);
}

Transform RootMotionTrack::Delta(float from, float to, float wraps) const {
  const Transform start = MotionAt(0.0f), end = MotionAt(duration_);
  Transform delta;
  if (wraps == 0.0f) {
    delta = MotionBetween(MotionAt(from), MotionAt(to));
  } else {
    // Forward: to the end, whole cycles, then from the start; backward the other way round.
    const bool forward = wraps > 0.0f;
    const Transform cycle = forward ? MotionBetween(start, end) : MotionBetween(end, start);
    Transform cycles;  // cycle^(|wraps| - 1), by squaring
    Transform power = cycle;
    for (double n = std::fabs(static_cast<double>(wraps)) - 1.0; n >= 1.0; n = std::floor(n / 2.0)) {
      if (std::fmod(n, 2.0) == 1.0) cycles = ComposeMotion(cycles, power);
      power = ComposeMotion(power, power);
    }
    delta = ComposeMotion(MotionBetween(MotionAt(from), forward ? end : start), cycles);
    delta = ComposeMotion(delta, MotionBetween(forward ? start : end, MotionAt(to)));
  }
  const bool finite = std::isfinite(delta.translation.x) && std::isfinite(delta.translation.y) &&
                      std::isfinite(delta.translation.z) && std::isfinite(delta.rotation.w);
  return finite ? delta : Transform{};
}

}  // namespace anim
