#include "cli/anim_dump/svg_timeline_frame.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "cli/anim_dump/task_describe.h"
#include "cli/anim_dump/text_report.h"
#include "compiler/diag/escape.h"

namespace anim::dump::timeline_svg {
namespace {

constexpr int kLiveY = 12;     // the live counts' baseline under the rows
constexpr int kPrunedY = 27;   // the pruned count's
constexpr int kCharWidth = 6;  // of the 10-pixel monospace labels in boxes

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

// `text` as Escape shows it, cut to `columns` characters with "…" marking the cut.
std::string Fit(const std::string& text, int columns) {
  const std::string shown = EscapeTerminal(text);
  std::vector<std::size_t> starts;  // of each code point
  for (std::size_t i = 0; i < shown.size(); ++i) {
    if ((static_cast<unsigned char>(shown[i]) & 0xC0) != 0x80) starts.push_back(i);
  }
  if (starts.size() <= static_cast<std::size_t>(std::max(columns, 0))) return EscapeXml(shown);
  if (columns <= 1) return "";
  return EscapeXml(shown.substr(0, starts[static_cast<std::size_t>(columns - 1)])) + "…";
}

// "acquires buffer 0", "steals buffer 1 from task 2; hands its result over to the seam's history".
std::string Verb(const DumpFrame& frame, const DumpTask& t) {
  std::string s =
      (t.exec.stole_buffer ? "steals buffer " : "acquires buffer ") + std::to_string(t.exec.buffer);
  for (const int d : Dependencies(t.task)) {
    if (StoleFrom(frame.tasks[static_cast<std::size_t>(d)], t)) {
      s += " from task " + std::to_string(d);
      break;
    }
  }
  return t.exec.handed_over ? s + "; hands its result over to the seam's history" : s;
}

}  // namespace

std::string Escape(const std::string& text) {
  return EscapeXml(EscapeTerminal(text));
}

std::string Text(int x, int y, const std::string& escaped, const char* extra) {
  return fmt::format("<text x=\"{}\" y=\"{}\"{}>{}</text>\n", x, y, extra, escaped);
}

std::string Triangle(int x, int y, const char* colour, const std::string& escaped_title) {
  return fmt::format("<path d=\"M{},{}h8l-4,8z\" fill=\"{}\"><title>{}</title></path>\n", x, y, colour,
                     escaped_title);
}

std::string FrameColumns(const DumpFrame& frame, const BufferTimeline& t, int rows, int x, int rows_top,
                         int width) {
  std::string body;
  for (int b = 0; b < rows; ++b)
    body += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n", x,
                        rows_top + b * kRow, width, kRow, b % 2 == 0 ? "#f2f2f2" : "#fafafa");
  for (const BufferSlice& s : t.slices) {
    const DumpTask& task = frame.tasks[static_cast<std::size_t>(s.task)];
    const int bx = x + s.start * kStep + 2, by = rows_top + s.buffer * kRow + 3;
    const int w = (s.end - s.start) * kStep - 4, h = kRow - 6;
    const std::string label = TaskLabel(task, s.task);
    body += fmt::format(
        "<g class=\"task\"><title>{}</title><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\" "
        "fill=\"{}\" stroke=\"#555\"/>",
        Escape(label + (task.node.empty() ? "" : " (" + task.node + ")") + ": " + Verb(frame, task)), bx, by,
        w, h, Fill(task.task.type));
    body += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"4\" height=\"{}\" fill=\"{}\"/>", bx, by, h,
                        task.exec.stole_buffer ? kStealColour : kAcquireColour);
    if (task.exec.handed_over)
      body += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"4\" height=\"{}\" fill=\"{}\"/>", bx + w - 4, by,
                          h, kHandoverColour);
    const int columns = (w - 12) / kCharWidth;
    body += "\n" + Text(bx + 7, by + 12, Fit(label, columns), " font-size=\"10\"");
    body += Text(bx + 7, by + 24, Fit(task.node, columns), " font-size=\"10\" fill=\"#666\"");
    body += "</g>\n";
  }
  const int below = rows_top + rows * kRow;
  std::string pruned;
  int pruned_count = 0;
  for (std::size_t i = 0; i < frame.tasks.size(); ++i) {
    const DumpTask& task = frame.tasks[i];
    if (task.exec.exec_order >= 0)
      body += Text(x + task.exec.exec_order * kStep + 4, below + kLiveY,
                   std::to_string(task.exec.live_buffers), " fill=\"#777\"");
    if (!task.exec.reachable) {
      pruned += (pruned.empty() ? "" : ", ") + TaskLabel(task, static_cast<int>(i));
      ++pruned_count;
    }
  }
  if (pruned_count > 0)
    body += fmt::format("<text x=\"{}\" y=\"{}\" fill=\"#777\">{} pruned<title>pruned: {}</title></text>\n",
                        x + 2, below + kPrunedY, pruned_count, Escape(pruned));
  return body;
}

std::string FrameTitle(const DumpFrame& frame, const BufferTimeline& t) {
  std::string events;
  for (const DumpEvent& e : frame.events)
    events += (events.empty() ? "; events: " : ", ") + e.name +
              (e.phase == EventPhase::Instant ? "" : std::string(" ") + EventPhaseName(e.phase));
  return Escape(FrameHeading(frame) + ": " + std::to_string(t.steps) + " tasks executed, peak " +
                std::to_string(frame.summary.peak_live_buffers) + " live buffers" + events);
}

std::string RowLabels(int rows, int rows_top) {
  std::string out;
  for (int b = 0; b < rows; ++b)
    out += Text(4, rows_top + b * kRow + kRow / 2 + 4, "buffer " + std::to_string(b));
  const int below = rows_top + rows * kRow;
  return out + Text(4, below + kLiveY, "live", " fill=\"#777\"") +
         Text(4, below + kPrunedY, "pruned", " fill=\"#777\"");
}

}  // namespace anim::dump::timeline_svg
