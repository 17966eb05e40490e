#include "cli/anim_dump/events_report.h"

#include <fmt/format.h>

#include <map>

#include "cli/anim_dump/json_report.h"
#include "cli/anim_dump/task_describe.h"
#include "cli/anim_dump/text_table.h"
#include "compiler/diag/escape.h"

namespace anim::dump {
namespace {

class EventsText final : public FrameReport {
 public:
  explicit EventsText(bool colour)
      : table_({"frame", "time", "event", "phase", "source", "from", "weight"},
               {true, true, false, false, false, false, true}, colour) {}

  void Frame(const CapturedRun&, const DumpFrame& f, std::string& out) override {
    ++frames_;
    for (const DumpEvent& e : f.events) {
      table_.Add({std::to_string(f.frame), Number(f.time), EscapeTerminal(e.name), EventPhaseName(e.phase),
                  EventSourceName(e.source), EscapeTerminal(e.origin), Number(e.weight)},
                 out);
      ++counts_[e.name];
    }
  }
  void End(const CapturedRun&, std::string& out) override {
    table_.Flush(out);
    out += fmt::format("{} events in {} frames", table_.rows(), frames_);
    std::string sep = ": ";
    for (const auto& [name, count] : counts_) {
      out += sep + EscapeTerminal(name) + " " + std::to_string(count);
      sep = ", ";
    }
    out += "\n";
  }

 private:
  StreamedTable table_;
  int frames_ = 0;
  std::map<std::string, int> counts_;
};

class EventsJson final : public FrameReport {
 public:
  void Frame(const CapturedRun&, const DumpFrame& f, std::string& out) override {
    if (f.events.empty()) return;
    nlohmann::ordered_json events = nlohmann::ordered_json::array();
    for (const DumpEvent& e : f.events) {
      events.push_back({{"name", e.name},
                        {"phase", EventPhaseName(e.phase)},
                        {"source", EventSourceName(e.source)},
                        {"from", e.origin},
                        {"weight", e.weight}});
    }
    const nlohmann::ordered_json frame = {
        {"frame", f.frame}, {"time", f.time}, {"events", std::move(events)}};
    out += first_ ? "[\n" : ",\n";
    first_ = false;
    out += JsonElementText(frame, 1);
  }
  void End(const CapturedRun&, std::string& out) override { out += first_ ? "[]\n" : "\n]\n"; }

 private:
  bool first_ = true;
};

}  // namespace

std::unique_ptr<FrameReport> EventsTextReport(bool colour) {
  return std::make_unique<EventsText>(colour);
}

std::unique_ptr<FrameReport> EventsJsonReport() {
  return std::make_unique<EventsJson>();
}

}  // namespace anim::dump
