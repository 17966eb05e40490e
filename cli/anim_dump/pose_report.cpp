#include "cli/anim_dump/pose_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <numbers>
#include <vector>

#include "cli/anim_dump/json_report.h"
#include "cli/anim_dump/text_report.h"
#include "cli/anim_dump/text_table.h"
#include "compiler/diag/escape.h"
#include "compiler/diag/json_text.h"

namespace anim::dump {
namespace {

using Json = nlohmann::ordered_json;

std::string Name(const CapturedRun& run, int bone) {
  return bone >= 0 && static_cast<std::size_t>(bone) < run.bone_names.size()
             ? run.bone_names[static_cast<std::size_t>(bone)]
             : std::to_string(bone);
}

int Parent(const CapturedRun& run, std::size_t bone) {
  return bone < run.bone_parents.size() ? run.bone_parents[bone] : -1;
}

std::string Indent(int level) {
  return std::string(static_cast<std::size_t>(level) * 2, ' ');
}

// A JSON string of a name of any bytes: ill-formed UTF-8 as U+FFFD, never a throw.
std::string JsonString(const std::string& text) {
  return JsonText(Json(text));
}

void AppendNumbers(std::string& out, std::initializer_list<float> values) {
  out += '[';
  bool first = true;
  for (float v : values) {
    if (!first) out += ", ";
    first = false;
    out += PoseNumber(v);
  }
  out += ']';
}

// `key`: four columns of four, a column per line.
void AppendColumns(std::string& out, const char* key, const Mat4& m, int level) {
  out += ",\n" + Indent(level) + "\"" + key + "\": [";
  for (int c = 0; c < 4; ++c) {
    out += (c == 0 ? "\n" : ",\n") + Indent(level + 1);
    AppendNumbers(out, {m.m[c][0], m.m[c][1], m.m[c][2], m.m[c][3]});
  }
  out += "\n" + Indent(level) + "]";
}

// One bone's object, its opening brace unindented, `level` levels deep.
void AppendBone(std::string& out, const CapturedRun& run, const DumpFrame& frame, std::size_t b, int level) {
  const std::string in = Indent(level + 1);
  const Transform& t = frame.local_pose[b];
  const int parent = Parent(run, b);
  out += "{\n" + in + "\"index\": " + std::to_string(b);
  out += ",\n" + in + "\"name\": " + JsonString(Name(run, static_cast<int>(b)));
  out += ",\n" + in + "\"parent\": " + (parent < 0 ? "null" : JsonString(Name(run, parent)));
  out += ",\n" + in + "\"parent_index\": " + (parent < 0 ? "null" : std::to_string(parent));
  out += ",\n" + in + "\"translation\": ";
  AppendNumbers(out, {t.translation.x, t.translation.y, t.translation.z});
  out += ",\n" + in + "\"rotation\": ";
  AppendNumbers(out, {t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w});
  out += ",\n" + in + "\"scale\": ";
  AppendNumbers(out, {t.scale.x, t.scale.y, t.scale.z});
  const Mat4 none;  // never used: every captured frame has a matrix per bone
  AppendColumns(out, "model_columns", b < frame.model.size() ? frame.model[b] : none, level + 1);
  AppendColumns(out, "skinning_columns", b < frame.skinning.size() ? frame.skinning[b] : none, level + 1);
  out += "\n" + Indent(level) + "}";
}

// `json` as JsonText(…, 2) prints it `level` levels deep, after a key on that level's line.
std::string Nested(const Json& json, int level) {
  return JsonElementText(json, level).substr(static_cast<std::size_t>(level) * 2);
}

// Euler angles in degrees of a rotation, in Blender's XYZ order: about X, then Y, then Z (fixed
// axes), so the rotation is Rz * Ry * Rx; Y in [-90, 90].
struct EulerXyz {
  double x = 0.0, y = 0.0, z = 0.0;
};

EulerXyz EulerXyzDegrees(const Quat& q) {
  double x = q.x, y = q.y, z = q.z, w = q.w;
  const double norm = std::sqrt(x * x + y * y + z * z + w * w);
  if (norm > 0.0) {
    x /= norm;
    y /= norm;
    z /= norm;
    w /= norm;
  }
  constexpr double kDegrees = 180.0 / std::numbers::pi;
  EulerXyz e;
  e.x = std::atan2(2.0 * (w * x + y * z), 1.0 - 2.0 * (x * x + y * y)) * kDegrees;
  e.y = std::asin(std::clamp(2.0 * (w * y - z * x), -1.0, 1.0)) * kDegrees;
  e.z = std::atan2(2.0 * (w * z + x * y), 1.0 - 2.0 * (y * y + z * z)) * kDegrees;
  return e;
}

// Fixed-point text: "-0.0000" shown as "0.0000".
std::string Fixed(double value, int decimals) {
  std::string s = fmt::format("{:.{}f}", value, decimals);
  if (s.find_first_not_of("-0.") == std::string::npos && s[0] == '-') s.erase(0, 1);
  return s;
}

// A table column of vectors: every component right-aligned to the widest in the column, so the
// components line up from row to row.
class VectorColumn {
 public:
  explicit VectorColumn(int decimals) : decimals_(decimals) {}
  void Add(std::initializer_list<double> values) {
    std::vector<std::string> cells;
    for (double v : values) {
      cells.push_back(Fixed(v, decimals_));
      width_ = std::max(width_, cells.back().size());
    }
    rows_.push_back(std::move(cells));
  }
  std::string Cell(std::size_t row) const {
    std::string s;
    for (const std::string& c : rows_[row])
      s += (s.empty() ? "" : " ") + std::string(width_ - c.size(), ' ') + c;
    return s;
  }

 private:
  int decimals_;
  std::size_t width_ = 0;
  std::vector<std::vector<std::string>> rows_;
};

class PoseTextReportImpl final : public FrameReport {
 public:
  explicit PoseTextReportImpl(bool colour) : colour_(colour) {}
  void Frame(const CapturedRun& run, const DumpFrame& frame, std::string& out) override {
    if (!first_) out += '\n';
    first_ = false;
    out += PoseText(run, frame, colour_);
  }
  void End(const CapturedRun&, std::string&) override {}

 private:
  bool colour_;
  bool first_ = true;
};

class PoseJsonReportImpl final : public FrameReport {
 public:
  explicit PoseJsonReportImpl(bool many) : many_(many) {}
  void Frame(const CapturedRun& run, const DumpFrame& frame, std::string& out) override {
    if (!many_) {
      out += PoseJsonText(run, frame, 0) + "\n";
      return;
    }
    out += first_ ? "[\n  " : ",\n  ";
    first_ = false;
    out += PoseJsonText(run, frame, 1);
  }
  void End(const CapturedRun&, std::string& out) override {
    if (many_) out += "\n]\n";
  }

 private:
  bool many_;
  bool first_ = true;
};

}  // namespace

std::string PoseNumber(float value) {
  if (!std::isfinite(value)) return "null";
  if (value == 0.0f) return "0.0";           // no "-0.0"
  std::string s = fmt::format("{}", value);  // fmt's shortest round-trip form of the float
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

std::string PoseJsonText(const CapturedRun& run, const DumpFrame& frame, int level) {
  const std::string in = Indent(level + 1);
  std::string out = "{\n" + in + "\"format_version\": " + std::to_string(kDumpFormatVersion);
  out += ",\n" + in + "\"kind\": \"pose\"";
  out += ",\n" + in + "\"frame\": " + std::to_string(frame.frame);
  out += ",\n" + in + "\"time\": " + JsonText(JsonNumber(frame.time));
  out += ",\n" + in + "\"bone_count\": " + std::to_string(frame.local_pose.size());
  out += ",\n" + in + "\"active_bones\": " + std::to_string(frame.active_bones);
  out += ",\n" + in + "\"machines\": " + Nested(MachinesJson(frame), level + 1);
  out += ",\n" + in + "\"blend_spaces\": " + Nested(BlendSpacesJson(frame), level + 1);
  out += ",\n" + in + "\"root\": {\"translation\": ";
  AppendNumbers(out, {frame.root.translation.x, frame.root.translation.y, frame.root.translation.z});
  out += ", \"rotation\": ";
  AppendNumbers(out,
                {frame.root.rotation.x, frame.root.rotation.y, frame.root.rotation.z, frame.root.rotation.w});
  out += "}";
  out += ",\n" + in + "\"curves\": [";
  for (std::size_t c = 0; c < frame.curves.size(); ++c) {
    const std::string name = c < run.curve_names.size() ? run.curve_names[c] : std::to_string(c);
    out += (c == 0 ? "\n" : ",\n") + Indent(level + 2) + "{\"name\": " + JsonString(name) +
           ", \"value\": " + PoseNumber(frame.curves[c]) + "}";
  }
  out += frame.curves.empty() ? "]" : "\n" + in + "]";
  out += ",\n" + in + "\"bones\": [";
  for (std::size_t b = 0; b < frame.local_pose.size(); ++b) {
    out += (b == 0 ? "\n" : ",\n") + Indent(level + 2);
    AppendBone(out, run, frame, b, level + 2);
  }
  out += frame.local_pose.empty() ? "]" : "\n" + in + "]";
  out += "\n" + Indent(level) + "}";
  return out;
}

std::string PoseText(const CapturedRun& run, const DumpFrame& frame, bool colour) {
  VectorColumn translation(4), rotation(4), euler(2), scale(4), position(4);
  for (std::size_t b = 0; b < frame.local_pose.size(); ++b) {
    const Transform& t = frame.local_pose[b];
    translation.Add({t.translation.x, t.translation.y, t.translation.z});
    rotation.Add({t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w});
    const EulerXyz e = EulerXyzDegrees(t.rotation);
    euler.Add({e.x, e.y, e.z});
    scale.Add({t.scale.x, t.scale.y, t.scale.z});
    const Vec3 p = b < frame.model.size() ? frame.model[b].Translation() : Vec3{};
    position.Add({p.x, p.y, p.z});
  }
  TextTable table(
      {"bone", "parent", "translation", "rotation (x y z w)", "euler XYZ (deg)", "scale", "model position"},
      {false, false, true, true, true, true, true});
  for (std::size_t b = 0; b < frame.local_pose.size(); ++b) {
    const int parent = Parent(run, b);
    // Bones past the LOD cut keep the bind pose: dimmed on a terminal.
    table.Add({Name(run, static_cast<int>(b)), parent < 0 ? "-" : Name(run, parent), translation.Cell(b),
               rotation.Cell(b), euler.Cell(b), scale.Cell(b), position.Cell(b)},
              static_cast<int>(b) >= frame.active_bones);
  }
  const std::size_t bones = frame.local_pose.size();
  std::string text = EscapeTerminal(FrameHeading(frame)) + "\n" + std::to_string(bones) +
                     (bones == 1 ? " bone" : " bones") +
                     ": local pose after the root lock (Euler angles in degrees about X, then Y, then Z), "
                     "model-space positions\n" +
                     table.Render(colour);
  if (frame.curves.empty()) return text;
  TextTable curves({"curve", "value"}, {false, true});
  for (std::size_t c = 0; c < frame.curves.size(); ++c)
    curves.Add(
        {c < run.curve_names.size() ? run.curve_names[c] : std::to_string(c), Fixed(frame.curves[c], 4)});
  return text + "\n" + std::to_string(frame.curves.size()) +
         (frame.curves.size() == 1 ? " curve" : " curves") + " of the output\n" + curves.Render(colour);
}

std::unique_ptr<FrameReport> PoseTextReport(bool colour) {
  return std::make_unique<PoseTextReportImpl>(colour);
}

std::unique_ptr<FrameReport> PoseJsonReport(bool many) {
  return std::make_unique<PoseJsonReportImpl>(many);
}

}  // namespace anim::dump
