#include "cli/anim_dump/svg_timeline.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "cli/anim_dump/buffer_slices.h"
#include "cli/anim_dump/svg_timeline_frame.h"

namespace anim::dump {
namespace timeline_svg {
namespace {

constexpr int kLeft = 70;             // room for the row labels
constexpr int kMinGroup = 2 * kStep;  // room for a group's label
constexpr int kGroupGap = 12;         // between frame groups
constexpr int kMaxLine = 2600;        // a line of groups wraps past this width
constexpr int kHeader = 80;           // the title and the legend
constexpr int kRuler = 32;            // a line's frame labels and markers, above its rows
constexpr int kLineGap = 16;          // between lines
constexpr int kMarker = 10;           // from one ruler marker to the next
constexpr int kMinWidth = 1180;       // the legend's width

int LineHeight(int rows) {
  return kRuler + rows * kRow + kBelow + kLineGap;
}
int GroupWidth(const BufferTimeline& t) {
  return std::max(t.steps * kStep, kMinGroup);
}

// What the picture shows of a frame: per task its type, inputs and resource, and what the executor
// did with it. Frames with the same signature draw the same.
std::vector<int> Signature(const DumpFrame& frame) {
  std::vector<int> s;
  for (const DumpTask& t : frame.tasks) {
    const TaskSnapshotEntry& e = t.exec;
    s.insert(s.end(), {static_cast<int>(t.task.type), t.task.dep_a, t.task.dep_b, t.task.resource,
                       e.reachable, e.stole_buffer, e.exec_order, e.buffer, e.handed_over, e.released[0],
                       e.released[1], e.live_buffers});
  }
  return s;
}

// Splits the range into runs of frames that draw the same: a frame whose signature differs from
// its run's starts the next run (with `all_frames`, every frame does).
class Runs {
 public:
  explicit Runs(bool all_frames) : all_frames_(all_frames) {}
  bool Starts(const DumpFrame& frame) {
    std::vector<int> signature = Signature(frame);
    if (!all_frames_ && !first_ && signature == current_) return false;
    current_ = std::move(signature);
    first_ = false;
    return true;
  }

 private:
  bool all_frames_;
  bool first_ = true;
  std::vector<int> current_;
};

// Lays frame groups out left to right, starting the next line when one would pass kMaxLine.
class Lines {
 public:
  struct Place {
    int x = 0;
    int line = 0;
    bool new_line = false;
  };
  Place Next(int width) {
    if (x_ > kLeft && x_ + width > kMaxLine) {
      x_ = kLeft;
      ++line_;
    }
    const Place place{x_, line_, x_ == kLeft};
    x_ += width + kGroupGap;
    right_ = std::max(right_, x_);
    return place;
  }
  int lines() const { return line_ + 1; }
  int right() const { return right_; }

 private:
  int x_ = kLeft;
  int line_ = 0;
  int right_ = kLeft;
};

class SvgMeasure final : public FrameReport {
 public:
  SvgMeasure(SvgPlan& plan, bool all_frames) : plan_(plan), runs_(all_frames) {}
  void Frame(const CapturedRun&, const DumpFrame& frame, std::string&) override {
    ++plan_.frames;
    if (!runs_.Starts(frame)) return;
    const BufferTimeline t = BuildBufferTimeline(frame);
    plan_.rows = std::max(plan_.rows, t.buffers);
    lines_.Next(GroupWidth(t));
    ++plan_.drawn;
  }
  void End(const CapturedRun&, std::string&) override {
    plan_.width = std::max(kMinWidth, lines_.right());
    plan_.height = kHeader + lines_.lines() * LineHeight(plan_.rows);
  }

 private:
  SvgPlan& plan_;
  Runs runs_;
  Lines lines_;
};

std::string Header(const SvgPlan& plan, int first) {
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"monospace\" "
      "font-size=\"11\">\n<rect width=\"{}\" height=\"{}\" fill=\"white\"/>\n",
      plan.width, plan.height, plan.width, plan.height);
  const int last = first + plan.frames - 1;
  std::string title = "pose buffer timeline, frame " + std::to_string(first);
  if (plan.frames > 1) title = fmt::format("pose buffer timeline, frames {}–{}", first, last);
  if (plan.drawn < plan.frames)
    title += fmt::format(": {} of {} frames drawn; {} identical to the frame before them counted in ×N",
                         plan.drawn, plan.frames, plan.frames - plan.drawn);
  out += Text(4, 18, Escape(title), " font-weight=\"bold\" font-size=\"13\"");
  // The legend: two rows of four samples.
  const auto item = [&](int i, const std::string& sample, const char* words) {
    const int x = 4 + (i % 4) * 290, y = 34 + (i / 4) * 24;
    out += fmt::format("<g transform=\"translate({},{})\">{}</g>\n", x, y, sample);
    out += Text(x + 62, y + 13, words);
  };
  const auto box = [](const char* bar, bool right) {
    return fmt::format(
        "<rect width=\"34\" height=\"18\" rx=\"3\" fill=\"#cfe3f7\" stroke=\"#555\"/>"
        "<rect x=\"{}\" width=\"4\" height=\"18\" fill=\"{}\"/>",
        right ? 30 : 0, bar);
  };
  item(0, box(kAcquireColour, false), "acquires a pool buffer");
  item(1, box(kStealColour, false), "steals its input's buffer");
  item(2, box(kHandoverColour, true), "handed over to seam history");
  item(3, "<text y=\"13\" fill=\"#777\">3 pruned</text>", "tasks not run (hover: which)");
  item(4, Triangle(12, 4, kEventColour, "event"), "animation event fired");
  item(5, Triangle(12, 4, kTransitionColour, "transition"), "transition starts");
  item(6, "<text y=\"13\" font-weight=\"bold\">f ×N</text>", "N identical frames drawn once");
  item(7, "<text y=\"13\" fill=\"#777\">2</text>", "live buffers after the step");
  return out;
}

// A frame group waiting for the end of its run: the first frame drawn, the run's markers.
struct Group {
  int first = 0;
  int count = 0;
  int x = 0, top = 0, width = 0;
  std::string heading;                                       // the first frame's, escaped
  std::string body;                                          // its rows, boxes and counts
  std::vector<std::pair<const char*, std::string>> markers;  // colour, escaped title
};

void AddMarkers(const DumpFrame& frame, Group& group) {
  const std::string at = "frame " + std::to_string(frame.frame) + ": ";
  for (const MachineFrame& m : frame.machines) {
    if (m.fired)
      group.markers.emplace_back(
          kTransitionColour, Escape(at + m.name + ": " + m.transition + " starts (" + m.last.blend + ")"));
  }
  for (const DumpEvent& e : frame.events)
    group.markers.emplace_back(kEventColour, Escape(at + "event " + e.name + " (" + EventPhaseName(e.phase) +
                                                    ", from " + e.origin + ")"));
}

class SvgDraw final : public FrameReport {
 public:
  SvgDraw(const SvgPlan& plan, bool all_frames) : plan_(plan), runs_(all_frames) {}

  void Frame(const CapturedRun&, const DumpFrame& frame, std::string& out) override {
    if (!started_) out += Header(plan_, frame.frame);
    started_ = true;
    if (!runs_.Starts(frame)) {
      ++group_.count;
      AddMarkers(frame, group_);
      return;
    }
    Close(out);
    const BufferTimeline t = BuildBufferTimeline(frame);
    const int width = GroupWidth(t);
    const Lines::Place place = lines_.Next(width);
    const int top = kHeader + place.line * LineHeight(plan_.rows);
    if (place.new_line) out += RowLabels(plan_.rows, top + kRuler);
    group_ = Group{frame.frame,
                   1,
                   place.x,
                   top,
                   width,
                   FrameTitle(frame, t),
                   FrameColumns(frame, t, plan_.rows, place.x, top + kRuler, width),
                   {}};
    AddMarkers(frame, group_);
  }

  void End(const CapturedRun&, std::string& out) override {
    Close(out);
    out += "</svg>\n";
  }

 private:
  // Writes the group whose run just ended: its label (with the run's length), markers and body.
  void Close(std::string& out) {
    const Group& g = group_;
    if (g.body.empty()) return;
    const int last = g.first + g.count - 1;
    out += fmt::format("<g class=\"frame\" data-first=\"{}\" data-count=\"{}\">\n", g.first, g.count);
    std::string run_title;
    if (g.count > 1)
      run_title = fmt::format("&#10;frames {}–{} have the same buffer timeline: drawn once, {} not drawn",
                              g.first, last, g.count - 1);
    out += fmt::format("<text x=\"{}\" y=\"{}\" font-weight=\"bold\">frame {}{}<title>{}{}</title></text>\n",
                       g.x + 2, g.top + 12, g.first,
                       g.count > 1 ? fmt::format(" <tspan fill=\"#c03\">×{}</tspan>", g.count) : "",
                       g.heading, run_title);
    const int room = std::max((g.width - 4) / kMarker, 1);
    for (std::size_t i = 0; i < g.markers.size() && i < static_cast<std::size_t>(room); ++i) {
      std::string title = g.markers[i].second;
      if (i + 1 == static_cast<std::size_t>(room) && g.markers.size() > i + 1)
        title += fmt::format("&#10;and {} more", g.markers.size() - i - 1);
      out += Triangle(g.x + 2 + static_cast<int>(i) * kMarker, g.top + 19, g.markers[i].first, title);
    }
    out += g.body + "</g>\n";
  }

  SvgPlan plan_;
  Runs runs_;
  Lines lines_;
  Group group_;
  bool started_ = false;
};

}  // namespace
}  // namespace timeline_svg

std::unique_ptr<FrameReport> SvgPlanReport(SvgPlan& plan, bool all_frames) {
  return std::make_unique<timeline_svg::SvgMeasure>(plan, all_frames);
}

std::unique_ptr<FrameReport> SvgTimelineReport(const SvgPlan& plan, bool all_frames) {
  return std::make_unique<timeline_svg::SvgDraw>(plan, all_frames);
}

}  // namespace anim::dump
