// An animation clip bound to one skeleton: dense key frames at a uniform rate, each stored in the
// pose layout over every bone, so sampling is one blend between two adjacent key frames. Bones the
// clip has no track for hold their bind-pose locals in every frame.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "executor/pose/pose.h"
#include "executor/pose/skeleton.h"

namespace anim {

// The two key frames around a time and the blend weight between them.
struct ClipKeyPair {
  int frame0 = 0;
  int frame1 = 0;
  float alpha = 0.0f;
};

class Clip {
 public:
  // A clip of `frame_count` frames (at least 1) at `sample_rate` Hz, every frame at the bind pose.
  // Returns nullopt and sets `error` when the rate or frame count is invalid.
  static std::optional<Clip> Create(const Skeleton& skeleton, std::string name, float sample_rate,
                                    int frame_count, bool looping, std::string& error);

  const std::string& name() const { return name_; }
  // Programs bind clips by the names their graph gives them, which may differ from the asset's own.
  void set_name(std::string name) { name_ = std::move(name); }
  float sample_rate() const { return sample_rate_; }
  int frame_count() const { return frame_count_; }
  bool looping() const { return looping_; }
  // Time of the last key frame. A looping clip's last frame is its first frame again.
  float duration() const {
    return frame_count_ > 1 ? static_cast<float>(frame_count_ - 1) / sample_rate_ : 0.0f;
  }
  int bone_count() const { return bone_count_; }
  uint64_t skeleton_hash() const { return skeleton_hash_; }

  // Bones with a track, ascending. Every other bone holds its bind pose.
  const std::vector<int>& tracked_bones() const { return tracked_bones_; }
  void MarkTracked(int bone);

  PoseView frame(int k) { return PoseViewAt(frames_.data() + FrameStride() * k, bone_count_); }
  ConstPoseView frame(int k) const { return PoseViewAt(frames_.data() + FrameStride() * k, bone_count_); }

  // Looping clips wrap `time` into [0, duration); play-once clips clamp it to [0, duration].
  ClipKeyPair KeysAt(float time) const;

  // FNV-1a over the rate, frame count, looping, skeleton hash, tracked bones and every key (not the
  // name, which the graph gives): what a compiled program's graph hash records of the clip.
  uint64_t content_hash() const;

  // Bytes of key data held, for memory reports.
  std::size_t key_bytes() const {
    return FrameStride() * sizeof(float) * static_cast<std::size_t>(frame_count_);
  }

 private:
  std::size_t FrameStride() const { return static_cast<std::size_t>(PoseFloatCount(bone_count_)); }

  std::string name_;
  float sample_rate_ = 30.0f;
  int frame_count_ = 0;
  bool looping_ = false;
  int bone_count_ = 0;
  uint64_t skeleton_hash_ = 0;
  std::vector<int> tracked_bones_;
  AlignedFloats frames_;
};

}  // namespace anim
