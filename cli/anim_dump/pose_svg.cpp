#include "cli/anim_dump/pose_svg.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "cli/anim_dump/bone_side.h"
#include "cli/anim_dump/ik_targets.h"
#include "cli/anim_dump/pose_report.h"
#include "compiler/diag/escape.h"

namespace anim::dump {
namespace {

constexpr double kView = 240.0;    // one view's square, in pixels
constexpr double kMargin = 16.0;   // inside a view, around the drawing
constexpr double kGap = 12.0;      // between views and around the picture
constexpr double kHeading = 22.0;  // a panel's title line
constexpr double kMinSpan = 0.5;   // metres: a point-sized pose still gets a readable scale

struct Panel {
  int frame = 0;
  float time = 0.0f;
  std::vector<Vec3> joints;  // model-space positions, per bone
  std::vector<IkTarget> targets;
};

// One of the three views: which model axes run across and up the page.
struct View {
  const char* title;
  int across, up;   // 0 x, 1 y, 2 z
  bool has_ground;  // y is one of its axes
};
constexpr std::array<View, 3> kViews = {View{"front: x across, y up", 0, 1, true},
                                        View{"side: z across, y up", 2, 1, true},
                                        View{"top: x across, z up", 0, 2, false}};

double Axis(const Vec3& v, int axis) {
  return axis == 0 ? v.x : axis == 1 ? v.y : v.z;
}

std::string Escape(const std::string& text) {
  return EscapeXml(EscapeTerminal(text));
}

class PoseSvg final : public FrameReport {
 public:
  void Frame(const CapturedRun&, const DumpFrame& f, std::string&) override {
    Panel panel;
    panel.frame = f.frame;
    panel.time = f.time;
    for (const Mat4& m : f.model)
      panel.joints.push_back({m.m[3][0], m.m[3][1], m.m[3][2]});
    panel.targets = IkTargets(f);
    panels_.push_back(std::move(panel));
  }

  void End(const CapturedRun& run, std::string& out) override {
    Bounds();
    const double width = 3.0 * kView + 4.0 * kGap;
    const double panel_height = kHeading + kView + kGap;
    const double height = kGap + panel_height * static_cast<double>(panels_.size()) + 20.0;
    out += fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
        "font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" "
        "fill=\"white\"/>\n",
        width, height);
    for (std::size_t p = 0; p < panels_.size(); ++p) {
      const Panel& panel = panels_[p];
      const double top = kGap + panel_height * static_cast<double>(p);
      out += fmt::format("<g class=\"panel\" data-frame=\"{}\">\n", panel.frame);
      out += fmt::format("<text x=\"{}\" y=\"{:.1f}\" font-size=\"13\">frame {}, t = {:.3f} s</text>\n", kGap,
                         top + 15.0, panel.frame, panel.time);
      for (std::size_t v = 0; v < kViews.size(); ++v)
        DrawView(run, panel, kViews[v], kGap + (kView + kGap) * static_cast<double>(v), top + kHeading,
                 v == 0, out);
      out += "</g>\n";
    }
    out += fmt::format(
        "<text x=\"{}\" y=\"{:.1f}\" fill=\"#555\">grid {} m; <tspan fill=\"{}\">left</tspan>, <tspan "
        "fill=\"{}\">right</tspan>; x: IK target; dashed: foot IK ground</text>\n</svg>\n",
        kGap, height - 6.0, PoseNumber(static_cast<float>(grid_)), SideColour(Side::Left),
        SideColour(Side::Right));
  }

 private:
  // The box every panel's joints and targets fit in, and the scale that fits it in a view.
  void Bounds() {
    std::array<double, 3> lo{0.0, 0.0, 0.0}, hi{0.0, 0.0, 0.0};  // the origin is always in view
    const auto include = [&](const Vec3& v) {
      for (int a = 0; a < 3; ++a) {
        if (!std::isfinite(Axis(v, a))) continue;
        lo[a] = std::min(lo[a], Axis(v, a));
        hi[a] = std::max(hi[a], Axis(v, a));
      }
    };
    for (const Panel& panel : panels_) {
      for (const Vec3& j : panel.joints)
        include(j);
      for (const IkTarget& t : panel.targets)
        include(t.at);
    }
    double span = kMinSpan;
    for (int a = 0; a < 3; ++a) {
      centre_[a] = (lo[a] + hi[a]) / 2.0;
      span = std::max(span, hi[a] - lo[a]);
    }
    scale_ = (kView - 2.0 * kMargin) / (span * 1.1);
    grid_ = std::pow(10.0, std::floor(std::log10(span)));  // one to ten lines across
  }

  // Where model point `v` lands in a view whose top-left corner is (left, top).
  std::array<double, 2> At(const Vec3& v, const View& view, double left, double top) const {
    return {left + kView / 2.0 + (Axis(v, view.across) - centre_[view.across]) * scale_,
            top + kView / 2.0 - (Axis(v, view.up) - centre_[view.up]) * scale_};
  }

  void DrawView(const CapturedRun& run, const Panel& panel, const View& view, double left, double top,
                bool with_data, std::string& out) const {
    out += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{}\" height=\"{}\" fill=\"#fafafa\" stroke=\"#ccc\"/>\n"
        "<text x=\"{:.1f}\" y=\"{:.1f}\" fill=\"#999\">{}</text>\n",
        left, top, kView, kView, left + 4.0, top + kView - 4.0, view.title);
    // Grid lines a power of ten metres apart, through the origin.
    for (int axis : {view.across, view.up}) {
      const double c = centre_[axis], half = kView / 2.0 / scale_;
      for (double g = std::ceil((c - half) / grid_) * grid_; g <= c + half; g += grid_) {
        Vec3 p{};
        (axis == 0 ? p.x : axis == 1 ? p.y : p.z) = static_cast<float>(g);
        const auto [x, y] = At(p, view, left, top);
        if (axis == view.across && x > left && x < left + kView)
          out += fmt::format(
              "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"#eee\"/>\n", x, top,
              top + kView);
        if (axis == view.up && y > top && y < top + kView)
          out += fmt::format(
              "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" stroke=\"#eee\"/>\n", left,
              y, left + kView);
      }
    }
    if (view.has_ground) {
      const double y = At({}, view, left, top)[1];
      out += fmt::format(
          "<line class=\"ground\" x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" "
          "stroke=\"#8a6d3b\" "
          "stroke-width=\"1.5\"/>\n",
          left, y, left + kView);
    }
    const std::size_t bones = panel.joints.size();
    for (std::size_t i = 0; i < bones; ++i) {
      const std::string name = i < run.bone_names.size() ? Escape(run.bone_names[i]) : std::to_string(i);
      const char* colour = SideColour(i < run.bone_names.size() ? SideOf(run.bone_names[i]) : Side::Centre);
      const auto [x, y] = At(panel.joints[i], view, left, top);
      const int parent = i < run.bone_parents.size() ? run.bone_parents[i] : -1;
      if (parent >= 0 && static_cast<std::size_t>(parent) < bones) {
        const auto [px, py] = At(panel.joints[parent], view, left, top);
        out += fmt::format(
            "<line class=\"bone\" x1=\"{:.2f}\" y1=\"{:.2f}\" x2=\"{:.2f}\" y2=\"{:.2f}\" stroke=\"{}\" "
            "stroke-width=\"2\"><title>{}</title></line>\n",
            px, py, x, y, colour, name);
      }
      const Vec3& j = panel.joints[i];
      const std::string data = with_data ? fmt::format(" data-bone=\"{}\" data-model=\"{} {} {}\"", i,
                                                       PoseNumber(j.x), PoseNumber(j.y), PoseNumber(j.z))
                                         : std::string();
      out += fmt::format(
          "<circle class=\"joint\" cx=\"{:.2f}\" cy=\"{:.2f}\" r=\"2.5\" "
          "fill=\"{}\"{}><title>{}</title></circle>\n",
          x, y, colour, data, name);
    }
    for (const IkTarget& t : panel.targets) {
      const auto [x, y] = At(t.at, view, left, top);
      if (t.ground) {
        if (!view.has_ground) continue;
        out += fmt::format(
            "<line class=\"ik-ground\" x1=\"{:.2f}\" y1=\"{:.2f}\" x2=\"{:.2f}\" y2=\"{:.2f}\" "
            "stroke=\"#8a6d3b\" "
            "stroke-dasharray=\"4 3\"><title>{}</title></line>\n",
            x - 18.0, y, x + 18.0, y, Escape(t.label));
        continue;
      }
      out += fmt::format(
          "<path class=\"ik-target\" d=\"M{0:.2f},{1:.2f} l8,8 m-8,0 l8,-8\" transform=\"translate(-4,-4)\" "
          "stroke=\"#1a8a3a\" stroke-width=\"2\"><title>{2}</title></path>\n",
          x, y, Escape(t.label));
    }
  }

  std::vector<Panel> panels_;
  std::array<double, 3> centre_{};
  double scale_ = 1.0;
  double grid_ = 1.0;
};

}  // namespace

std::unique_ptr<FrameReport> PoseSvgReport() {
  return std::make_unique<PoseSvg>();
}

}  // namespace anim::dump
