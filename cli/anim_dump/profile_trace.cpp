#include "cli/anim_dump/profile_trace.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <numeric>

#include "compiler/diag/json_text.h"

namespace anim::dump {
namespace {

using Json = nlohmann::ordered_json;

Json Slice(const std::string& name, int64_t start_ns, int64_t duration_ns, Json args) {
  // Trace time is in microseconds; nanoseconds as fractions of one keep the nesting exact.
  return Json{{"name", name},
              {"ph", "X"},
              {"pid", 1},
              {"tid", 0},
              {"ts", static_cast<double>(start_ns) / 1e3},
              {"dur", static_cast<double>(duration_ns) / 1e3},
              {"args", std::move(args)}};
}

// The timed play whose execute time is the median (nearest-rank) of the repeats.
const TimedPlay& MedianPlay(const std::vector<TimedPlay>& plays) {
  std::vector<std::size_t> order(plays.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  const auto middle = order.begin() + static_cast<std::ptrdiff_t>((plays.size() - 1) / 2);
  std::nth_element(order.begin(), middle, order.end(),
                   [&](std::size_t a, std::size_t b) { return plays[a].execute_ns < plays[b].execute_ns; });
  return plays[*middle];
}

}  // namespace

std::string ProfileTrace(const ProfileRun& run, const std::string& input) {
  Json events = Json::array();
  events.push_back(Json{{"name", "process_name"},
                        {"ph", "M"},
                        {"pid", 1},
                        {"tid", 0},
                        {"args", {{"name", "anim-dump profile " + input}}}});
  events.push_back(
      Json{{"name", "thread_name"}, {"ph", "M"}, {"pid", 1}, {"tid", 0}, {"args", {{"name", "frames"}}}});
  const TimedPlay& play = MedianPlay(run.timed);
  for (const ProfiledList& f : play.frames) {
    const int64_t end = f.execute_start_ns + f.execute_ns;
    events.push_back(Slice("frame " + std::to_string(f.frame), f.record_start_ns, end - f.record_start_ns,
                           {{"frame", f.frame}, {"tasks", f.task_count}, {"replayed", f.replayed}}));
    events.push_back(Slice("record", f.record_start_ns, f.record_ns, {{"frame", f.frame}}));
    events.push_back(Slice("execute", f.execute_start_ns, f.execute_ns, {{"frame", f.frame}}));
    for (std::size_t i = f.first_task; i < f.first_task + f.task_count; ++i) {
      const ProfiledTask& t = play.tasks[i];
      const bool named = t.node >= 0 && static_cast<std::size_t>(t.node) < run.node_names.size();
      events.push_back(Slice(std::string(AnimTaskTypeName(t.type)) + " #" + std::to_string(t.index),
                             f.execute_start_ns + t.start_ns, t.elapsed_ns,
                             {{"frame", f.frame},
                              {"task", t.index},
                              {"node", named ? run.node_names[static_cast<std::size_t>(t.node)] : ""}}));
    }
    events.push_back(
        Slice("resolve", f.execute_start_ns + f.resolve_start_ns, f.resolve_ns, {{"frame", f.frame}}));
  }
  std::string out = "{\"traceEvents\": [\n";  // an event a line
  for (std::size_t i = 0; i < events.size(); ++i)
    out += (i > 0 ? ",\n" : "") + JsonText(events[i]);
  return out + "\n],\n\"displayTimeUnit\": \"ns\"}\n";
}

}  // namespace anim::dump
