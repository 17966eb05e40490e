// `anim-dump run`: one line per frame (machine states, transitions started, task and reachable
// counts, peak live buffers), as text or JSON (schemas/dump-run.schema.json); the JSON may carry
// the final frame's local pose or skinning matrices.
#pragma once

#include <string>

#include "cli/anim_dump/frame_capture.h"

namespace anim::dump {

enum class FinalOutput { None, Pose, Skinning };

std::string RunText(const CapturedRun& run, bool colour);
std::string RunJson(const CapturedRun& run, FinalOutput final_output);

}  // namespace anim::dump
