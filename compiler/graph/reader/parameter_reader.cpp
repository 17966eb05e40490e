#include "compiler/graph/reader/parameter_reader.h"

#include <algorithm>
#include <limits>

#include "compiler/expr/functions.h"

namespace anim::graph {
namespace {

constexpr std::string_view kParamTypes[] = {"float", "bool", "int", "trigger", "vec3"};
constexpr std::string_view kRangedParamFields[] = {"type", "default", "min", "max"};
constexpr std::string_view kPlainParamFields[] = {"type", "default"};

bool IsIdentifier(std::string_view name) {
  if (name.empty()) return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    if (!letter && !(i > 0 && c >= '0' && c <= '9')) return false;
  }
  return true;
}

void ReadDefault(DocumentReader& reader, const DocNode& value, ParamDesc& param) {
  switch (param.type) {
    case ParamType::Float:
      param.default_value[0] = reader.Float(value, "'default'").value_or(0.0f);
      break;
    case ParamType::Int:
      param.default_value[0] = static_cast<float>(reader.Integer(value, "'default'").value_or(0));
      break;
    case ParamType::Bool:
    case ParamType::Trigger:
      param.default_value[0] = reader.Bool(value, "'default'").value_or(false) ? 1.0f : 0.0f;
      break;
    case ParamType::Vec3:
      if (const std::optional<std::vector<float>> v = reader.FloatArray(value, "'default'")) {
        if (v->size() != 3) {
          reader.Error("E105", value,
                       "expected 3 numbers (x, y, z) for 'default', found " + std::to_string(v->size()));
        } else {
          std::copy(v->begin(), v->end(), param.default_value);
        }
      }
      break;
  }
}

void ReadParameter(DocumentReader& reader, const DocNode& node, const std::string& what, ParamDesc& param) {
  const DocNode* type_node = node.Find("type");
  int type = -1;
  if (type_node == nullptr) {
    reader.Error("E101", node, "missing required field 'type' in " + what);
  } else {
    type = ReadOption(reader, *type_node, "'type' of " + what, kParamTypes);
  }
  const bool ranged = type == 0 || type == 2;
  FieldReader fields(reader, node, what,
                     ranged || type < 0 ? std::span<const std::string_view>(kRangedParamFields)
                                        : std::span<const std::string_view>(kPlainParamFields));
  fields.ReportUnknownFields();
  if (type < 0) return;
  param.type = static_cast<ParamType>(type);
  if (const DocNode* value = fields.Find("default")) ReadDefault(reader, *value, param);
  if (!ranged) return;
  const DocNode* min = fields.Find("min");
  const DocNode* max = fields.Find("max");
  if (min == nullptr && max == nullptr) return;
  param.has_range = true;
  param.min = min ? reader.Float(*min, "'min'").value_or(0.0f) : -std::numeric_limits<float>::max();
  param.max = max ? reader.Float(*max, "'max'").value_or(0.0f) : std::numeric_limits<float>::max();
  if (min && max && param.min > param.max) {
    reader.Error(
        "E012", *min,
        "'min' " + Number(param.min) + " is greater than 'max' " + Number(param.max) + " in " + what);
    return;
  }
  const DocNode* fallback = fields.Find("default");
  const float d = param.default_value[0];
  if (fallback != nullptr && (d < param.min || d > param.max)) {
    reader.Error("E012", *fallback,
                 "default " + Number(d) + " of " + what + " is outside its range [" +
                     (min ? Number(param.min) : "-inf") + ", " + (max ? Number(param.max) : "inf") + "]");
  }
}

}  // namespace

void ReadParameters(GraphReadState& state, const DocNode& params) {
  DocumentReader& reader = state.reader;
  if (reader.Mapping(params, "'parameters'") == nullptr) return;
  for (const DocEntry& entry : params.entries) {
    const std::string what = "parameter " + Quoted(entry.key);
    if (!IsIdentifier(entry.key) || expr::IsReservedName(entry.key)) {
      reader.Error("E019", entry.key_position,
                   IsIdentifier(entry.key)
                       ? "parameter name " + Quoted(entry.key) + " is reserved by the expression language"
                       : "parameter name " + Quoted(entry.key) +
                             " is not an identifier (letters, digits and '_', not starting with a digit)");
    }
    ParamDesc param;
    param.name = entry.key;
    if (reader.Mapping(*entry.value, what) != nullptr) ReadParameter(reader, *entry.value, what, param);
    state.model.params.push_back(std::move(param));
  }
}

}  // namespace anim::graph
