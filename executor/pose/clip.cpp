#include "executor/pose/clip.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "executor/pose/content_hash.h"

namespace anim {

void GetTrackChannel(ConstPoseView pose, int bone, TrackChannel channel, float v[4]) {
  if (channel == TrackChannel::Rotation) {
    const Quat q = GetQuat(pose.rotations, bone);
    v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w;
    return;
  }
  const Vec3 x = GetVec3(channel == TrackChannel::Translation ? pose.translations : pose.scales, bone);
  v[0] = x.x, v[1] = x.y, v[2] = x.z, v[3] = 0.0f;
}

void SetTrackChannel(PoseView pose, int bone, TrackChannel channel, const float v[4]) {
  if (channel == TrackChannel::Rotation) {
    SetQuat(pose.rotations, bone, {v[0], v[1], v[2], v[3]});
    return;
  }
  SetVec3(channel == TrackChannel::Translation ? pose.translations : pose.scales, bone, {v[0], v[1], v[2]});
}

std::optional<Clip> Clip::Create(const Skeleton& skeleton, std::string name, float sample_rate,
                                 int frame_count, bool looping, std::string& error) {
  if (!(sample_rate > 0.0f) || !std::isfinite(sample_rate)) {
    error = "sample rate must be a positive number of frames per second";
    return std::nullopt;
  }
  if (frame_count < 1) {
    error = "a clip needs at least one frame";
    return std::nullopt;
  }
  Clip c;
  c.name_ = std::move(name);
  c.sample_rate_ = sample_rate;
  c.frame_count_ = frame_count;
  c.looping_ = looping;
  c.bone_count_ = skeleton.bone_count();
  c.skeleton_hash_ = skeleton.content_hash();
  c.frames_.Reserve(c.FrameStride() * static_cast<std::size_t>(frame_count));
  const float* bind = PoseViewAt(skeleton.bind_pose().view().translations, c.bone_count_).translations;
  for (int k = 0; k < frame_count; ++k) {
    std::memcpy(c.frames_.data() + c.FrameStride() * k, bind, c.FrameStride() * sizeof(float));
  }
  return c;
}

Clip Clip::WithoutKeys() const {
  Clip clip;
  clip.name_ = name_;
  clip.sample_rate_ = sample_rate_;
  clip.frame_count_ = frame_count_;
  clip.looping_ = looping_;
  clip.bone_count_ = bone_count_;
  clip.skeleton_hash_ = skeleton_hash_;
  clip.pose_kind_ = pose_kind_;
  clip.tracked_bones_ = tracked_bones_;
  clip.markers_ = markers_;
  clip.curves_ = curves_;
  return clip;
}

float ClipCurve::Sample(const ClipKeyPair& at) const {
  const auto frames = static_cast<int>(keys.size());
  if (frames == 0) return 0.0f;
  const float k0 = keys[static_cast<std::size_t>(std::clamp(at.frame0, 0, frames - 1))];
  const float k1 = keys[static_cast<std::size_t>(std::clamp(at.frame1, 0, frames - 1))];
  if (step) return at.alpha >= 1.0f ? k1 : k0;  // a play-once clip's end shows its last key
  return k0 + (k1 - k0) * at.alpha;
}

bool Clip::AddCurve(ClipCurve curve) {
  if (static_cast<int>(curve.keys.size()) != frame_count_ || FindCurve(curve.name) >= 0) return false;
  curves_.push_back(std::move(curve));
  return true;
}

int Clip::FindCurve(const std::string& name) const {
  for (std::size_t i = 0; i < curves_.size(); ++i) {
    if (curves_[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

void Clip::SetMarkers(std::vector<SyncMarker> markers) {
  std::stable_sort(markers.begin(), markers.end(),
                   [](const SyncMarker& a, const SyncMarker& b) { return a.time < b.time; });
  markers_ = std::move(markers);
}

Clip Clip::WithCompressedKeys(CompressedKeys keys) const {
  Clip clip = WithoutKeys();
  clip.encoding_ = ClipEncoding::Compressed;
  clip.keys_ = std::move(keys);
  PlanBlockWrites(clip.keys_);
  for (const TrackGroup& g : clip.keys_.groups) {
    for (int lane = 0; lane < g.lanes; ++lane) {
      if (g.step_lanes & (1u << lane)) clip.MarkStep(g.bones[lane], g.channel);
    }
  }
  return clip;
}

void Clip::DecodeFrame(int k, PoseView out) const {
  if (k < 0 || k >= frame_count_) return;
  if (encoding_ == ClipEncoding::Dense) {
    for (int b = 0; b < std::min(bone_count_, out.bone_count); ++b)
      SetBoneTransform(out, b, GetBoneTransform(frame(k), b));
    return;
  }
  for (int b = 0; b < std::min(bone_count_, out.bone_count); ++b)
    SetBoneTransform(out, b, GetBoneTransform(base_pose(), b));
  const uint8_t* frame_keys = keys_.keys.data() + static_cast<std::size_t>(k) * keys_.frame_bytes;
  for (const TrackGroup& g : keys_.groups) {
    for (int lane = 0; lane < g.lanes; ++lane) {
      if (g.bones[lane] >= out.bone_count) continue;
      float v[4];
      DecodeKey(g, keys_.ranges.data(), frame_keys, lane, v);
      SetTrackChannel(out, g.bones[lane], g.channel, v);
    }
  }
}

Clip Clip::DenseCopy() const {
  Clip copy = WithoutKeys();
  copy.step_channels_ = step_channels_;
  copy.frames_.Reserve(FrameStride() * static_cast<std::size_t>(frame_count_));
  for (int k = 0; k < frame_count_; ++k)
    DecodeFrame(k, copy.frame(k));
  return copy;
}

uint64_t Clip::content_hash() const {
  ContentHash hash;
  hash.Float(sample_rate_);
  hash.Bytes(&frame_count_, sizeof frame_count_);
  hash.Bytes(&looping_, sizeof looping_);
  hash.U64(skeleton_hash_);
  if (pose_kind_ != PoseKind::Absolute)
    hash.Bytes(&pose_kind_, sizeof pose_kind_);  // absolute clips hash as before
  for (int bone : tracked_bones_)
    hash.Bytes(&bone, sizeof bone);
  for (const ChannelRef& c : step_channels_) {
    hash.Bytes(&c.bone, sizeof c.bone);
    hash.Bytes(&c.channel, sizeof c.channel);
  }
  for (const SyncMarker& m : markers_) {
    hash.Bytes(m.name.data(), m.name.size());
    hash.Bytes("", 1);  // names end, so "ab" + "c" and "a" + "bc" differ
    hash.Float(m.time);
  }
  for (const ClipCurve& c : curves_) {
    hash.Bytes(c.name.data(), c.name.size());
    hash.Bytes("", 1);
    hash.Bytes(&c.step, sizeof c.step);
    for (float k : c.keys)
      hash.Float(k);
  }
  hash.Bytes(&encoding_, sizeof encoding_);
  if (encoding_ == ClipEncoding::Compressed) {
    for (int b = 0; b < bone_count_; ++b) {
      const Transform t = GetBoneTransform(base_pose(), b);
      hash.Bytes(&t, sizeof t);
    }
    for (const TrackGroup& g : keys_.groups) {
      hash.Bytes(&g.channel, sizeof g.channel);
      hash.Bytes(&g.format, sizeof g.format);
      hash.Bytes(&g.lanes, sizeof g.lanes);
      hash.Bytes(&g.step_lanes, sizeof g.step_lanes);
      hash.Bytes(&g.offset, sizeof g.offset);
      hash.Bytes(&g.range_offset, sizeof g.range_offset);
      hash.Bytes(g.bones, sizeof g.bones);
      hash.Bytes(g.bits, sizeof g.bits);
    }
    hash.Bytes(&keys_.frame_bytes, sizeof keys_.frame_bytes);
    hash.Bytes(keys_.ranges.data(), keys_.ranges.size() * sizeof(float));
    hash.Bytes(keys_.keys.data(), keys_.keys.size());
    return hash.value();
  }
  for (int k = 0; k < frame_count_; ++k) {
    for (int b = 0; b < bone_count_; ++b) {
      const Transform t = GetBoneTransform(frame(k), b);  // bones only: a block's padding is not content
      hash.Bytes(&t, sizeof t);
    }
  }
  return hash.value();
}

void Clip::MarkTracked(int bone) {
  auto it = std::lower_bound(tracked_bones_.begin(), tracked_bones_.end(), bone);
  if (it == tracked_bones_.end() || *it != bone) tracked_bones_.insert(it, bone);
}

void Clip::MarkStep(int bone, TrackChannel channel) {
  const ChannelRef ref{static_cast<uint16_t>(bone), channel};
  if (IsStep(bone, channel)) return;
  const auto at = std::lower_bound(
      step_channels_.begin(), step_channels_.end(), ref,
      [](ChannelRef a, ChannelRef b) { return a.bone != b.bone ? a.bone < b.bone : a.channel < b.channel; });
  step_channels_.insert(at, ref);
}

bool Clip::IsStep(int bone, TrackChannel channel) const {
  return std::find(step_channels_.begin(), step_channels_.end(),
                   ChannelRef{static_cast<uint16_t>(bone), channel}) != step_channels_.end();
}

ClipKeyPair Clip::KeysAt(float time) const {
  if (frame_count_ < 2 || !std::isfinite(time)) return {0, 0, 0.0f};
  const float dur = duration();
  if (looping_) {
    if (!(time >= 0.0f && time < dur)) {  // within the first loop fmod changes nothing: no libm call
      time = std::fmod(time, dur);
      if (time < 0.0f) time += dur;
    }
  } else {
    time = std::clamp(time, 0.0f, dur);
  }
  // The position between keys in double: in float, a clip a few seconds long would already round
  // the blend weight to a few millionths, and that weight scales the whole change between two keys.
  const double f = static_cast<double>(time) * sample_rate_;
  // Ties go to even here, not away from zero as std::round would, which matters only half-way
  // between keys, where no key is near; nearbyint is one instruction, round a libm call.
  const double nearest = std::nearbyint(f);
  if (std::fabs(f - nearest) < 1e-4) {  // a key time, whichever side the rounding fell
    const int k = std::clamp(static_cast<int>(nearest), 0, frame_count_ - 1);
    return k == frame_count_ - 1 ? ClipKeyPair{k - 1, k, 1.0f} : ClipKeyPair{k, k + 1, 0.0f};
  }
  const int k = std::clamp(static_cast<int>(f), 0, frame_count_ - 2);
  return {k, k + 1, static_cast<float>(std::clamp(f - k, 0.0, 1.0))};
}

std::size_t Clip::key_bytes() const {
  std::size_t bytes = encoding_ == ClipEncoding::Compressed
                          ? keys_.Bytes()
                          : FrameStride() * sizeof(float) * static_cast<std::size_t>(frame_count_);
  for (const ClipCurve& curve : curves_)
    bytes += curve.keys.size() * sizeof(float);  // the curves are held as keys in either encoding
  return bytes;
}

}  // namespace anim
