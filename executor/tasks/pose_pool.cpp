#include "executor/tasks/pose_pool.h"

namespace anim {

int PosePool::Acquire(int bone_count, int curve_count) {
  int index = 0;
  const int n = size();
  while (index < n && in_use_[index])
    ++index;
  if (index == n) {
    buffers_.push_back(std::make_unique<Pose>());
    in_use_.push_back(0);
  }
  in_use_[index] = 1;
  ++live_;
  buffers_[index]->Resize(bone_count, curve_count);
  return index;
}

void PosePool::Reserve(int buffers, int bone_count, int curve_count) {
  while (size() < buffers) {
    buffers_.push_back(std::make_unique<Pose>());
    in_use_.push_back(0);
  }
  for (int i = 0; i < size(); ++i) {
    if (!in_use_[i]) buffers_[i]->Reserve(bone_count, curve_count);
  }
}

}  // namespace anim
