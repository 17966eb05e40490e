#include "executor/pose/clip.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "executor/pose/content_hash.h"

namespace anim {

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

uint64_t Clip::content_hash() const {
  ContentHash hash;
  hash.Float(sample_rate_);
  hash.Bytes(&frame_count_, sizeof frame_count_);
  hash.Bytes(&looping_, sizeof looping_);
  hash.U64(skeleton_hash_);
  for (int bone : tracked_bones_)
    hash.Bytes(&bone, sizeof bone);
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

ClipKeyPair Clip::KeysAt(float time) const {
  if (frame_count_ < 2 || !std::isfinite(time)) return {0, 0, 0.0f};
  const float dur = duration();
  if (looping_) {
    time = std::fmod(time, dur);
    if (time < 0.0f) time += dur;
  } else {
    time = std::clamp(time, 0.0f, dur);
  }
  // The position between keys in double: in float, a clip a few seconds long would already round
  // the blend weight to a few millionths, and that weight scales the whole change between two keys.
  const double f = static_cast<double>(time) * sample_rate_;
  const int k = std::clamp(static_cast<int>(f), 0, frame_count_ - 2);
  return {k, k + 1, static_cast<float>(std::clamp(f - k, 0.0, 1.0))};
}

}  // namespace anim
