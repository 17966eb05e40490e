// An animation clip bound to one skeleton: key frames at a uniform rate, sampled as one blend
// between two adjacent key frames. Two encodings (docs/asset-formats.md, "Clip encodings"):
//   - dense: every frame stored in the pose layout over every bone (what importers and clip
//     documents build, and what the writers read);
//   - compressed: each bone's translation, rotation and scale classified as default (the bind
//     pose), constant or animated, animated keys range-reduced and quantized (clip_keys.h).
// Bones the clip has no track for hold their bind-pose locals in every frame. A channel may step:
// it holds each key until the next instead of interpolating (glTF STEP samplers).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "executor/pose/clip_keys.h"
#include "executor/pose/pose.h"
#include "executor/pose/skeleton.h"

namespace anim {

// The two key frames around a time and the blend weight between them.
struct ClipKeyPair {
  int frame0 = 0;
  int frame1 = 0;
  float alpha = 0.0f;
};

enum class ClipEncoding : uint8_t { Dense, Compressed };

// A named moment of a clip, in seconds from its start: a foot-down, a hand contact. Sync groups
// match followers to their leader by the position between such markers (docs/semantics.md).
struct SyncMarker {
  std::string name;
  float time = 0.0f;
  friend bool operator==(const SyncMarker&, const SyncMarker&) = default;
};

// A named float curve of a clip (docs/semantics.md, "Curves"): one key per frame, at the clip's
// rate. Between keys it lerps, or holds the earlier key when it steps (a glTF STEP sampler).
struct ClipCurve {
  std::string name;
  std::vector<float> keys;  // frame_count() of them
  bool step = false;
  friend bool operator==(const ClipCurve&, const ClipCurve&) = default;

  // The curve at `keys` (Clip::KeysAt).
  float Sample(const ClipKeyPair& at) const;
};

// One channel of one bone.
struct ChannelRef {
  uint16_t bone = 0;
  TrackChannel channel = TrackChannel::Translation;
  friend bool operator==(ChannelRef, ChannelRef) = default;
};

// One channel of `bone` as x y z (w for a rotation; 0 otherwise), out of or into a pose.
void GetTrackChannel(ConstPoseView pose, int bone, TrackChannel channel, float v[4]);
void SetTrackChannel(PoseView pose, int bone, TrackChannel channel, const float v[4]);

class Clip {
 public:
  // A dense clip of `frame_count` frames (at least 1) at `sample_rate` Hz, every frame at the bind
  // pose. Returns nullopt and sets `error` when the rate or frame count is invalid.
  static std::optional<Clip> Create(const Skeleton& skeleton, std::string name, float sample_rate,
                                    int frame_count, bool looping, std::string& error);

  const std::string& name() const { return name_; }
  // Programs bind clips by the names their graph gives them, which may differ from the asset's own.
  void set_name(std::string name) { name_ = std::move(name); }
  float sample_rate() const { return sample_rate_; }
  int frame_count() const { return frame_count_; }
  bool looping() const { return looping_; }
  void set_looping(bool looping) { looping_ = looping; }
  // Time of the last key frame. A looping clip's last frame is its first frame again.
  float duration() const {
    return frame_count_ > 1 ? static_cast<float>(frame_count_ - 1) / sample_rate_ : 0.0f;
  }
  int bone_count() const { return bone_count_; }
  uint64_t skeleton_hash() const { return skeleton_hash_; }
  // What the keys hold: absolute local transforms, or an additive delta the compiler baked
  // (docs/bytecode.md, "BAKE"); sampling gives a pose of this kind.
  PoseKind pose_kind() const { return pose_kind_; }
  void set_pose_kind(PoseKind kind) { pose_kind_ = kind; }
  ClipEncoding encoding() const { return encoding_; }

  // Bones with a track, ascending. Every other bone holds its bind pose.
  const std::vector<int>& tracked_bones() const { return tracked_bones_; }
  void MarkTracked(int bone);

  // Sync markers, by time (equal times keep the order they were given in). SetMarkers sorts them;
  // it takes any times: the asset loader checks them against the duration.
  const std::vector<SyncMarker>& markers() const { return markers_; }
  void SetMarkers(std::vector<SyncMarker> markers);

  // Named float curves, in the order they were added (names are unique: AddCurve refuses a second
  // curve of a name, or keys that are not one per frame, returning false).
  const std::vector<ClipCurve>& curves() const { return curves_; }
  bool AddCurve(ClipCurve curve);
  // The index of the curve named `name`, or -1.
  int FindCurve(const std::string& name) const;

  // Channels that step, in bone order (of either encoding: a compressed clip's animated tracks say
  // it too).
  const std::vector<ChannelRef>& step_channels() const { return step_channels_; }
  void MarkStep(int bone, TrackChannel channel);
  bool IsStep(int bone, TrackChannel channel) const;

  // A dense clip's frame k; only for Dense.
  PoseView frame(int k) { return PoseViewAt(frames_.data() + FrameStride() * k, bone_count_); }
  ConstPoseView frame(int k) const { return PoseViewAt(frames_.data() + FrameStride() * k, bone_count_); }

  // A compressed clip's keys; null for Dense.
  const CompressedKeys* compressed() const {
    return encoding_ == ClipEncoding::Compressed ? &keys_ : nullptr;
  }
  // A compressed clip with this clip's rate, frame count, looping, skeleton and tracked bones, and
  // these keys (its stepping channels are the keys' stepping lanes). Copies no dense frame.
  Clip WithCompressedKeys(CompressedKeys keys) const;

  // A compressed clip's base pose: what its channels that are not animated hold.
  ConstPoseView base_pose() const { return PoseViewAt(keys_.base.data(), bone_count_); }

  // Key frame k of either encoding, exactly as stored (quantized keys decoded), into `out` (bones
  // [0, bone_count)).
  void DecodeFrame(int k, PoseView out) const;

  // A dense clip holding this clip's keys as stored (DecodeFrame), with its rate, looping, tracked
  // bones and stepping channels.
  Clip DenseCopy() const;

  // Looping clips wrap `time` into [0, duration); play-once clips clamp it to [0, duration]. A time
  // within a ten-thousandth of a frame of a key is that key (alpha 0), so a key time is never a
  // rounding away from its frame.
  ClipKeyPair KeysAt(float time) const;

  // Bytes of key data held, for memory reports: dense frames, or every byte of the compressed keys,
  // and the curves' keys (a float per frame each, in either encoding; their names are not key data).
  std::size_t key_bytes() const;
  // Bytes the dense form holds (or would), curves' keys included: what key budgets count, whatever
  // the encoding.
  std::size_t dense_key_bytes() const {
    std::size_t floats = FrameStride() * static_cast<std::size_t>(frame_count_);
    for (const ClipCurve& curve : curves_)
      floats += curve.keys.size();  // frame_count() of them
    return floats * sizeof(float);
  }

  // FNV-1a over the rate, frame count, looping, skeleton hash, pose kind (unless absolute), tracked
  // bones, stepping channels, sync markers, curves and every key as stored (not the name, which the graph
  // gives): what a compiled program's graph hash records of the clip.
  uint64_t content_hash() const;

 private:
  // A clip with this one's name, rate, frame count, looping, skeleton, tracked bones, markers and
  // curves (their keys are plain floats in every encoding), and no bone keys.
  Clip WithoutKeys() const;
  std::size_t FrameStride() const { return static_cast<std::size_t>(PoseFloatCount(bone_count_)); }

  std::string name_;
  float sample_rate_ = 30.0f;
  int frame_count_ = 0;
  bool looping_ = false;
  int bone_count_ = 0;
  uint64_t skeleton_hash_ = 0;
  ClipEncoding encoding_ = ClipEncoding::Dense;
  PoseKind pose_kind_ = PoseKind::Absolute;
  std::vector<int> tracked_bones_;
  std::vector<ChannelRef> step_channels_;
  std::vector<SyncMarker> markers_;
  std::vector<ClipCurve> curves_;
  AlignedFloats frames_;  // Dense
  CompressedKeys keys_;   // Compressed
};

}  // namespace anim
