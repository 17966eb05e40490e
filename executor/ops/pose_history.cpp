#include "executor/ops/pose_history.h"

#include <cstring>
#include <utility>

namespace anim {

void PoseHistory::Push(ConstPoseView pose, float delta_time) {
  const int n = pose.bone_count > 0 ? pose.bone_count : 0;  // a malformed view reads as empty
  const int curves = pose.curve_count > 0 ? pose.curve_count : 0;
  if (frames_[0].bone_count() != n || frames_[0].curve_count() != curves) {
    frames_[0].Resize(n, curves);
    frames_[1].Resize(n, curves);
    frames_held_ = 0;
  }
  std::swap(frames_[0], frames_[1]);
  if (n > 0) {
    // Views hold whole blocks: each stream is one run of PaddedBoneCount(n) bones.
    PoseView latest = frames_[0].view();
    const auto bytes = [n](int per_bone) {
      return static_cast<std::size_t>(per_bone * PaddedBoneCount(n)) * sizeof(float);
    };
    std::memcpy(latest.translations, pose.translations, bytes(3));
    std::memcpy(latest.rotations, pose.rotations, bytes(4));
    std::memcpy(latest.scales, pose.scales, bytes(3));
  }
  CopyCurves(frames_[0].view(), pose);
  frames_held_ = frames_held_ < 2 ? frames_held_ + 1 : 2;
  delta_time_ = delta_time;
}

Vec3 PoseHistory::LinearVelocity(int bone) const {
  if (!HasVelocity()) return {};
  return (frames_[0].Get(bone).translation - frames_[1].Get(bone).translation) / delta_time_;
}

Vec3 PoseHistory::AngularVelocity(int bone) const {
  if (!HasVelocity()) return {};
  const Quat latest = Normalize(frames_[0].Get(bone).rotation);
  const Quat previous = Normalize(frames_[1].Get(bone).rotation);
  return ToRotationVector(latest * Conjugate(previous)) / delta_time_;
}

float PoseHistory::CurveVelocity(int curve) const {
  if (!HasVelocity()) return 0.0f;
  return (frames_[0].curves()[curve] - frames_[1].curves()[curve]) / delta_time_;
}

Vec3 PoseHistory::ScaleVelocity(int bone) const {
  if (!HasVelocity()) return {};
  return (frames_[0].Get(bone).scale - frames_[1].Get(bone).scale) / delta_time_;
}

}  // namespace anim
