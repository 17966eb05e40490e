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

}  // namespace

std::string TimelineSvg(const CapturedRun& run) {
  int width = 420, height = 0;
  std::string body;
  for (const DumpFrame& frame : run.frames) {
    const BufferTimeline t = BuildBufferTimeline(frame);
    const int rows = std::max(t.buffers, 1);
    const int top = height;
    width = std::max(width, kLeft + std::max(t.steps, 1) * kStep + 10);
    body += Text(4, top + 16,
                 FrameHeading(frame) + ": " + std::to_string(t.steps) + " tasks executed, peak " +
                     std::to_string(frame.summary.peak_live_buffers) + " live buffers",
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
        body +=
            Text(kLeft + task.exec.exec_order * kStep + 4, live_y, std::to_string(task.exec.live_buffers));
    }
    std::string pruned;
    for (std::size_t i = 0; i < frame.tasks.size(); ++i) {
      if (!frame.tasks[i].exec.reachable)
        pruned += (pruned.empty() ? "" : ", ") + TaskLabel(frame.tasks[i], static_cast<int>(i));
    }
    body +=
        Text(4, live_y + 18, "pruned: " + (pruned.empty() ? std::string("none") : pruned), " fill=\"#777\"");
    height = rows_top + rows * kRow + kFooter + kGap;
  }
  return fmt::format(
             "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"monospace\" "
             "font-size=\"11\">\n",
             width, height) +
         fmt::format("<rect width=\"{}\" height=\"{}\" fill=\"white\"/>\n", width, height) + body +
         "</svg>\n";
}

}  // namespace anim::dump
