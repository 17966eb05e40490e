#include "executor/ops/pose_history.h"

#include <cstring>

namespace anim {

namespace {

std::unique_ptr<Pose> CopyOf(const std::unique_ptr<Pose>& frame) {
  return frame != nullptr ? std::make_unique<Pose>(*frame) : nullptr;
}

void Assign(std::unique_ptr<Pose>& frame, const Pose& pose) {
  if (frame == nullptr) {
    frame = std::make_unique<Pose>(pose);
  } else {
    *frame = pose;
  }
}

bool SizedAs(const std::unique_ptr<Pose>& frame, int bone_count, int curve_count) {
  return frame != nullptr && frame->bone_count() == bone_count && frame->curve_count() == curve_count;
}

}  // namespace

PoseHistory::PoseHistory(const PoseHistory& other)
    : frames_{CopyOf(other.frames_[0]), CopyOf(other.frames_[1])},
      latest_(other.latest_),
      frames_held_(other.frames_held_),
      delta_time_(other.delta_time_) {}

PoseHistory& PoseHistory::operator=(const PoseHistory& other) {
  if (this != &other) *this = PoseHistory(other);
  return *this;
}

const Pose& PoseHistory::Frame(int index) const {
  static const Pose kEmpty;
  return frames_[index] != nullptr ? *frames_[index] : kEmpty;
}

void PoseHistory::StartOver(int bone_count, int curve_count) {
  for (std::unique_ptr<Pose>& frame : frames_) {
    if (frame == nullptr) frame = std::make_unique<Pose>();
    frame->Resize(bone_count, curve_count);
  }
  frames_held_ = 0;
}

Pose& PoseHistory::Rotate(int bone_count, int curve_count, float delta_time) {
  if (!SizedAs(frames_[0], bone_count, curve_count) || !SizedAs(frames_[1], bone_count, curve_count))
      [[unlikely]]
    StartOver(bone_count, curve_count);
  latest_ = 1 - latest_;
  frames_held_ = frames_held_ < 2 ? frames_held_ + 1 : 2;
  delta_time_ = delta_time;
  return *frames_[latest_];
}

void PoseHistory::Push(const ConstPoseView& pose, float delta_time) {
  const int n = pose.bone_count > 0 ? pose.bone_count : 0;  // a malformed view reads as empty
  const int curves = pose.curve_count > 0 ? pose.curve_count : 0;
  Pose& latest = Rotate(n, curves, delta_time);
  if (n > 0) {
    // Views hold whole blocks: each stream is one run of PaddedBoneCount(n) bones.
    PoseView to = latest.view();
    const auto bytes = [n](int per_bone) {
      return static_cast<std::size_t>(per_bone * PaddedBoneCount(n)) * sizeof(float);
    };
    std::memcpy(to.translations, pose.translations, bytes(3));
    std::memcpy(to.rotations, pose.rotations, bytes(4));
    std::memcpy(to.scales, pose.scales, bytes(3));
  }
  CopyCurves(latest.view(), pose);
  latest.kind = PoseKind::Absolute;
  latest.root_motion = Transform{};
}

void PoseHistory::Restore(const Pose& previous, const Pose& latest, int frames_held, float delta_time) {
  latest_ = 0;
  Assign(frames_[0], latest);
  Assign(frames_[1], previous);
  frames_held_ = frames_held < 0 ? 0 : frames_held > 2 ? 2 : frames_held;
  delta_time_ = delta_time;
}

const Pose& PoseHistory::Adopt(std::unique_ptr<Pose>& pose, float delta_time) {
  Rotate(pose->bone_count(), pose->curve_count(), delta_time);
  frames_[latest_].swap(pose);
  return *frames_[latest_];
}

Vec3 PoseHistory::LinearVelocity(int bone) const {
  if (!HasVelocity()) return {};
  return (latest().Get(bone).translation - previous().Get(bone).translation) / delta_time_;
}

Vec3 PoseHistory::AngularVelocity(int bone) const {
  if (!HasVelocity()) return {};
  const Quat now = Normalize(latest().Get(bone).rotation);
  const Quat before = Normalize(previous().Get(bone).rotation);
  return ToRotationVector(now * Conjugate(before)) / delta_time_;
}

float PoseHistory::CurveVelocity(int curve) const {
  if (!HasVelocity()) return 0.0f;
  return (latest().curves()[curve] - previous().curves()[curve]) / delta_time_;
}

Vec3 PoseHistory::ScaleVelocity(int bone) const {
  if (!HasVelocity()) return {};
  return (latest().Get(bone).scale - previous().Get(bone).scale) / delta_time_;
}

}  // namespace anim
