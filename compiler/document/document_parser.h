// JSON or YAML text to a Document, through yaml-cpp (which reads JSON as YAML flow style).
// Malformed input is E100 at the parser's line and column; a key written twice in one mapping is
// E112 with a note at the first one (yaml-cpp would silently keep one of them).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "compiler/diag/diagnostics.h"
#include "compiler/document/document.h"

namespace anim {

// Budgets of one document (E100 past either, at the place it is crossed): values (scalars,
// sequences and mappings, about a hundred bytes each once read) and nesting depth (the parser
// recurses per level, so a deep file must stop well before the stack does).
inline constexpr std::size_t kMaxDocumentValues = std::size_t{1} << 22;
inline constexpr std::size_t kMaxDocumentDepth = 256;

// Returns nullopt only when there is no tree to read (E100: not text, malformed, empty, or more
// than one document, or past a budget). Other problems (E112 duplicate key, E102 non-text key, E100 an alias
// inside its own anchor) are reported and the document is still returned, so the caller can report the rest
// of the file's problems; check the sink before using the result.
std::optional<Document> ParseDocument(std::string_view text, const std::string& file_name,
                                      DiagnosticSink& diagnostics);

// Reads and parses a file; `path` is used as given as the file name in diagnostics.
std::optional<Document> LoadDocumentFile(const std::string& path, DiagnosticSink& diagnostics);

}  // namespace anim
