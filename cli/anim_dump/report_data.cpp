#include "cli/anim_dump/report_data.h"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "cli/anim_dump/bone_side.h"
#include "cli/anim_dump/buffer_slices.h"
#include "cli/anim_dump/ik_targets.h"
#include "cli/anim_dump/json_report.h"
#include "cli/anim_dump/report_html.h"
#include "cli/anim_dump/root_report.h"
#include "cli/anim_dump/task_describe.h"
#include "compiler/diag/escape.h"
#include "compiler/diag/json_text.h"

namespace anim::dump {
namespace {

using Json = nlohmann::ordered_json;

// `value` to `digits` significant digits (`fixed`: decimals), null when not finite.
Json Rounded(double value, int digits, bool fixed = false) {
  if (!std::isfinite(value)) return nullptr;
  const double rounded =
      std::stod(fixed ? fmt::format("{:.{}f}", value, digits) : fmt::format("{:.{}g}", value, digits));
  return rounded == 0.0 ? 0.0 : rounded;  // no "-0.0"
}

// Every text the frames name, each once, shown as the text outputs show names (visible escapes).
class Strings {
 public:
  int Index(const std::string& text) {
    const auto [at, added] = index_.try_emplace(text, static_cast<int>(list_.size()));
    if (added) list_.push_back(EscapeTerminal(text));
    return at->second;
  }
  int IndexOrNone(const std::string& text) { return text.empty() ? -1 : Index(text); }
  const Json& list() const { return list_; }

 private:
  std::unordered_map<std::string, int> index_;
  Json list_ = Json::array();
};

// One of "frames"' arrays, its elements written as they come.
class Column {
 public:
  explicit Column(const char* name) : name_(name) {}
  void Add(const Json& element) {
    text_ += text_.empty() ? "[" : ",";
    text_ += JsonText(element);
  }
  void AppendTo(std::string& out) const {
    out += "\"" + std::string(name_) + "\":" + (text_.empty() ? "[" : text_) + "]";
  }

 private:
  const char* name_;
  std::string text_;
};

std::size_t Components(const ParamDesc& p) {
  return p.type == ParamType::Vec3 ? 3 : 1;
}

// Each machine's name and states, as the first frame names them.
Json MachinesMeta(const DumpFrame& f) {
  Json machines = Json::array();
  for (const MachineFrame& m : f.machines) {
    Json states = Json::array();
    for (const std::string& s : m.states)
      states.push_back(EscapeTerminal(s));
    machines.push_back({{"name", EscapeTerminal(m.name)}, {"states", states}});
  }
  return machines;
}

// The frame's task rows (report_data.h's columns).
Json Tasks(const CapturedRun& run, const DumpFrame& f, Strings& strings) {
  const std::vector<std::string> reasons = PruneReasons(f);
  Json tasks = Json::array();
  for (std::size_t i = 0; i < f.tasks.size(); ++i) {
    const DumpTask& t = f.tasks[i];
    Json stolen_from = nullptr;
    if (t.exec.stole_buffer) {
      stolen_from = -1;
      for (const int d : Dependencies(t.task)) {
        if (StoleFrom(f.tasks[static_cast<std::size_t>(d)], t)) {
          stolen_from = d;
          break;
        }
      }
    }
    tasks.push_back(
        {strings.Index(AnimTaskTypeName(t.task.type)), strings.Index(AnimTaskStageName(t.task.stage)),
         Dependencies(t.task), strings.IndexOrNone(t.node), t.exec.reachable ? 1 : 0,
         strings.IndexOrNone(KeyFields(run, f, t)), strings.IndexOrNone(reasons[i]), t.exec.exec_order,
         t.exec.buffer, stolen_from, t.exec.handed_over ? 1 : 0, t.exec.live_buffers});
  }
  return tasks;
}

class HtmlReportImpl final : public FrameReport {
 public:
  explicit HtmlReportImpl(std::string title) : title_(std::move(title)) {}

  void Frame(const CapturedRun& run, const DumpFrame& f, std::string&) override {
    if (first_frame_ < 0) {
      first_frame_ = f.frame;
      machines_ = MachinesMeta(f);
    }
    last_frame_ = f.frame;
    time_.Add(Rounded(f.time, 6));
    summary_.Add({f.summary.output_task, f.summary.reachable_count, f.summary.peak_live_buffers, f.task_count,
                  f.active_bones, f.bone_count});
    tasks_.Add(Tasks(run, f, strings_));
    Json slices = Json::array();
    for (const BufferSlice& s : BuildBufferTimeline(f).slices)
      slices.push_back({s.task, s.buffer, s.start, s.end});
    slices_.Add(slices);
    Json machines = Json::array();
    for (const MachineFrame& m : f.machines)
      machines.push_back(
          {m.current, m.blend_active ? 1 : 0, m.fired ? strings_.IndexOrNone(m.transition) : -1});
    machines_frames_.Add(machines);
    Json params = Json::array();
    for (std::size_t p = 0; p < run.params.size(); ++p) {
      for (std::size_t c = 0; c < Components(run.params[p]); ++c)
        params.push_back(Rounded(f.params[3 * p + c], 5));
    }
    params_.Add(params);
    Json curves = Json::array();
    for (const float value : f.curves)
      curves.push_back(Rounded(value, 5));
    curves_.Add(curves);
    Json events = Json::array();
    for (const DumpEvent& e : f.events)
      events.push_back({strings_.Index(e.name), strings_.Index(EventPhaseName(e.phase)),
                        strings_.Index(EventSourceName(e.source)), strings_.IndexOrNone(e.origin),
                        Rounded(e.weight, 5)});
    events_.Add(events);
    const Vec3& at = f.root.translation;
    root_.Add({Rounded(at.x, 4, true), Rounded(at.y, 4, true), Rounded(at.z, 4, true),
               Rounded(Heading(f.root), 2, true)});
    Json joints = Json::array();
    for (const Mat4& m : f.model) {
      for (int axis = 0; axis < 3; ++axis)
        joints.push_back(Rounded(m.m[3][axis], 5));
    }
    joints_.Add(joints);
    Json targets = Json::array();
    for (const IkTarget& t : IkTargets(f))
      targets.push_back({t.ground ? 1 : 0, strings_.Index(t.label), Rounded(t.at.x, 5), Rounded(t.at.y, 5),
                         Rounded(t.at.z, 5)});
    targets_.Add(targets);
  }

  void End(const CapturedRun& run, std::string& out) override {
    Json bones = {{"names", Json::array()}, {"parents", run.bone_parents}, {"colours", Json::array()}};
    for (const std::string& name : run.bone_names) {
      bones["names"].push_back(EscapeTerminal(name));
      bones["colours"].push_back(SideColour(SideOf(name)));
    }
    Json params = Json::array();
    for (const ParamDesc& p : run.params)
      params.push_back(
          {{"name", EscapeTerminal(p.name)}, {"type", ParamTypeName(p.type)}, {"components", Components(p)}});
    Json curves = Json::array();
    for (const std::string& name : run.curve_names)
      curves.push_back(EscapeTerminal(name));
    const Json meta = {{"format_version", kDumpFormatVersion},
                       {"kind", "report"},
                       {"title", EscapeTerminal(title_)},
                       {"first_frame", first_frame_},
                       {"last_frame", last_frame_},
                       {"bones", bones},
                       {"params", params},
                       {"curves", curves},
                       {"machines", machines_}};
    std::string data =
        "{\"meta\":" + JsonText(meta) + ",\n\"strings\":" + JsonText(strings_.list()) + ",\n\"frames\":{";
    const Column* columns[] = {&time_,   &summary_, &tasks_, &slices_, &machines_frames_, &params_,
                               &curves_, &events_,  &root_,  &joints_, &targets_};
    for (const Column* column : columns) {
      if (column != columns[0]) data += ",\n";
      column->AppendTo(data);
    }
    data += "}}";
    out += ReportPage(title_, data);
  }

 private:
  std::string title_;
  int first_frame_ = -1, last_frame_ = -1;
  Json machines_;
  Strings strings_;
  Column time_{"time"}, summary_{"summary"}, tasks_{"tasks"}, slices_{"slices"}, machines_frames_{"machines"},
      params_{"params"}, curves_{"curves"}, events_{"events"}, root_{"root"}, joints_{"joints"},
      targets_{"targets"};
};

}  // namespace

std::unique_ptr<FrameReport> HtmlReport(std::string title) {
  return std::make_unique<HtmlReportImpl>(std::move(title));
}

}  // namespace anim::dump
