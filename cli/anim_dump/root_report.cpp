#include "cli/anim_dump/root_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>
#include <vector>

#include "cli/anim_dump/task_describe.h"
#include "cli/anim_dump/text_table.h"

namespace anim::dump {

double Heading(const Transform& t) {
  const double yaw = 2.0 * std::atan2(static_cast<double>(t.rotation.y), static_cast<double>(t.rotation.w));
  return std::remainder(yaw * 180.0 / std::numbers::pi, 360.0);
}

namespace {

class RootText final : public FrameReport {
 public:
  explicit RootText(bool colour)
      : table_({"frame", "time", "motion x", "motion z", "motion yaw", "root x", "root z", "heading"},
               {true, true, true, true, true, true, true, true}, colour) {}

  void Frame(const CapturedRun&, const DumpFrame& f, std::string& out) override {
    const Transform& m = f.root_motion;
    const Transform& r = f.root;
    table_.Add({std::to_string(f.frame), Number(f.time), Number(m.translation.x), Number(m.translation.z),
                Number(static_cast<float>(Heading(m))), Number(r.translation.x), Number(r.translation.z),
                Number(static_cast<float>(Heading(r)))},
               out);
    distance_ += std::hypot(static_cast<double>(m.translation.x), static_cast<double>(m.translation.z));
    last_ = r;
  }
  void End(const CapturedRun&, std::string& out) override {
    table_.Flush(out);
    out += fmt::format("{} frames; {} m travelled; the root ends at ({}, {}) heading {} degrees\n",
                       table_.rows(), Number(static_cast<float>(distance_)), Number(last_.translation.x),
                       Number(last_.translation.z), Number(static_cast<float>(Heading(last_))));
  }

 private:
  StreamedTable table_;
  double distance_ = 0.0;
  Transform last_;
};

// Seen from above with +X to the right and +Z up the page; one unit of the drawing is a metre
// scaled to fit, with at least a 2 m square so a character standing still still gets a picture.
class RootSvg final : public FrameReport {
 public:
  void Frame(const CapturedRun&, const DumpFrame& f, std::string&) override {
    points_.push_back({f.frame, f.root.translation.x, f.root.translation.z, Heading(f.root)});
  }

  void End(const CapturedRun&, std::string& out) override {
    constexpr double kSize = 640.0, kMargin = 48.0;
    constexpr double kLabelSpacing = 28.0;  // pixels between frame numbers
    double lo_x = 0.0, hi_x = 0.0, lo_z = 0.0, hi_z = 0.0;
    for (const Point& p : points_) {
      lo_x = std::min(lo_x, p.x), hi_x = std::max(hi_x, p.x);
      lo_z = std::min(lo_z, p.z), hi_z = std::max(hi_z, p.z);
    }
    const double span = std::max({hi_x - lo_x, hi_z - lo_z, 2.0});
    if (!std::isfinite(span)) points_.clear();  // a root beyond any scale: the frame only
    const double cx = (lo_x + hi_x) / 2.0, cz = (lo_z + hi_z) / 2.0;
    const double scale = (kSize - 2.0 * kMargin) / span;
    auto sx = [&](double x) { return kSize / 2.0 + (x - cx) * scale; };
    auto sy = [&](double z) { return kSize / 2.0 - (z - cz) * scale; };

    out += fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
        "font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" "
        "fill=\"white\"/>\n",
        kSize, kSize + 28.0);
    // About ten grid lines across, a power of ten metres apart, labelled at the edges.
    const double step = std::isfinite(span) ? std::pow(10.0, std::ceil(std::log10(span / 10.0))) : 1.0;
    for (double g = std::floor((cx - span) / step) * step; std::isfinite(span) && g <= cx + span; g += step) {
      if (sx(g) < 0.0 || sx(g) > kSize) continue;
      out += fmt::format("<line x1=\"{0:.1f}\" y1=\"0\" x2=\"{0:.1f}\" y2=\"{1}\" stroke=\"#eee\"/>\n", sx(g),
                         kSize);
      out +=
          fmt::format("<text x=\"{:.1f}\" y=\"{}\" fill=\"#999\">{}</text>\n", sx(g) + 2.0, kSize - 4.0, g);
    }
    for (double g = std::floor((cz - span) / step) * step; std::isfinite(span) && g <= cz + span; g += step) {
      if (sy(g) < 0.0 || sy(g) > kSize) continue;
      out += fmt::format("<line x1=\"0\" y1=\"{0:.1f}\" x2=\"{1}\" y2=\"{0:.1f}\" stroke=\"#eee\"/>\n", sy(g),
                         kSize);
      out += fmt::format("<text x=\"2\" y=\"{:.1f}\" fill=\"#999\">{}</text>\n", sy(g) - 2.0, g);
    }
    if (!points_.empty()) {
      std::string path;
      for (const Point& p : points_)
        path += fmt::format("{}{:.2f},{:.2f}", path.empty() ? "" : " ", sx(p.x), sy(p.z));
      out += "<polyline fill=\"none\" stroke=\"#2060c0\" stroke-width=\"2\" points=\"" + path + "\"/>\n";
      // Heading arrows at about twenty places along the path, with their frame numbers where the
      // root has moved on from the last label (a root standing still would stack them).
      const std::size_t every = std::max<std::size_t>(1, points_.size() / 20);
      std::vector<std::pair<double, double>> labels;
      for (std::size_t i = 0; i < points_.size(); i += every) {
        const Point& p = points_[i];
        const double a = p.heading * std::numbers::pi / 180.0;
        const double x = sx(p.x), y = sy(p.z);
        out += fmt::format(
            "<line x1=\"{:.2f}\" y1=\"{:.2f}\" x2=\"{:.2f}\" y2=\"{:.2f}\" stroke=\"#c04020\"/>\n", x, y,
            x + 14.0 * std::sin(a), y - 14.0 * std::cos(a));
        const bool crowded = std::any_of(labels.begin(), labels.end(), [&](const auto& l) {
          return std::hypot(l.first - x, l.second - y) < kLabelSpacing;
        });
        if (crowded) continue;
        labels.emplace_back(x, y);
        out += fmt::format("<text x=\"{:.2f}\" y=\"{:.2f}\" fill=\"#555\">{}</text>\n", x + 4.0, y + 12.0,
                           p.frame);
      }
      const Point& first = points_.front();
      const Point& last = points_.back();
      out += fmt::format(
          "<circle cx=\"{:.2f}\" cy=\"{:.2f}\" r=\"5\" fill=\"#20a040\"><title>start, frame "
          "{}</title></circle>\n",
          sx(first.x), sy(first.z), first.frame);
      out += fmt::format(
          "<rect x=\"{:.2f}\" y=\"{:.2f}\" width=\"10\" height=\"10\" fill=\"#c02020\"><title>end, frame "
          "{}</title></rect>\n",
          sx(last.x) - 5.0, sy(last.z) - 5.0, last.frame);
    }
    out += fmt::format(
        "<text x=\"8\" y=\"{}\">root trajectory from above: +X right, +Z up; {} frames; grid {} m; "
        "green start, red end, arrows the heading</text>\n</svg>\n",
        kSize + 18.0, points_.size(), step);
  }

 private:
  struct Point {
    int frame;
    double x, z, heading;
  };
  std::vector<Point> points_;
};

}  // namespace

std::unique_ptr<FrameReport> RootTextReport(bool colour) {
  return std::make_unique<RootText>(colour);
}

std::unique_ptr<FrameReport> RootSvgReport() {
  return std::make_unique<RootSvg>();
}

}  // namespace anim::dump
