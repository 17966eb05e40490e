// Random valid task lists for property tests: every task type, fan-out, unreachable branches,
// NoTask dependencies, LOD cuts and root lock, over random skeletons and clips. Deterministic for a
// given seed.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"
#include "executor/tasks/anim_task_list.h"
#include "executor/tasks/task_state_storage.h"

namespace anim::test {

// A random skeleton, its clips and masks, and a random list over them. The list's `state`
// pointer is left null: each executor under test gets its own storage from MakeState().
struct RandomScene {
  std::unique_ptr<Skeleton> skeleton;
  std::vector<Clip> clips;
  std::vector<const Clip*> clip_table;
  std::vector<BoneMask> masks;
  AnimTaskList list;
  int blends = 0, snapshots = 0;

  TaskStateStorage MakeState() const;
  // Re-rolls per-frame fields (times, capture flags, elapsed) as a VM would between frames.
  void AdvanceFrame(uint32_t seed, int frame);
};

std::unique_ptr<RandomScene> MakeRandomScene(uint32_t seed);

}  // namespace anim::test
