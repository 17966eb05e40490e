// Chrome trace-event JSON of a run (schemas/dump-trace.schema.json), for Perfetto or
// chrome://tracing: one track per pool buffer, a slice per task holding it, frames one after the
// other on a "frames" track with the events each fired and the transitions starting and finishing
// as instant events; a counter per graph parameter (its value each frame) and one of the live pool
// buffers (after each executed task). One executed task is one step of 100 microseconds of trace
// time: the trace shows order and ownership, not measured durations.
#pragma once

#include <memory>

#include "cli/anim_dump/frame_report.h"

namespace anim::dump {

std::unique_ptr<FrameReport> TraceReport();

}  // namespace anim::dump
