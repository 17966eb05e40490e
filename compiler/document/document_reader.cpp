#include "compiler/document/document_reader.h"

#include <cmath>
#include <limits>

#include "compiler/diag/suggest.h"

namespace anim {
namespace {

std::string Quoted(std::string_view key) {
  return "'" + std::string(key) + "'";
}

// Integers beyond 2^53 are not exactly representable as the doubles numbers are parsed into.
constexpr double kMaxExactInteger = 9007199254740992.0;

}  // namespace

Diagnostic& DocumentReader::Error(std::string code, const DocNode& at, std::string message) {
  return Error(std::move(code), at.position, std::move(message));
}

Diagnostic& DocumentReader::Error(std::string code, TextPosition at, std::string message) {
  return diagnostics_.Error(std::move(code), document_.Locate(at), std::move(message));
}

void DocumentReader::Note(Diagnostic& to, const DocNode& at, std::string message) const {
  DiagnosticSink::AddNote(to, document_.Locate(at), std::move(message));
}

void DocumentReader::WrongType(const DocNode& node, std::string_view expected, std::string_view what) {
  std::string message =
      "expected " + std::string(expected) + " for " + std::string(what) + ", found " + DescribeNode(node);
  // A YAML plain scalar like `name: 01` reads as a number; quoting makes it a string.
  if (expected == "a string" && (node.kind == NodeKind::Number || node.kind == NodeKind::Bool)) {
    message += " (quote it to make it a string)";
  }
  Error("E102", node, std::move(message));
}

std::optional<std::string> DocumentReader::String(const DocNode& node, std::string_view what) {
  if (node.kind == NodeKind::String) return node.text;
  WrongType(node, "a string", what);
  return std::nullopt;
}

std::optional<double> DocumentReader::Number(const DocNode& node, std::string_view what) {
  return FiniteNumber(node, "a number", what);
}

std::optional<double> DocumentReader::FiniteNumber(const DocNode& node, std::string_view expected,
                                                   std::string_view what) {
  if (node.kind != NodeKind::Number) {
    WrongType(node, expected, what);
    return std::nullopt;
  }
  if (!std::isfinite(node.number)) {
    Error("E106", node, "expected a finite number for " + std::string(what) + ", found " + node.text);
    return std::nullopt;
  }
  return node.number;
}

std::optional<float> DocumentReader::Float(const DocNode& node, std::string_view what) {
  const std::optional<double> value = Number(node, what);
  if (!value) return std::nullopt;
  // The largest float's shortest spelling (3.4028235e+38) is a little above it as a double: what
  // rounds to a finite float is within range, up to half an ulp past the largest (0x1p103).
  constexpr double kFloatRoundingLimit = static_cast<double>(std::numeric_limits<float>::max()) + 0x1p103;
  if (!(std::fabs(*value) < kFloatRoundingLimit)) {
    Error("E106", node,
          "expected a number within float range for " + std::string(what) + ", found " + node.text);
    return std::nullopt;
  }
  return static_cast<float>(*value);
}

std::optional<std::int64_t> DocumentReader::Integer(const DocNode& node, std::string_view what) {
  const std::optional<double> value = FiniteNumber(node, "an integer", what);
  if (!value) return std::nullopt;
  if (std::trunc(*value) != *value) {
    WrongType(node, "an integer", what);
    return std::nullopt;
  }
  if (std::fabs(*value) > kMaxExactInteger) {
    Error("E106", node,
          "expected an integer of magnitude at most 2^53 for " + std::string(what) + ", found " + node.text);
    return std::nullopt;
  }
  return static_cast<std::int64_t>(*value);
}

std::optional<bool> DocumentReader::Bool(const DocNode& node, std::string_view what) {
  if (node.kind == NodeKind::Bool) return node.boolean;
  WrongType(node, "a boolean (true or false)", what);
  return std::nullopt;
}

std::optional<std::vector<float>> DocumentReader::FloatArray(const DocNode& node, std::string_view what) {
  if (!Sequence(node, what)) return std::nullopt;
  std::vector<float> values;
  values.reserve(node.items.size());
  bool ok = true;
  for (std::size_t i = 0; i < node.items.size(); ++i) {
    const std::optional<float> v = Float(*node.items[i], std::string(what) + "[" + std::to_string(i) + "]");
    ok = ok && v.has_value();
    values.push_back(v.value_or(0.0f));
  }
  if (!ok) return std::nullopt;
  return values;
}

const DocNode* DocumentReader::Sequence(const DocNode& node, std::string_view what) {
  if (node.kind == NodeKind::Sequence) return &node;
  WrongType(node, "a sequence", what);
  return nullptr;
}

const DocNode* DocumentReader::Mapping(const DocNode& node, std::string_view what) {
  if (node.kind == NodeKind::Mapping) return &node;
  WrongType(node, "a mapping", what);
  return nullptr;
}

void FieldReader::ReportUnknownFields() {
  for (const DocEntry& entry : mapping_.entries) {
    bool known = false;
    for (std::string_view field : known_fields_)
      known = known || entry.key == field;
    if (known) continue;
    std::string message = "unknown field '" + entry.key + "' in " + context_;
    std::string suggestion = DidYouMean(entry.key, known_fields_);
    if (suggestion.empty()) {
      suggestion = "; expected one of:";
      for (std::string_view field : known_fields_)
        suggestion += " " + std::string(field);
    }
    reader_.Error("E103", entry.key_position, message + suggestion);
  }
}

const DocNode* FieldReader::Get(std::string_view key, Field field) {
  const DocNode* value = mapping_.Find(key);
  if (value == nullptr && field == Field::Required) {
    reader_.Error("E101", mapping_, "missing required field " + Quoted(key) + " in " + context_);
  }
  return value;
}

std::optional<std::string> FieldReader::String(std::string_view key, Field field) {
  const DocNode* value = Get(key, field);
  return value ? reader_.String(*value, Quoted(key)) : std::nullopt;
}

std::optional<std::string> FieldReader::StringOrNull(std::string_view key, Field field) {
  const DocNode* value = Get(key, field);
  return value && !value->is_null() ? reader_.String(*value, Quoted(key)) : std::nullopt;
}

std::optional<double> FieldReader::Number(std::string_view key, Field field) {
  const DocNode* value = Get(key, field);
  return value ? reader_.Number(*value, Quoted(key)) : std::nullopt;
}

std::optional<float> FieldReader::Float(std::string_view key, Field field) {
  const DocNode* value = Get(key, field);
  return value ? reader_.Float(*value, Quoted(key)) : std::nullopt;
}

std::optional<std::int64_t> FieldReader::Integer(std::string_view key, Field field) {
  const DocNode* value = Get(key, field);
  return value ? reader_.Integer(*value, Quoted(key)) : std::nullopt;
}

std::optional<bool> FieldReader::Bool(std::string_view key, Field field) {
  const DocNode* value = Get(key, field);
  return value ? reader_.Bool(*value, Quoted(key)) : std::nullopt;
}

std::optional<std::vector<float>> FieldReader::FloatArray(std::string_view key, Field field) {
  const DocNode* value = Get(key, field);
  return value ? reader_.FloatArray(*value, Quoted(key)) : std::nullopt;
}

const DocNode* FieldReader::Sequence(std::string_view key, Field field) {
  const DocNode* value = Get(key, field);
  return value ? reader_.Sequence(*value, Quoted(key)) : nullptr;
}

const DocNode* FieldReader::Mapping(std::string_view key, Field field) {
  const DocNode* value = Get(key, field);
  return value ? reader_.Mapping(*value, Quoted(key)) : nullptr;
}

}  // namespace anim
