// The buffer timeline as an SVG picture, time to the right: one row per pool buffer, each frame a
// column group with a box per executed task for as long as its result holds the buffer (marked
// where it acquired or stole the buffer, or handed its result over to a seam's history), the live
// count under each step, the pruned tasks counted below, and the frame's events and transitions
// starting as markers on the ruler above. A run of frames whose buffer timeline is the same as its
// first's is drawn once, marked "×N"; groups wrap onto the next line past a set width, as text
// does, so a long run stays a picture of reasonable size. A legend heads the picture.
#pragma once

#include <memory>

#include "cli/anim_dump/frame_report.h"

namespace anim::dump {

// What the first pass over the frames learns: the picture's size and what it holds.
struct SvgPlan {
  int width = 0;
  int height = 0;
  int rows = 1;    // pool buffers, the most any frame used
  int frames = 0;  // frames in the range
  int drawn = 0;   // frame groups drawn
};

// The picture is drawn in two passes over the frames, so it never holds them all: the first
// measures (writing nothing), the second draws each group at its place. `all_frames` draws every
// frame, also one whose buffer timeline is the same as the frame before it.
std::unique_ptr<FrameReport> SvgPlanReport(SvgPlan& plan, bool all_frames);
std::unique_ptr<FrameReport> SvgTimelineReport(const SvgPlan& plan, bool all_frames);

}  // namespace anim::dump
