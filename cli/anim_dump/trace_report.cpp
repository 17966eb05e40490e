#include "cli/anim_dump/trace_report.h"

#include <algorithm>
#include <cmath>
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

Json Instant(const std::string& name, int64_t ts, Json args) {
  return Json{
      {"name", name},           {"ph", "i"}, {"s", "t"}, {"pid", 1}, {"tid", kFramesTrack}, {"ts", ts},
      {"args", std::move(args)}};
}

Json Counter(const std::string& name, int64_t ts, Json args) {
  return Json{{"name", name}, {"ph", "C"}, {"pid", 1}, {"ts", ts}, {"args", std::move(args)}};
}

// A parameter's series as the frame read it: x, y, z for a vector, whole numbers for an int, and
// 0 or 1 for a bool or trigger.
Json ParamSeries(const ParamDesc& param, const float* value) {
  switch (param.type) {
    case ParamType::Float:
      return {{"value", JsonNumber(value[0])}};
    case ParamType::Vec3:
      return {{"x", JsonNumber(value[0])}, {"y", JsonNumber(value[1])}, {"z", JsonNumber(value[2])}};
    case ParamType::Int:
    case ParamType::Bool:
    case ParamType::Trigger:
      break;
  }
  return {{"value", std::isfinite(value[0]) ? Json(std::lround(value[0])) : Json(nullptr)}};
}

// "transition locomotion: idle -> moving starts", with the transition's states and blend kind.
Json TransitionEvent(const MachineFrame& m, const char* phase, int frame, int64_t ts) {
  return Instant("transition " + m.name + ": " + m.last.from + " -> " + m.last.to + " " + phase, ts,
                 {{"frame", frame},
                  {"machine", m.name},
                  {"from", m.last.from},
                  {"to", m.last.to},
                  {"blend", m.last.blend},
                  {"phase", phase}});
}

// The trace-event array streamed: the frames track first, each frame's slices, instants and
// counters as it arrives, and the buffer tracks' names last (trace viewers take metadata events
// anywhere), once the run's peak is known.
class Trace final : public FrameReport {
 public:
  void Frame(const CapturedRun& run, const DumpFrame& frame, std::string& out) override {
    if (first_) {
      out += "{\n \"traceEvents\": [\n";
      Event(Metadata("process_name", 0, "anim-dump pose buffers"), out);
      Event(Metadata("thread_name", kFramesTrack, "frames"), out);
      first_ = false;
    }
    const BufferTimeline timeline = BuildBufferTimeline(frame);
    buffers_ = std::max(buffers_, timeline.buffers);
    const int64_t steps = std::max(timeline.steps, 1);
    const int64_t start = origin_ * kStepMicroseconds;
    Event(Json{{"name", "frame " + std::to_string(frame.frame)},
               {"ph", "X"},
               {"pid", 1},
               {"tid", kFramesTrack},
               {"ts", start},
               {"dur", steps * kStepMicroseconds},
               {"args",
                {{"reachable_count", frame.summary.reachable_count},
                 {"peak_live_buffers", frame.summary.peak_live_buffers}}}},
          out);
    for (const MachineFrame& m : frame.machines) {  // a blend that ends as another starts ends first
      if (m.blend_finished) Event(TransitionEvent(m, "finishes", frame.frame, start), out);
      if (m.fired) Event(TransitionEvent(m, "starts", frame.frame, start), out);
    }
    for (const DumpEvent& e : frame.events) {  // the frame's animation events, at its start
      Event(Instant("event " + e.name, start,
                    {{"frame", frame.frame},
                     {"phase", EventPhaseName(e.phase)},
                     {"source", EventSourceName(e.source)},
                     {"from", e.origin},
                     {"weight", e.weight}}),
            out);
    }
    for (std::size_t p = 0; p < run.params.size() && 3 * p + 2 < frame.params.size(); ++p)
      Event(Counter("param " + run.params[p].name, start, ParamSeries(run.params[p], &frame.params[3 * p])),
            out);
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
    for (const DumpTask& t : frame.tasks) {  // every executed task, a loaded snapshot's too
      if (t.exec.exec_order >= 0)
        Event(Counter("live buffers", (origin_ + t.exec.exec_order) * kStepMicroseconds,
                      {{"value", t.exec.live_buffers}}),
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
