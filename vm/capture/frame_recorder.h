// FrameRecorder: the runtime's capture of an instance (the seed's anim.DumpGraphTasks, kept as
// data). An engine arms it for the next N frames and runs those frames through it instead of
// calling BuildTasks and ExecuteTaskList itself; each armed frame lands in an AnimCapture, which
// EncodeCapture turns into a .animcap file. Disarmed, RunFrame is those two calls and nothing more.
// Capturing allocates and runs every task's prefix of the list once more (for its result hash):
// it is a debugging tool, not for every frame of a shipped game.
#pragma once

#include <functional>
#include <string>

#include "executor/tasks/execute_task_list.h"
#include "vm/capture/anim_capture.h"
#include "vm/instance/anim_instance.h"
#include "vm/program_binding.h"
#include "vm/scenario.h"

namespace anim {

// The capture's asset block for `binding` and an instance of its program; `graph` names the graph
// or bytecode file, for replay to find it.
CaptureAssets CaptureAssetsOf(const ProgramBinding& binding, const AnimInstance& instance, std::string graph);

class FrameRecorder {
 public:
  FrameRecorder(const ProgramBinding& binding, const AnimInstance& instance, std::string graph);

  // Captures the next `frames` frames RunFrame runs (added to what is captured already).
  void Arm(int frames) { armed_ += frames > 0 ? frames : 0; }
  int frames_left() const { return armed_; }

  // One frame: BuildTasks(binding, instance, dt, list), then ExecuteTaskList(list, outputs), and,
  // when armed, the frame appended to capture() under the number `frame`.
  void RunFrame(AnimInstance& instance, float dt, AnimTaskList& list, const ExecuteOutputs& outputs,
                int frame);

  const AnimCapture& capture() const { return capture_; }

 private:
  const ProgramBinding& binding_;
  AnimCapture capture_;
  int armed_ = 0;
  // What the frame needs when the caller's outputs lack it.
  Pose local_;
  std::vector<Mat4> skinning_;
};

// Runs `scenario` on `instance` from its current state, as RunScenario does, capturing frames
// [first, last] (clamped to the scenario); `on_frame`, when set, hears of each frame once it ran.
AnimCapture RecordScenario(const ProgramBinding& binding, AnimInstance& instance, const Scenario& scenario,
                           int first, int last, std::string graph,
                           const std::function<void(int frame)>& on_frame = {});

}  // namespace anim
