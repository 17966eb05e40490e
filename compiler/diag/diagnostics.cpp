#include "compiler/diag/diagnostics.h"

#include <nlohmann/json.hpp>

#include "compiler/diag/escape.h"
#include "compiler/diag/json_text.h"

namespace anim {
namespace {

const char* SeverityName(Severity s) {
  switch (s) {
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    case Severity::Note:
      return "note";
  }
  return "error";
}

nlohmann::json ToJson(const Diagnostic& d) {
  nlohmann::json j = {{"severity", SeverityName(d.severity)},
                      {"code", d.code},
                      {"file", d.location.file},
                      {"line", d.location.line},
                      {"column", d.location.column},
                      {"message", d.message}};
  nlohmann::json notes = nlohmann::json::array();
  for (const Diagnostic& n : d.notes)
    notes.push_back(ToJson(n));
  j["notes"] = std::move(notes);
  return j;
}

// The diagnostics a sink reports (FormatText, FormatJson).
std::vector<const Diagnostic*> Reported(const DiagnosticSink& sink, bool with_warnings) {
  bool errors = false;
  for (const Diagnostic& d : sink.diagnostics())
    errors = errors || d.severity == Severity::Error;
  std::vector<const Diagnostic*> reported;
  for (const Diagnostic& d : sink.diagnostics()) {
    if (d.severity != Severity::Warning || (with_warnings && !errors)) reported.push_back(&d);
  }
  return reported;
}

}  // namespace

Diagnostic& DiagnosticSink::Error(std::string code, SourceLocation location, std::string message) {
  diagnostics_.push_back({Severity::Error, std::move(code), std::move(location), std::move(message), {}});
  return diagnostics_.back();
}

Diagnostic& DiagnosticSink::Warning(std::string code, SourceLocation location, std::string message) {
  if (disabled_.contains(code)) {
    dropped_ = {};
    return dropped_;
  }
  const Severity severity =
      warnings_as_errors_ || promoted_.contains(code) ? Severity::Error : Severity::Warning;
  diagnostics_.push_back({severity, std::move(code), std::move(location), std::move(message), {}});
  return diagnostics_.back();
}

void DiagnosticSink::AddNote(Diagnostic& to, SourceLocation location, std::string message) {
  to.notes.push_back({Severity::Note, "", std::move(location), std::move(message), {}});
}

bool DiagnosticSink::has_errors() const {
  return error_count() > 0;
}

int DiagnosticSink::error_count() const {
  int n = 0;
  for (const Diagnostic& d : diagnostics_) {
    if (d.severity == Severity::Error) ++n;
  }
  return n;
}

int DiagnosticSink::warning_count() const {
  int n = 0;
  for (const Diagnostic& d : diagnostics_)
    n += d.severity == Severity::Warning ? 1 : 0;
  return n;
}

void DiagnosticSink::Append(const DiagnosticSink& other) {
  diagnostics_.insert(diagnostics_.end(), other.diagnostics_.begin(), other.diagnostics_.end());
}

std::string FormatLocation(const SourceLocation& location) {
  std::string s = location.file.empty() ? "<input>" : EscapeTerminal(location.file);
  if (location.line > 0) {
    s += ":" + std::to_string(location.line);
    if (location.column > 0) s += ":" + std::to_string(location.column);
  }
  return s;
}

std::string FormatText(const Diagnostic& d) {
  std::string s = FormatLocation(d.location) + ": " + SeverityName(d.severity);
  if (!d.code.empty()) s += "[" + d.code + "]";
  s += ": " + EscapeTerminal(d.message) + "\n";
  for (const Diagnostic& n : d.notes)
    s += FormatText(n);
  return s;
}

std::string FormatText(const DiagnosticSink& sink, bool with_warnings) {
  std::string s;
  for (const Diagnostic* d : Reported(sink, with_warnings))
    s += FormatText(*d);
  return s;
}

std::string FormatJson(const DiagnosticSink& sink, bool with_warnings) {
  nlohmann::json out = nlohmann::json::array();
  for (const Diagnostic* d : Reported(sink, with_warnings))
    out.push_back(ToJson(*d));
  return JsonText(out, 2) + "\n";
}

}  // namespace anim
