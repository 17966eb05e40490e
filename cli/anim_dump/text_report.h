// The human-readable outputs of `tasks`, `reach` and `timeline`: one block per frame, aligned
// tables in the seed's worked-example layout. Names are shown as terminal text (control
// characters and ill-formed UTF-8 as visible escapes: compiler/diag/escape.h).
#pragma once

#include <string>

#include "cli/anim_dump/frame_capture.h"

namespace anim::dump {

std::string TasksText(const CapturedRun& run, const DumpFrame& frame, bool colour);
std::string ReachText(const CapturedRun& run, const DumpFrame& frame, bool colour);
std::string TimelineText(const CapturedRun& run, const DumpFrame& frame, bool colour);

// "frame 130 (t=4.333s)", with each machine's state: "locomotion: run". Names as they are: each
// writer escapes the heading for its output.
std::string FrameHeading(const DumpFrame& frame);

}  // namespace anim::dump
