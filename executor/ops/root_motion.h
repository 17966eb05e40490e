// Root motion (docs/semantics.md, "Root motion"): the horizontal translation and the yaw (turn
// about +Y, the up axis) of one bone of a clip, taken out of the sampled pose and carried beside
// it as the frame's delta, which blends, fades and passes through tasks as their poses do.
#pragma once

#include <cstdint>
#include <vector>

#include "executor/math/transform.h"
#include "executor/pose/clip.h"
#include "executor/pose/pose.h"

namespace anim {

// How a clip player treats its clip's root motion (numbered as in the bytecode).
enum class RootMotionMode : uint8_t {
  Keep,     // the motion stays in the pose; the player adds no delta
  Extract,  // taken out of the pose and reported as the frame's delta
  Ignore,   // taken out of the pose and dropped: the clip plays in place
};
inline constexpr int kRootMotionModeCount = 3;

// "keep", "extract", "ignore"; "unknown" past them.
const char* RootMotionModeName(uint8_t mode);

// The motion part of a bone transform: its translation on the ground plane (y = 0) and its yaw (the
// twist of its rotation about +Y). The identity for a rotation without a yaw part (a half turn
// about a horizontal axis).
Transform MotionOf(const Transform& bone);

// `bone` with its motion taken out: the rest of its rotation, its height. Removing leaves
// MotionOf(result) the identity.
Transform WithoutMotion(const Transform& bone);

// `a` then `b`, both motions (rotation and translation, unit scale).
Transform ComposeMotion(const Transform& a, const Transform& b);
// The motion from `from` to `to`, in the frame of `from`: from^-1 * to.
Transform MotionBetween(const Transform& from, const Transform& to);
// A motion between `a` (w = 0) and `b` (w = 1): translations lerped, rotations nlerped.
Transform BlendMotion(const Transform& a, const Transform& b, float w);

// One bone's keys of one clip, decoded once (binding time), so a frame's delta costs a few
// interpolations instead of decoding key frames.
class RootMotionTrack {
 public:
  RootMotionTrack(const Clip& clip, int bone);

  int bone() const { return bone_; }
  float duration() const { return duration_; }
  // MotionOf the bone at `time`, clamped into [0, duration]: keys interpolated as sampling does.
  Transform MotionAt(float time) const;
  // The motion from `from` to `to`, both in [0, duration], after `wraps` whole passes past the
  // clip's end (forward, positive) or start (backward, negative) in between. Non-finite results
  // (a huge wrap count) read as the identity.
  Transform Delta(float from, float to, float wraps) const;

 private:
  int bone_ = 0;
  float sample_rate_ = 30.0f;
  float duration_ = 0.0f;
  bool step_translation_ = false, step_rotation_ = false;
  std::vector<Transform> keys_;
};

}  // namespace anim
