#include "cli/anim_dump/trace_report.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli/anim_dump/buffer_slices.h"
#include "cli/anim_dump/json_report.h"
#include "cli/anim_dump/task_describe.h"
#include "compiler/diag/json_text.h"

namespace anim::dump {
namespace {

using Json = nlohmann::ordered_json;
constexpr int kStepMicroseconds = 100;
constexpr int kFramesTrack = 0;  // buffer b is track b + 1

Json Metadata(const char* name, int tid, const std::string& value) {
  return Json{{"name", name}, {"ph", "M"}, {"pid", 1}, {"tid", tid}, {"args", {{"name", value}}}};
}

// The trace-event array streamed: the frames track first, each frame's slices as it arrives, and
// the buffer tracks' names last (trace viewers take metadata events anywhere), once the run's peak
// is known.
class Trace final : public FrameReport {
 public:
  void Frame(const CapturedRun&, const DumpFrame& frame, std::string& out) override {
    if (first_) {
      out += "{\n \"traceEvents\": [\n";
      Event(Json{{"name", "process_name"},
                 {"ph", "M"},
                 {"pid", 1},
                 {"tid", 0},
                 {"args", {{"name", "anim-dump pose buffers"}}}},
            out);
      Event(Metadata("thread_name", kFramesTrack, "frames"), out);
      first_ = false;
    }
    const BufferTimeline timeline = BuildBufferTimeline(frame);
    buffers_ = std::max(buffers_, timeline.buffers);
    const int64_t steps = std::max(timeline.steps, 1);
    Event(Json{{"name", "frame " + std::to_string(frame.frame)},
               {"ph", "X"},
               {"pid", 1},
               {"tid", kFramesTrack},
               {"ts", origin_ * kStepMicroseconds},
               {"dur", steps * kStepMicroseconds},
               {"args",
                {{"reachable_count", frame.summary.reachable_count},
                 {"peak_live_buffers", frame.summary.peak_live_buffers}}}},
          out);
    for (const DumpEvent& e : frame.events) {  // the frame's animation events, at its start
      Event(Json{{"name", "event " + e.name},
                 {"ph", "i"},
                 {"s", "t"},
                 {"pid", 1},
                 {"tid", kFramesTrack},
                 {"ts", origin_ * kStepMicroseconds},
                 {"args",
                  {{"frame", frame.frame},
                   {"phase", EventPhaseName(e.phase)},
                   {"source", EventSourceName(e.source)},
                   {"from", e.origin},
                   {"weight", e.weight}}}},
            out);
    }
    for (const BufferSlice& s : timeline.slices) {
      const DumpTask& t = frame.tasks[static_cast<std::size_t>(s.task)];
      Event(Json{{"name", TaskLabel(t, s.task)},
                 {"ph", "X"},
                 {"pid", 1},
                 {"tid", s.buffer + 1},
                 {"ts", (origin_ + s.start) * kStepMicroseconds},
                 {"dur", (s.end - s.start) * kStepMicroseconds},
                 {"args",
                  {{"frame", frame.frame},
                   {"task", s.task},
                   {"node", t.node},
                   {"deps", DependencyText(t.task)},
                   {"stole_buffer", t.exec.stole_buffer},
                   {"live_buffers", t.exec.live_buffers}}}},
            out);
    }
    origin_ += steps + 1;  // one empty step between frames
  }

  void End(const CapturedRun&, std::string& out) override {
    for (int b = 0; b < buffers_; ++b)
      Event(Metadata("thread_name", b + 1, "buffer " + std::to_string(b)), out);
    out += "\n ],\n \"displayTimeUnit\": \"ms\"\n}\n";
  }

 private:
  void Event(const Json& event, std::string& out) {
    if (events_++ > 0) out += ",\n";
    out += JsonElementText(event, 2, 1);
  }

  bool first_ = true;
  int buffers_ = 0;
  int64_t origin_ = 0;
  int64_t events_ = 0;
};

}  // namespace

std::unique_ptr<FrameReport> TraceReport() {
  return std::make_unique<Trace>();
}

}  // namespace anim::dump
