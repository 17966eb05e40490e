// Compiler-style diagnostics: every problem in a run, each with a code, a source location and
// optional notes, printed as `file:line:col: error[E0xx]: message` or as JSON for tools.
#pragma once

#include <set>
#include <string>
#include <vector>

namespace anim {

enum class Severity { Error, Warning, Note };

// 1-based line and column; 0 means unknown (the location then prints as just the file).
struct SourceLocation {
  std::string file;
  int line = 0;
  int column = 0;
};

struct Diagnostic {
  Severity severity = Severity::Error;
  std::string code;  // "E012"; empty for notes
  SourceLocation location;
  std::string message;
  std::vector<Diagnostic> notes;  // related places: a first definition, the rest of a cycle
};

class DiagnosticSink {
 public:
  // Adds a diagnostic and returns it so the caller can attach notes.
  Diagnostic& Error(std::string code, SourceLocation location, std::string message);
  Diagnostic& Warning(std::string code, SourceLocation location, std::string message);
  static void AddNote(Diagnostic& to, SourceLocation location, std::string message);

  // With -Werror, warnings given from then on are errors (their codes stay theirs).
  void set_warnings_as_errors(bool on) { warnings_as_errors_ = on; }
  // -Wno-CODE: warnings with `code` are dropped. -Werror=CODE: they are errors. For one code the
  // later call wins, as with compilers' flags.
  void DisableWarning(std::string code) {
    promoted_.erase(code);
    disabled_.insert(std::move(code));
  }
  void PromoteWarning(std::string code) {
    disabled_.erase(code);
    promoted_.insert(std::move(code));
  }

  bool has_errors() const;
  int error_count() const;
  int warning_count() const;
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
  void Append(const DiagnosticSink& other);

 private:
  std::vector<Diagnostic> diagnostics_;
  bool warnings_as_errors_ = false;
  std::set<std::string> disabled_, promoted_;
  Diagnostic dropped_;  // what Warning returns for a disabled code, so notes have somewhere to go
};

// `file:line:col`, the file name as terminal text (compiler/diag/escape.h: EscapeTerminal).
std::string FormatLocation(const SourceLocation& location);
// `file:line:col: error[E012]: message`, then one `file:line:col: note: ...` line per note. File
// names and messages (which quote names from documents) are escaped as terminal text, so each
// diagnostic is exactly one line and holds no control character.
std::string FormatText(const Diagnostic& diagnostic);
// A sink's diagnostics: only its errors when it holds any (a warning about a graph that does not
// compile is noise: a cycle's nodes are all "unused"), else everything. `with_warnings` false
// (-q) leaves warnings out in any case.
std::string FormatText(const DiagnosticSink& sink, bool with_warnings = true);
// The same as a JSON array of {severity, code, file, line, column, message, notes}; ill-formed
// UTF-8 in a file name or message becomes U+FFFD.
std::string FormatJson(const DiagnosticSink& sink, bool with_warnings = true);

}  // namespace anim
