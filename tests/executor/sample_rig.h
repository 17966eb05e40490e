// The sample humanoid and its clips, loaded from samples/humanoid for executor tests.
#pragma once

#include <string>
#include <vector>

#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"

namespace anim::test {

struct SampleRig {
  Skeleton skeleton;
  std::vector<Clip> clips;
  std::vector<const Clip*> clip_table;  // what task lists index

  // Index of the clip with this name in clip_table; fails the test when absent.
  uint16_t ClipIndex(const std::string& name) const;
};

// Loads samples/humanoid (skeleton and every clip), failing the test on any diagnostic.
const SampleRig& HumanoidRig();

}  // namespace anim::test
