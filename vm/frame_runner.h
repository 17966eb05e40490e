// The frame loop tools use: per frame, apply the scenario's due events, BuildTasks, then
// ExecuteTaskList, and hand the frame to a callback. Outputs are allocated once per run.
#pragma once

#include <functional>
#include <span>

#include "executor/math/mat4.h"
#include "executor/pose/pose.h"
#include "executor/tasks/anim_task_list.h"
#include "executor/tasks/task_snapshot.h"
#include "vm/instance/anim_instance.h"
#include "vm/program_binding.h"
#include "vm/scenario.h"

namespace anim {

// One evaluated frame. Everything is valid only during the callback.
struct FrameResult {
  int frame = 0;
  float time = 0.0f;  // frame * delta_time, when the frame's parameters were applied
  const AnimInstance* instance = nullptr;
  const AnimTaskList* list = nullptr;      // as recorded
  const TaskSnapshot* snapshot = nullptr;  // what the executor decided
  std::span<const Mat4> skinning;          // model * inverse bind, per bone
  std::span<const Mat4> model;             // model-space matrices, per bone
  const Pose* local_pose = nullptr;        // the final local pose
  Transform root_motion{};                 // the frame's root motion; instance->root includes it
  std::span<const float> curves;           // the output's curves, one per Program::curves entry
  // The parameters as the frame read them (three floats per Program::params entry): after the
  // scenario's events, before the frame's transitions consumed their triggers.
  std::span<const float> params;
};

using FrameCallback = std::function<void(const FrameResult&)>;

// Runs `scenario` on `instance` (created from `binding.program()`), from its current state.
void RunScenario(const ProgramBinding& binding, AnimInstance& instance, const Scenario& scenario,
                 const FrameCallback& on_frame);

}  // namespace anim
