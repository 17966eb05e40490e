// The buffer timeline as an SVG picture: per frame, one row per pool buffer, one column per
// executed task, a box per task for as long as its result holds the buffer (labelled with the task
// and whether it acquired or stole the buffer), and the live buffer count under each column.
#pragma once

#include <string>

#include "cli/anim_dump/frame_capture.h"

namespace anim::dump {

std::string TimelineSvg(const CapturedRun& run);

}  // namespace anim::dump
