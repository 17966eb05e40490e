// The last two output poses of one instance, kept across frames for seam velocities
// (inertialization, dead blending). Owned frames, copied in (Push) or handed over (Adopt): nothing
// downstream edits the history.
#pragma once

#include <memory>

#include "executor/pose/pose.h"

namespace anim {

class PoseHistory {
 public:
  PoseHistory() = default;
  // Copies hold copies of the frames; moves take them.
  PoseHistory(const PoseHistory& other);
  PoseHistory& operator=(const PoseHistory& other);
  PoseHistory(PoseHistory&& other) noexcept = default;
  PoseHistory& operator=(PoseHistory&& other) noexcept = default;

  // Makes `pose` (its bones and curves) the latest frame, `delta_time` after the one before. A pose
  // with a different bone or curve count starts the history over. Allocates only for its first
  // frames, and when a new size needs more room than its frames have.
  void Push(const ConstPoseView& pose, float delta_time);
  // Push by handover: the pose `pose` owns (bones, curves, kind, root motion) becomes the latest
  // frame, and `pose` is left owning the frame that fell out, resized to the same bone and curve
  // counts (contents unspecified). Nothing is copied: the two swap owners. The adopted pose stays
  // where it is as latest() and then previous(), until the write after that (a Push overwrites it,
  // an Adopt hands it out).
  const Pose& Adopt(std::unique_ptr<Pose>& pose, float delta_time);
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
  // An empty pose (no bones) until the history has held a frame there.
  const Pose& latest() const { return Frame(latest_); }
  const Pose& previous() const { return Frame(1 - latest_); }

  // Per-bone velocities from previous to latest; zero when HasVelocity() is false. Angular
  // velocity takes the shortest arc, so q and -q are no motion.
  Vec3 LinearVelocity(int bone) const;
  Vec3 AngularVelocity(int bone) const;
  Vec3 ScaleVelocity(int bone) const;
  // Curve `curve`'s rate, from previous to latest (both hold latest().curve_count() curves).
  float CurveVelocity(int curve) const;

 private:
  const Pose& Frame(int index) const;
  // Both frames at these counts, and none held. Out of line: a history changes size only when its
  // instance's skeleton or curves do, and allocates its frames once.
  [[gnu::noinline]] void StartOver(int bone_count, int curve_count);
  // Makes the older frame the latest, starting over when `bone_count` or `curve_count` changed.
  Pose& Rotate(int bone_count, int curve_count, float delta_time);

  // The two frames swap roles by index, never by moving, so a frame stays where it is while a list
  // reads it. Null until first written (so an idle seam costs no pose, and a move leaves nulls).
  std::unique_ptr<Pose> frames_[2];
  int latest_ = 0;
  int frames_held_ = 0;
  float delta_time_ = 0.0f;  // between previous() and latest()
};

}  // namespace anim
