// The seed's worked example as a hand-built task list over the sample humanoid: a four-state
// locomotion machine (idle / walk / run / jump) currently in `run`, an additive aim layer and foot
// IK. Thirteen tasks in the seed's order, output task 12. Used by tests and benchmarks.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"
#include "executor/tasks/anim_task_list.h"
#include "executor/tasks/task_state_storage.h"

namespace anim {

struct HumanoidAssets {
  Skeleton skeleton;
  std::vector<Clip> clips;  // idle, walk_fwd, walk_back, run_fwd, run_back, jump, aim_pose
  std::vector<const Clip*> clip_table;
  // aim_pose's additive against the bind pose, baked as the compiler bakes it
  // (compiler/passes/pose_folding.h), and clip_table with it appended.
  std::vector<Clip> baked;
  std::vector<const Clip*> clip_table_with_baked;
};

// How the worked example's aim layer makes its additive: at run time (the seed's MakeAdditive of
// the sampled aim pose, 13 tasks), or sampled ready-made from the baked clip, as a program the
// compiler folded records it (12 tasks: the aim layer is task 9, the ApplyAdditive 10, the
// FootIK 11).
enum class AimLayer { MakeAdditive, Baked };

// Loads samples/humanoid from `sample_dir`; on failure returns null and sets `error`.
std::unique_ptr<HumanoidAssets> LoadHumanoidAssets(const std::string& sample_dir, std::string& error);

struct WorkedExample {
  AnimTaskList list;
  TaskStateStorage state;
};

// Records the worked example's 13 tasks at clip time `time` into `out` (which must not move
// afterwards: the list points at its state).
void BuildWorkedExample(const HumanoidAssets& assets, float time, WorkedExample& out,
                        AimLayer aim = AimLayer::MakeAdditive);

}  // namespace anim
