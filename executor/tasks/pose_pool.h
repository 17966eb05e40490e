// PosePool: the pose buffers one thread executes task lists into. Linear scan for a free slot,
// grow on demand, never shrink. It stays small because peak live buffers are bounded by the depth
// of the reachable chain, not by task or entity count.
#pragma once

#include <memory>
#include <vector>

#include "executor/pose/pose.h"

namespace anim {

class PosePool {
 public:
  // A free buffer sized for `bone_count` bones and `curve_count` curves with its metadata reset.
  // Returns its index.
  int Acquire(int bone_count, int curve_count);
  // At least `buffers` buffers, the free ones with room for `bone_count` bones and `curve_count`
  // curves, so acquiring them allocates nothing. Sizes stay as they were (a replayed plan relies on
  // them); the free buffers' contents do not.
  void Reserve(int buffers, int bone_count, int curve_count);
  void Release(int index) {
    if (index < 0 || index >= size() || !in_use_[index]) return;
    in_use_[index] = 0;
    --live_;
  }

  Pose& buffer(int index) { return *buffers_[index]; }
  // Buffer `index`'s owner, for a history to take the buffer and leave one of the same size in its
  // place (PoseHistory::Adopt): the index then names that one.
  std::unique_ptr<Pose>& owner(int index) { return buffers_[index]; }
  // Every buffer's owner, by index: a replayed plan's buffers, looked up once per list.
  std::unique_ptr<Pose>* owners() { return buffers_.data(); }
  int live() const { return live_; }
  // Buffers ever created on this pool (its size; it never shrinks).
  int size() const { return static_cast<int>(buffers_.size()); }

 private:
  // unique_ptr keeps buffer addresses stable while the vector grows. A handover (owner()) puts
  // another pose under an index, so a buffer is named by its index across tasks, not its address.
  std::vector<std::unique_ptr<Pose>> buffers_;
  std::vector<char> in_use_;
  int live_ = 0;
};

// The calling thread's pool. One list executes on one thread, start to finish. Kept beside the
// executor's other per-thread state (execute_task_list.cpp).
PosePool& ThreadPosePool();

}  // namespace anim
