// Getting document text in: reading a file whole, and refusing text a parser should never see
// (binary data, invalid UTF-8, control characters), each as E100 with the path as given.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "compiler/diag/diagnostics.h"

namespace anim {

// Files larger than this are refused rather than read into memory.
inline constexpr std::size_t kMaxDocumentBytes = 256u << 20;

std::optional<std::string> ReadSourceFile(const std::string& path, DiagnosticSink& diagnostics);

// Reports the first byte that is not valid UTF-8 or is a control character other than tab, line
// feed and carriage return. Returns whether the text is acceptable.
bool CheckSourceText(std::string_view text, const std::string& file_name, DiagnosticSink& diagnostics);

}  // namespace anim
