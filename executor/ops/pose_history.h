// The last two output poses of one instance, kept across frames for seam velocities
// (inertialization, dead blending). Owned frames, copied in (Push) or handed over (Adopt): nothing
// downstream edits the history.
#pragma once

#include "executor/pose/pose.h"

namespace anim {

class PoseHistory {
 public:
  // Makes `pose` (its bones and curves) the latest frame, `delta_time` after the one before. A pose
  // with a different bone or curve count starts the history over. Allocates only when its floats
  // (bones plus curves) grow past any seen before.
  void Push(const ConstPoseView& pose, float delta_time);
  // Push by handover: `pose` itself (bones, curves, kind, root motion) becomes the latest frame and
  // `pose` is left holding the storage of the frame that fell out (same size, contents unspecified),
  // so nothing is copied. latest() keeps its address until the next Push or Adopt, and the frame
  // adopted before stays put as previous() until the one after.
  const Pose& Adopt(Pose& pose, float delta_time);
  void Clear() { frames_held_ = 0; }
  // Sets the whole history at once, `delta_time` between `previous` and `latest`, of which the last
  // `frames_held` count (a capture file's slot: vm/capture/). The caller keeps both poses the same
  // size when two are held.
  void Restore(const Pose& previous, const Pose& latest, int frames_held, float delta_time);

  // 0, 1 or 2.
  int frames_held() const { return frames_held_; }
  // Velocities need two frames a positive time apart; with fewer they are unknown (read as zero).
  bool HasVelocity() const { return frames_held_ >= 2 && delta_time_ > 0.0f; }
  float delta_time() const { return delta_time_; }
  const Pose& latest() const { return frames_[latest_]; }
  const Pose& previous() const { return frames_[1 - latest_]; }

  // Per-bone velocities from previous to latest; zero when HasVelocity() is false. Angular
  // velocity takes the shortest arc, so q and -q are no motion.
  Vec3 LinearVelocity(int bone) const;
  Vec3 AngularVelocity(int bone) const;
  Vec3 ScaleVelocity(int bone) const;
  // Curve `curve`'s rate, from previous to latest (both hold latest().curve_count() curves).
  float CurveVelocity(int curve) const;

 private:
  // Makes the older frame the latest, starting over when `bone_count` or `curve_count` changed.
  Pose& Rotate(int bone_count, int curve_count, float delta_time);

  // The two frames swap roles by index, never by moving, so a frame handed out by Adopt stays where
  // it is while a list reads it.
  Pose frames_[2];
  int latest_ = 0;
  int frames_held_ = 0;
  float delta_time_ = 0.0f;  // between previous() and latest()
};

}  // namespace anim
