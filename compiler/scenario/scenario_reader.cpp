// Codes: E004 unknown parameter (as in graphs), E101 missing field (or an event that is not exactly
// one of set / ramp / fire / lod), E102 wrong type (including a value that does not fit the parameter's
// type), E103 unknown field, E104 format or version, E105 a vec3 without 3 numbers, E106 out of
// range (non-positive frame count or time step, negative times, events past the last frame, a
// ramp that ends before it starts, a bone count past the format's limit).
#include "compiler/scenario/scenario_reader.h"

#include <array>
#include <cmath>
#include <vector>

#include "compiler/assets/asset_checks.h"
#include "compiler/diag/suggest.h"
#include "compiler/document/document_parser.h"
#include "compiler/document/document_reader.h"
#include "executor/pose/skeleton.h"

namespace anim {
namespace {

constexpr std::string_view kScenarioFormat = "animtc.scenario";
constexpr int kMaxFrames = 1000000;
constexpr std::array<std::string_view, 5> kScenarioFields = {"format", "version", "frames", "delta_time",
                                                             "events"};
constexpr std::array<std::string_view, 3> kSetFields = {"set", "at", "value"};
constexpr std::array<std::string_view, 2> kFireFields = {"fire", "at"};
constexpr std::array<std::string_view, 5> kRampFields = {"ramp", "start", "end", "from", "to"};
constexpr std::array<std::string_view, 2> kLodFields = {"lod", "at"};

class ScenarioReader {
 public:
  ScenarioReader(DocumentReader& reader, const Program& program) : reader_(reader), program_(program) {
    for (const ParamDesc& d : program.params)
      names_.push_back(d.name);
  }

  std::optional<Scenario> Read(const DocNode& root) {
    if (!reader_.Mapping(root, "the scenario document")) return std::nullopt;
    FieldReader fields(reader_, root, "the scenario", kScenarioFields);
    if (!CheckFormatAndVersion(reader_, fields, kScenarioFormat)) return std::nullopt;
    fields.ReportUnknownFields();

    Scenario scenario;
    if (const std::optional<std::int64_t> frames = fields.Integer("frames", Field::Required)) {
      if (*frames < 1 || *frames > kMaxFrames) {
        reader_.Error("E106", *fields.Find("frames"),
                      "expected 'frames' between 1 and " + std::to_string(kMaxFrames) + ", found " +
                          std::to_string(*frames));
      } else {
        scenario.frame_count = static_cast<int>(*frames);
      }
    }
    bool timing_ok = true;
    if (const std::optional<float> dt = fields.Float("delta_time", Field::Required)) {
      if (!(*dt > 0.0f)) {
        reader_.Error("E106", *fields.Find("delta_time"),
                      "expected a positive 'delta_time', found " + FormatFloat(*dt));
        timing_ok = false;
      } else {
        scenario.delta_time = *dt;
      }
    } else {
      timing_ok = false;
    }
    end_time_ = static_cast<float>(scenario.frame_count - 1) * scenario.delta_time;
    check_end_ = timing_ok && fields.Find("frames") != nullptr;
    if (const DocNode* events = fields.Sequence("events", Field::Optional)) {
      for (std::size_t i = 0; i < events->items.size(); ++i)
        ReadEvent(*events->items[i], i, scenario);
    }
    return scenario;
  }

 private:
  void ReadEvent(const DocNode& node, std::size_t index, Scenario& scenario) {
    const std::string where = "'events'[" + std::to_string(index) + "]";
    if (!reader_.Mapping(node, where)) return;
    const bool set = node.Find("set") != nullptr, ramp = node.Find("ramp") != nullptr,
               fire = node.Find("fire") != nullptr, lod = node.Find("lod") != nullptr;
    if (static_cast<int>(set) + static_cast<int>(ramp) + static_cast<int>(fire) + static_cast<int>(lod) !=
        1) {
      reader_.Error("E101", node, where + " must have exactly one of 'set', 'ramp', 'fire' or 'lod'");
      return;
    }
    if (lod) {
      ReadLodEvent(node, where, scenario);
      return;
    }
    ParamEvent e;
    if (set) {
      FieldReader fields(reader_, node, where, kSetFields);
      fields.ReportUnknownFields();
      e.kind = ParamEventKind::Set;
      const ParamDesc* param = Param(fields, "set", e);
      const std::optional<float> at = Time(fields, "at");
      const bool value = param && Value(fields, "value", *param, e.from);
      if (!param || !at || !value) return;
      e.time = *at;
    } else if (fire) {
      FieldReader fields(reader_, node, where, kFireFields);
      fields.ReportUnknownFields();
      e.kind = ParamEventKind::Fire;
      const ParamDesc* param = Param(fields, "fire", e);
      const std::optional<float> at = Time(fields, "at");
      if (param && param->type != ParamType::Trigger) {
        reader_.Error("E102", *fields.Find("fire"),
                      "'fire' needs a trigger parameter; '" + param->name + "' is a " +
                          ParamTypeName(param->type) + " (use 'set')");
        return;
      }
      if (!param || !at) return;
      e.time = *at;
    } else {
      FieldReader fields(reader_, node, where, kRampFields);
      fields.ReportUnknownFields();
      e.kind = ParamEventKind::Ramp;
      const ParamDesc* param = Param(fields, "ramp", e);
      if (param && param->type != ParamType::Float && param->type != ParamType::Int &&
          param->type != ParamType::Vec3) {
        reader_.Error("E102", *fields.Find("ramp"),
                      "'ramp' needs a float, int or vec3 parameter; '" + param->name + "' is a " +
                          ParamTypeName(param->type));
        return;
      }
      const std::optional<float> start = Time(fields, "start");
      const std::optional<float> end = Time(fields, "end");
      const bool from = param && Value(fields, "from", *param, e.from);
      const bool to = param && Value(fields, "to", *param, e.to);
      if (!param || !start || !end || !from || !to) return;
      if (*end < *start) {
        reader_.Error(
            "E106", *fields.Find("end"),
            "the ramp ends (" + FormatFloat(*end) + " s) before it starts (" + FormatFloat(*start) + " s)");
        return;
      }
      e.time = *start;
      e.end_time = *end;
    }
    scenario.events.push_back(e);
  }

  // {lod: N, at: t}: from t on, frames sample and blend only the first N bones (0: every bone).
  void ReadLodEvent(const DocNode& node, const std::string& where, Scenario& scenario) {
    FieldReader fields(reader_, node, where, kLodFields);
    fields.ReportUnknownFields();
    const std::optional<std::int64_t> bones = fields.Integer("lod", Field::Required);
    const std::optional<float> at = Time(fields, "at");
    if (bones && (*bones < 0 || *bones > kMaxBones)) {
      reader_.Error("E106", *fields.Find("lod"),
                    "expected 'lod' between 0 (every bone) and " + std::to_string(kMaxBones) +
                        " bones, found " + std::to_string(*bones));
      return;
    }
    if (!bones || !at) return;
    scenario.lod_events.push_back({*at, static_cast<int>(*bones)});
  }

  const ParamDesc* Param(FieldReader& fields, std::string_view key, ParamEvent& e) {
    const std::optional<std::string> name = fields.String(key, Field::Required);
    if (!name) return nullptr;
    for (std::size_t i = 0; i < program_.params.size(); ++i) {
      if (program_.params[i].name == *name) {
        e.param = static_cast<uint16_t>(i);
        return &program_.params[i];
      }
    }
    std::string message = "unknown parameter '" + *name + "'";
    const std::string hint = DidYouMean(*name, names_);
    message += hint.empty() ? "; the graph has no such parameter" : hint;
    reader_.Error("E004", *fields.Find(key), message);
    return nullptr;
  }

  // A time in seconds: >= 0 and not past the last frame.
  std::optional<float> Time(FieldReader& fields, std::string_view key) {
    const std::optional<float> t = fields.Float(key, Field::Required);
    if (!t) return std::nullopt;
    if (*t < 0.0f) {
      reader_.Error("E106", *fields.Find(key),
                    "'" + std::string(key) + "' must not be negative, found " + FormatFloat(*t));
      return std::nullopt;
    }
    if (check_end_ && *t > end_time_ * (1.0f + 1e-6f) + 1e-6f) {
      reader_.Error("E106", *fields.Find(key),
                    "'" + std::string(key) + "' is " + FormatFloat(*t) + " s, past the last frame at " +
                        FormatFloat(end_time_) + " s");
      return std::nullopt;
    }
    return t;
  }

  // A value of the parameter's type into `out`.
  bool Value(FieldReader& fields, std::string_view key, const ParamDesc& param, float* out) {
    const DocNode* node = fields.Get(key, Field::Required);
    if (node == nullptr) return false;
    const std::string what =
        "'" + std::string(key) + "' of " + ParamTypeName(param.type) + " parameter '" + param.name + "'";
    switch (param.type) {
      case ParamType::Float: {
        const std::optional<float> v = reader_.Float(*node, what);
        if (v) out[0] = *v;
        return v.has_value();
      }
      case ParamType::Int: {
        const std::optional<std::int64_t> v = reader_.Integer(*node, what);
        if (v) out[0] = static_cast<float>(*v);
        return v.has_value();
      }
      case ParamType::Bool: {
        const std::optional<bool> v = reader_.Bool(*node, what);
        if (v) out[0] = *v ? 1.0f : 0.0f;
        return v.has_value();
      }
      case ParamType::Trigger:
        reader_.Error("E102", *node,
                      "'" + param.name + "' is a trigger: fire it with 'fire' instead of setting it");
        return false;
      case ParamType::Vec3: {
        const std::optional<std::vector<float>> v = reader_.FloatArray(*node, what);
        if (!v) return false;
        if (v->size() != 3) {
          reader_.Error("E105", *node,
                        "expected 3 numbers for " + what + ", found " + std::to_string(v->size()));
          return false;
        }
        for (int c = 0; c < 3; ++c)
          out[c] = (*v)[static_cast<std::size_t>(c)];
        return true;
      }
    }
    return false;
  }

  DocumentReader& reader_;
  const Program& program_;
  std::vector<std::string_view> names_;
  float end_time_ = 0.0f;
  bool check_end_ = false;
};

}  // namespace

std::optional<Scenario> ParseScenario(std::string_view text, const std::string& file_name,
                                      const Program& program, DiagnosticSink& diagnostics) {
  const int errors_before = diagnostics.error_count();
  std::optional<Document> document = ParseDocument(text, file_name, diagnostics);
  if (!document) return std::nullopt;
  DocumentReader reader(*document, diagnostics);
  std::optional<Scenario> scenario = ScenarioReader(reader, program).Read(document->root());
  if (diagnostics.error_count() != errors_before) return std::nullopt;
  return scenario;
}

std::optional<Scenario> LoadScenarioFile(const std::string& path, const Program& program,
                                         DiagnosticSink& diagnostics) {
  const int errors_before = diagnostics.error_count();
  std::optional<Document> document = LoadDocumentFile(path, diagnostics);
  if (!document) return std::nullopt;
  DocumentReader reader(*document, diagnostics);
  std::optional<Scenario> scenario = ScenarioReader(reader, program).Read(document->root());
  if (diagnostics.error_count() != errors_before) return std::nullopt;
  return scenario;
}

}  // namespace anim
