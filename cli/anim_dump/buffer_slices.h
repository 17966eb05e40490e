// The buffer timeline as intervals: for each executed task, the pool buffer its result occupies
// and for how long (in executed-task steps), until a consumer steals the buffer or releases it.
// The trace and SVG outputs draw these.
#pragma once

#include <vector>

#include "cli/anim_dump/frame_capture.h"

namespace anim::dump {

struct BufferSlice {
  int task = 0;
  int buffer = 0;
  int start = 0;  // exec_order of the task
  int end = 0;    // exec step after which another task took the buffer over or it was released
};

struct BufferTimeline {
  std::vector<BufferSlice> slices;
  int steps = 0;    // tasks executed
  int buffers = 0;  // distinct pool buffers used
};

BufferTimeline BuildBufferTimeline(const DumpFrame& frame);

}  // namespace anim::dump
