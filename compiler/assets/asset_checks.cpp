#include "compiler/assets/asset_checks.h"

#include <charconv>
#include <cmath>

namespace anim {

bool CheckFormatAndVersion(DocumentReader& reader, FieldReader& fields, std::string_view expected_format) {
  if (const std::optional<std::string> format = fields.String("format", Field::Required)) {
    if (*format != expected_format) {
      reader.Error("E104", *fields.Find("format"),
                   "expected format '" + std::string(expected_format) + "', found '" + *format + "'");
      return false;
    }
  }
  if (const std::optional<std::int64_t> version = fields.Integer("version", Field::Required)) {
    if (*version != kAssetVersion) {
      reader.Error("E104", *fields.Find("version"),
                   "unsupported version " + std::to_string(*version) + "; expected version " +
                       std::to_string(kAssetVersion));
      return false;
    }
  }
  return true;
}

std::optional<std::string> RequiredName(DocumentReader& reader, FieldReader& fields, std::string_view key) {
  std::optional<std::string> name = fields.String(key, Field::Required);
  if (name && name->empty()) {
    reader.Error("E106", *fields.Find(key), "expected a non-empty string for '" + std::string(key) + "'");
    return std::nullopt;
  }
  return name;
}

std::optional<Quat> UnitQuaternion(DocumentReader& reader, const DocNode& at, const float* xyzw,
                                   std::string_view what) {
  const Quat q{xyzw[0], xyzw[1], xyzw[2], xyzw[3]};
  const float length = std::sqrt(Dot(q, q));
  if (!(std::fabs(length - 1.0f) <= kUnitQuaternionTolerance)) {
    reader.Error("E107", at,
                 std::string(what) + " is not a unit quaternion: length " + FormatFloat(length) +
                     " (expected 1 within " + FormatFloat(kUnitQuaternionTolerance) + ")");
    return std::nullopt;
  }
  return Normalize(q);
}

std::string FormatFloat(float value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

}  // namespace anim
