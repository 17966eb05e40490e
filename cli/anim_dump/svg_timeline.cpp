#include "cli/anim_dump/svg_timeline.h"

#include <fmt/format.h>

#include <algorithm>

#include "cli/anim_dump/buffer_slices.h"
#include "cli/anim_dump/task_describe.h"
#include "cli/anim_dump/text_report.h"
#include "compiler/diag/escape.h"

namespace anim::dump {
namespace {

constexpr int kLeft = 90;    // room for the row labels
constexpr int kStep = 150;   // width of one executed task
constexpr int kRow = 40;     // height of one buffer row
constexpr int kTitle = 46;   // title and step numbers above the rows
constexpr int kFooter = 44;  // live counts and the pruned list below them
constexpr int kGap = 24;     // between frames

// One colour per task type family, so chains of the same kind read together.
const char* Fill(AnimTaskType type) {
  switch (type) {
    case AnimTaskType::ReferencePose:
    case AnimTaskType::SampleClip:
    case AnimTaskType::LoadPoseSnapshot:
      return "#cfe3f7";
    case AnimTaskType::Blend:
    case AnimTaskType::BlendMasked:
      return "#d7f0d0";
    case AnimTaskType::MakeAdditive:
    case AnimTaskType::ApplyAdditive:
      return "#f7e6c4";
    case AnimTaskType::Inertialize:
    case AnimTaskType::DeadBlend:
    case AnimTaskType::Crossfade:
    case AnimTaskType::SavePoseSnapshot:
      return "#e8d6f2";
    default:
      return "#f6d0d0";
  }
}

// Labels hold names of any bytes: shown as the text outputs show them (control characters as
// visible escapes), then escaped as XML.
std::string Escape(const std::string& text) {
  return EscapeXml(EscapeTerminal(text));
}

std::string Text(int x, int y, const std::string& text, const char* extra = "") {
  return fmt::format("<text x=\"{}\" y=\"{}\"{}>{}</text>\n", x, y, extra, Escape(text));
}

// Where a frame's picture ends below `top`, and how wide it is.
int FrameBottom(const BufferTimeline& t, int top) {
  return top + kTitle + std::max(t.buffers, 1) * kRow + kFooter + kGap;
}
int FrameWidth(const BufferTimeline& t) {
  return kLeft + std::max(t.steps, 1) * kStep + 10;
}

// One frame's picture, from `top` down.
std::string FrameSvg(const DumpFrame& frame, const BufferTimeline& t, int top) {
  std::string body;
  const int rows = std::max(t.buffers, 1);
  std::string events;  // the animation events the frame fired, on its heading
  for (const DumpEvent& e : frame.events)
    events += (events.empty() ? "; events: " : ", ") + e.name +
              (e.phase == EventPhase::Instant ? "" : std::string(" ") + EventPhaseName(e.phase));
  body += Text(4, top + 16,
               FrameHeading(frame) + ": " + std::to_string(t.steps) + " tasks executed, peak " +
                   std::to_string(frame.summary.peak_live_buffers) + " live buffers" + events,
               " font-weight=\"bold\"");
  const int rows_top = top + kTitle;
  for (int step = 0; step < t.steps; ++step)
    body += Text(kLeft + step * kStep + 4, rows_top - 6, "step " + std::to_string(step), " fill=\"#777\"");
  for (int b = 0; b < rows; ++b) {
    const int y = rows_top + b * kRow;
    body += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n", kLeft, y,
                        std::max(t.steps, 1) * kStep, kRow, b % 2 == 0 ? "#f7f7f7" : "#ffffff");
    body += Text(4, y + kRow / 2 + 4, "buffer " + std::to_string(b));
  }
  for (const BufferSlice& s : t.slices) {
    const DumpTask& task = frame.tasks[static_cast<std::size_t>(s.task)];
    const int x = kLeft + s.start * kStep + 2;
    const int y = rows_top + s.buffer * kRow + 3;
    body += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"4\" fill=\"{}\" "
        "stroke=\"#555\"><title>{}</title></rect>\n",
        x, y, (s.end - s.start) * kStep - 4, kRow - 6, Fill(task.task.type),
        Escape(TaskLabel(task, s.task) + (task.node.empty() ? "" : " (" + task.node + ")")));
    body += Text(x + 4, y + 14, TaskLabel(task, s.task));
    body += Text(x + 4, y + 28, task.exec.stole_buffer ? "steals" : "acquires", " fill=\"#555\"");
  }
  const int live_y = rows_top + rows * kRow + 16;
  body += Text(4, live_y, "live after");
  for (const DumpTask& task : frame.tasks) {
    if (task.exec.exec_order >= 0)
      body += Text(kLeft + task.exec.exec_order * kStep + 4, live_y, std::to_string(task.exec.live_buffers));
  }
  std::string pruned;
  for (std::size_t i = 0; i < frame.tasks.size(); ++i) {
    if (!frame.tasks[i].exec.reachable)
      pruned += (pruned.empty() ? "" : ", ") + TaskLabel(frame.tasks[i], static_cast<int>(i));
  }
  body +=
      Text(4, live_y + 18, "pruned: " + (pruned.empty() ? std::string("none") : pruned), " fill=\"#777\"");
  return body;
}

class SvgMeasure final : public FrameReport {
 public:
  explicit SvgMeasure(SvgSize& size) : size_(size) {}
  void Frame(const CapturedRun&, const DumpFrame& frame, std::string&) override {
    const BufferTimeline t = BuildBufferTimeline(frame);
    size_.width = std::max(size_.width, FrameWidth(t));
    size_.height = FrameBottom(t, size_.height);
  }
  void End(const CapturedRun&, std::string&) override {}

 private:
  SvgSize& size_;
};

class SvgDraw final : public FrameReport {
 public:
  explicit SvgDraw(SvgSize size) : size_(size) {}
  void Frame(const CapturedRun&, const DumpFrame& frame, std::string& out) override {
    if (top_ == 0) {
      out += fmt::format(
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"monospace\" "
          "font-size=\"11\">\n",
          size_.width, size_.height);
      out += fmt::format("<rect width=\"{}\" height=\"{}\" fill=\"white\"/>\n", size_.width, size_.height);
    }
    const BufferTimeline t = BuildBufferTimeline(frame);
    out += FrameSvg(frame, t, top_);
    top_ = FrameBottom(t, top_);
  }
  void End(const CapturedRun&, std::string& out) override { out += "</svg>\n"; }

 private:
  SvgSize size_;
  int top_ = 0;
};

}  // namespace

std::unique_ptr<FrameReport> SvgSizeReport(SvgSize& size) {
  return std::make_unique<SvgMeasure>(size);
}

std::unique_ptr<FrameReport> SvgTimelineReport(SvgSize size) {
  return std::make_unique<SvgDraw>(size);
}

}  // namespace anim::dump
