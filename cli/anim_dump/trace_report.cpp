#include "cli/anim_dump/trace_report.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli/anim_dump/buffer_slices.h"
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

}  // namespace

std::string TraceJson(const CapturedRun& run) {
  Json events = Json::array();
  events.push_back(Json{{"name", "process_name"},
                        {"ph", "M"},
                        {"pid", 1},
                        {"tid", 0},
                        {"args", {{"name", "anim-dump pose buffers"}}}});
  events.push_back(Metadata("thread_name", kFramesTrack, "frames"));
  int buffers = 0;
  int64_t origin = 0;
  Json slices = Json::array();
  for (const DumpFrame& frame : run.frames) {
    const BufferTimeline timeline = BuildBufferTimeline(frame);
    buffers = std::max(buffers, timeline.buffers);
    const int64_t steps = std::max(timeline.steps, 1);
    slices.push_back(Json{{"name", "frame " + std::to_string(frame.frame)},
                          {"ph", "X"},
                          {"pid", 1},
                          {"tid", kFramesTrack},
                          {"ts", origin * kStepMicroseconds},
                          {"dur", steps * kStepMicroseconds},
                          {"args",
                           {{"reachable_count", frame.summary.reachable_count},
                            {"peak_live_buffers", frame.summary.peak_live_buffers}}}});
    for (const BufferSlice& s : timeline.slices) {
      const DumpTask& t = frame.tasks[static_cast<std::size_t>(s.task)];
      slices.push_back(Json{{"name", TaskLabel(t, s.task)},
                            {"ph", "X"},
                            {"pid", 1},
                            {"tid", s.buffer + 1},
                            {"ts", (origin + s.start) * kStepMicroseconds},
                            {"dur", (s.end - s.start) * kStepMicroseconds},
                            {"args",
                             {{"frame", frame.frame},
                              {"task", s.task},
                              {"node", t.node},
                              {"deps", DependencyText(t.task)},
                              {"stole_buffer", t.exec.stole_buffer},
                              {"live_buffers", t.exec.live_buffers}}}});
    }
    origin += steps + 1;  // one empty step between frames
  }
  for (int b = 0; b < buffers; ++b)
    events.push_back(Metadata("thread_name", b + 1, "buffer " + std::to_string(b)));
  for (Json& s : slices)
    events.push_back(std::move(s));
  Json out;
  out["traceEvents"] = std::move(events);
  out["displayTimeUnit"] = "ms";
  return JsonText(out, 1) + "\n";
}

}  // namespace anim::dump
