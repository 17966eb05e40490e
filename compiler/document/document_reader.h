// Typed reading of document nodes with precise diagnostics: every read that fails reports what was
// expected and what was found, at the offending node (for an array, the offending element), and
// returns nullopt so the caller can go on and report the file's other problems.
//
// Codes: E101 missing field, E102 wrong type, E103 unknown field, E106 out of range (here:
// non-finite numbers, numbers past float or integer range).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/diag/diagnostics.h"
#include "compiler/document/document.h"

namespace anim {

class DocumentReader {
 public:
  DocumentReader(const Document& document, DiagnosticSink& diagnostics)
      : document_(document), diagnostics_(diagnostics) {}

  Diagnostic& Error(std::string code, const DocNode& at, std::string message);
  Diagnostic& Error(std::string code, TextPosition at, std::string message);
  void Note(Diagnostic& to, const DocNode& at, std::string message) const;

  // `what` names the value in messages: "'name'", "'bones'[2]".
  std::optional<std::string> String(const DocNode& node, std::string_view what);
  // A finite number.
  std::optional<double> Number(const DocNode& node, std::string_view what);
  // A finite number that is also finite as a float.
  std::optional<float> Float(const DocNode& node, std::string_view what);
  // A whole number (written 3 or 3.0) of magnitude at most 2^53.
  std::optional<std::int64_t> Integer(const DocNode& node, std::string_view what);
  std::optional<bool> Bool(const DocNode& node, std::string_view what);
  // A sequence of floats. Every bad element is reported at the element.
  std::optional<std::vector<float>> FloatArray(const DocNode& node, std::string_view what);
  // `node` itself when it has that kind, else E102 and null.
  const DocNode* Sequence(const DocNode& node, std::string_view what);
  const DocNode* Mapping(const DocNode& node, std::string_view what);

 private:
  void WrongType(const DocNode& node, std::string_view expected, std::string_view what);
  // A finite number; `expected` names the wanted type when the node is not a number at all.
  std::optional<double> FiniteNumber(const DocNode& node, std::string_view expected, std::string_view what);

  const Document& document_;
  DiagnosticSink& diagnostics_;
};

enum class Field { Required, Optional };

// The fields of one mapping, read against the fixed list of keys it may hold. Each typed read
// reports E101 when a Field::Required key is absent, and the reader's type errors when present;
// it returns nullopt both when the field is absent and when it was reported as wrong, so callers
// use values only when the sink gained no errors.
class FieldReader {
 public:
  // `context` names the mapping in messages: "the skeleton", "'bones'[2]". `known_fields` must
  // outlive the reader (a constant array, typically).
  FieldReader(DocumentReader& reader, const DocNode& mapping, std::string context,
              std::span<const std::string_view> known_fields)
      : reader_(reader), mapping_(mapping), context_(std::move(context)), known_fields_(known_fields) {}

  // E103 for every key outside the known fields, with a "did you mean" or the list of known fields.
  void ReportUnknownFields();

  // The value of `key`, or null when absent (no diagnostic): for placing later range errors.
  const DocNode* Find(std::string_view key) const { return mapping_.Find(key); }
  // The value of `key`; E101 at the mapping when it is required and absent.
  const DocNode* Get(std::string_view key, Field field);

  std::optional<std::string> String(std::string_view key, Field field);
  // A string, or null meaning "none" (nullopt, no error).
  std::optional<std::string> StringOrNull(std::string_view key, Field field);
  std::optional<double> Number(std::string_view key, Field field);
  std::optional<float> Float(std::string_view key, Field field);
  std::optional<std::int64_t> Integer(std::string_view key, Field field);
  std::optional<bool> Bool(std::string_view key, Field field);
  std::optional<std::vector<float>> FloatArray(std::string_view key, Field field);
  const DocNode* Sequence(std::string_view key, Field field);
  const DocNode* Mapping(std::string_view key, Field field);

 private:
  DocumentReader& reader_;
  const DocNode& mapping_;
  std::string context_;
  std::span<const std::string_view> known_fields_;
};

}  // namespace anim
