// Replaying a capture (docs/capture.md): every captured frame's list re-executed, on its own, with
// the executor of this build against the frame's captured state, and compared with what the frame
// produced when it was recorded: the local pose and root motion bit for bit, the skinning
// checksum, and, at the first difference, each executed task's result hash in execution order, to
// name the task where the two runs part.
#pragma once

#include <string>

#include "vm/capture/anim_capture.h"
#include "vm/program_binding.h"

namespace anim {

// Empty when `capture` was recorded against `binding`'s skeleton, clips and program (by content
// hash), else one line naming the first asset that differs.
std::string CheckCaptureAssets(const AnimCapture& capture, const ProgramBinding& binding);

struct ReplayOutcome {
  bool identical = false;
  int frames = 0;        // frames replayed (up to and including a divergent one)
  int frame_index = -1;  // the first divergent or refused frame: its index in the capture
  int frame = -1;        // ... and the frame number it was recorded under
  int task = -1;         // the first executed task whose result differs, -1 when none does
  int bone = -1;         // the first output bone that differs, -1 when the bones agree
  std::string message;   // one line: "identical", or what differs, or why the capture was refused
};

// Checks the assets, validates each frame's list (ValidateTaskList) and replays the frames in
// order, stopping at the first that differs.
ReplayOutcome ReplayCapture(const AnimCapture& capture, const ProgramBinding& binding);

}  // namespace anim
