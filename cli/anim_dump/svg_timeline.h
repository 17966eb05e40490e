// The buffer timeline as an SVG picture: per frame, one row per pool buffer, one column per
// executed task, a box per task for as long as its result holds the buffer (labelled with the task
// and whether it acquired or stole the buffer), and the live buffer count under each column.
#pragma once

#include <memory>

#include "cli/anim_dump/frame_report.h"

namespace anim::dump {

// The picture's size, known only once every frame has been seen.
struct SvgSize {
  int width = 420;
  int height = 0;
};

// The picture is drawn in two passes over the frames, so it never holds them all: the first
// measures (writing nothing), the second draws each frame at its place.
std::unique_ptr<FrameReport> SvgSizeReport(SvgSize& size);
std::unique_ptr<FrameReport> SvgTimelineReport(SvgSize size);

}  // namespace anim::dump
