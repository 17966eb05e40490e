// A report written as frames are captured, so a dump of a million frames holds one frame at a time
// (issue 13): Frame() is called with each frame of the range in order, then End() once. Each
// appends its text to `out`, which the caller writes out as it grows.
#pragma once

#include <memory>
#include <string>

#include "cli/anim_dump/frame_capture.h"

namespace anim::dump {

class FrameReport {
 public:
  virtual ~FrameReport() = default;
  virtual void Frame(const CapturedRun& run, const DumpFrame& frame, std::string& out) = 0;
  virtual void End(const CapturedRun& run, std::string& out) = 0;
};

// Tasks, reach or timeline as text: one block per frame, blank lines between.
enum class FrameTable { Tasks, Reach, Timeline };
std::unique_ptr<FrameReport> FrameTextReport(FrameTable table, bool colour);
// The same as JSON: one object, or (`many`) an array of one object per frame.
std::unique_ptr<FrameReport> FrameJsonReport(FrameTable table, bool many);

}  // namespace anim::dump
