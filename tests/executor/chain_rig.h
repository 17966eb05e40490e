// A small hand-built rig for focused executor tests: a 12-bone chain along +Y with two clips that
// bend it different ways, so every result is distinguishable from the bind pose and each other.
#pragma once

#include <vector>

#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"
#include "executor/tasks/anim_task_list.h"
#include "executor/tasks/task_state_storage.h"

namespace anim::test {

struct ChainRig {
  ChainRig();
  ChainRig(const ChainRig&) = delete;
  ChainRig& operator=(const ChainRig&) = delete;

  Skeleton skeleton;
  std::vector<Clip> clips;
  std::vector<const Clip*> clip_table;
  std::vector<BoneMask> masks;
  TaskStateStorage state;

  // An empty list over this rig and its state.
  AnimTaskList NewList();
};

AnimTask SampleTask(uint16_t clip, float time);
AnimTask TaskOn(AnimTaskType type, int16_t a, int16_t b = AnimTask::NoTask, float alpha = 1.0f);

}  // namespace anim::test
