#include "cli/anim_dump/buffer_slices.h"

#include <algorithm>

namespace anim::dump {

BufferTimeline BuildBufferTimeline(const DumpFrame& frame) {
  BufferTimeline out;
  std::vector<int> by_order;  // task index per exec step
  for (std::size_t i = 0; i < frame.tasks.size(); ++i) {
    const TaskSnapshotEntry& e = frame.tasks[i].exec;
    if (e.exec_order < 0) continue;
    const auto step = static_cast<std::size_t>(e.exec_order);
    if (by_order.size() <= step) by_order.resize(step + 1, -1);
    by_order[step] = static_cast<int>(i);
  }
  out.steps = static_cast<int>(by_order.size());
  for (int step = 0; step < out.steps; ++step) {
    const int task = by_order[static_cast<std::size_t>(step)];
    if (task < 0) continue;
    const TaskSnapshotEntry& e = frame.tasks[static_cast<std::size_t>(task)].exec;
    if (e.buffer < 0) continue;  // a loaded snapshot: no pool buffer
    out.buffers = std::max(out.buffers, e.buffer + 1);
    // Held until the next task to steal it or the step after which it is released; a result handed
    // over to a seam's history gives its buffer back right after its own step.
    int end = e.handed_over ? step + 1 : out.steps;
    for (int later = step + 1; later < out.steps && !e.handed_over; ++later) {
      const int other = by_order[static_cast<std::size_t>(later)];
      if (other < 0) continue;
      const TaskSnapshotEntry& o = frame.tasks[static_cast<std::size_t>(other)].exec;
      if (o.stole_buffer && o.buffer == e.buffer) {
        end = later;
        break;
      }
      if (o.released[0] == e.buffer || o.released[1] == e.buffer) {
        end = later + 1;
        break;
      }
    }
    out.slices.push_back(BufferSlice{task, e.buffer, step, end});
  }
  return out;
}

}  // namespace anim::dump
