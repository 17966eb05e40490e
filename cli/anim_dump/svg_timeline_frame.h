// One frame of the SVG timeline (svg_timeline.h) drawn in place, and the marks its legend shows:
// a row per pool buffer, a box per task while its result holds the buffer (a bar on its left edge
// says whether it acquired or stole the buffer, one on its right that it handed its result over
// to a seam's history), the live count under each step and the pruned tasks counted below.
#pragma once

#include <string>

#include "cli/anim_dump/buffer_slices.h"

namespace anim::dump::timeline_svg {

inline constexpr int kStep = 64;   // width of one executed task
inline constexpr int kRow = 34;    // height of one buffer row
inline constexpr int kBelow = 34;  // the live counts and the pruned count, under the rows

inline constexpr const char* kAcquireColour = "#3a9a3a";
inline constexpr const char* kStealColour = "#2a6fd6";
inline constexpr const char* kHandoverColour = "#8a3ab9";
inline constexpr const char* kEventColour = "#e08a00";
inline constexpr const char* kTransitionColour = "#d03030";

// Names hold any bytes: shown as the text outputs show them (control characters as visible
// escapes), then escaped as XML.
std::string Escape(const std::string& text);
// A <text> element holding `escaped`.
std::string Text(int x, int y, const std::string& escaped, const char* extra = "");
// A marker pointing down, titled `escaped_title`.
std::string Triangle(int x, int y, const char* colour, const std::string& escaped_title);

// The frame's `rows` buffer rows from (x, rows_top), `width` wide, with its task boxes, and the
// live counts and pruned count under them.
std::string FrameColumns(const DumpFrame& frame, const BufferTimeline& t, int rows, int x, int rows_top,
                         int width);
// "frame 195 (t=6.5s)  locomotion: airborne ...: 12 tasks executed, peak 3 live buffers; events:
// jump_start", escaped.
std::string FrameTitle(const DumpFrame& frame, const BufferTimeline& t);
// The rows' names at the left of a line of frames.
std::string RowLabels(int rows, int rows_top);

}  // namespace anim::dump::timeline_svg
