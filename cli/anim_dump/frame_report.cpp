#include "cli/anim_dump/frame_report.h"

#include "cli/anim_dump/json_report.h"
#include "cli/anim_dump/text_report.h"
#include "compiler/diag/json_text.h"

namespace anim::dump {
namespace {

class TextReport final : public FrameReport {
 public:
  TextReport(FrameTable table, bool colour) : table_(table), colour_(colour) {}

  void Frame(const CapturedRun& run, const DumpFrame& frame, std::string& out) override {
    if (!first_) out += '\n';
    first_ = false;
    out += table_ == FrameTable::Tasks   ? TasksText(run, frame, colour_)
           : table_ == FrameTable::Reach ? ReachText(run, frame, colour_)
                                         : TimelineText(run, frame, colour_);
  }
  void End(const CapturedRun&, std::string&) override {}

 private:
  FrameTable table_;
  bool colour_;
  bool first_ = true;
};

class JsonReport final : public FrameReport {
 public:
  JsonReport(FrameTable table, bool many)
      : kind_(table == FrameTable::Tasks   ? JsonKind::Tasks
              : table == FrameTable::Reach ? JsonKind::Reach
                                           : JsonKind::Timeline),
        many_(many) {}

  void Frame(const CapturedRun& run, const DumpFrame& frame, std::string& out) override {
    const nlohmann::ordered_json json = FrameJson(kind_, run, frame);
    if (!many_) {
      out += JsonText(json, 2) + "\n";
      return;
    }
    out += first_ ? "[\n" : ",\n";
    first_ = false;
    out += JsonElementText(json, 1);
  }
  void End(const CapturedRun&, std::string& out) override {
    if (many_) out += "\n]\n";
  }

 private:
  JsonKind kind_;
  bool many_;
  bool first_ = true;
};

}  // namespace

std::unique_ptr<FrameReport> FrameTextReport(FrameTable table, bool colour) {
  return std::make_unique<TextReport>(table, colour);
}

std::unique_ptr<FrameReport> FrameJsonReport(FrameTable table, bool many) {
  return std::make_unique<JsonReport>(table, many);
}

}  // namespace anim::dump
