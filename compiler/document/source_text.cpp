#include "compiler/document/source_text.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace anim {
namespace {

std::string Hex(unsigned char byte) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "0x%02X", static_cast<unsigned>(byte));
  return buffer;
}

// Length of the UTF-8 sequence starting at `i`, or 0 when it is malformed (including overlong
// forms, surrogates and code points past U+10FFFF).
std::size_t Utf8SequenceLength(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char min_second = 0x80, max_second = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) min_second = 0xA0;
    if (lead == 0xED) max_second = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) min_second = 0x90;
    if (lead == 0xF4) max_second = 0x8F;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  if (byte(i + 1) < min_second || byte(i + 1) > max_second) return 0;
  for (std::size_t k = 2; k < length; ++k) {
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  }
  return length;
}

}  // namespace

std::optional<std::string> ReadSourceFile(const std::string& path, DiagnosticSink& diagnostics) {
  const SourceLocation where{path, 0, 0};
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (!std::filesystem::exists(status)) {
    diagnostics.Error("E100", where, "cannot read the file: it does not exist");
    return std::nullopt;
  }
  if (std::filesystem::is_directory(status)) {
    diagnostics.Error("E100", where, "cannot read the file: it is a directory");
    return std::nullopt;
  }
  const std::uintmax_t size = std::filesystem::file_size(path, error);
  if (!error && size > kMaxDocumentBytes) {
    diagnostics.Error("E100", where,
                      "cannot read the file: it holds " + std::to_string(size) +
                          " bytes; documents are limited to " + std::to_string(kMaxDocumentBytes) + " bytes");
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    diagnostics.Error("E100", where, "cannot read the file: it cannot be opened for reading");
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    diagnostics.Error("E100", where, "cannot read the file: a read error occurred");
    return std::nullopt;
  }
  return std::move(text).str();
}

bool CheckSourceText(std::string_view text, const std::string& file_name, DiagnosticSink& diagnostics) {
  int line = 1, column = 1;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t length = Utf8SequenceLength(text, i);
    if (length == 0) {
      diagnostics.Error("E100", {file_name, line, column},
                        "not a UTF-8 text file: byte " + Hex(c) + " is not valid UTF-8");
      return false;
    }
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) {
      diagnostics.Error("E100", {file_name, line, column},
                        "not a text file: control character " + Hex(c) + " is not allowed");
      return false;
    }
    if (c == '\n') {
      ++line;
      column = 1;
    } else {
      column += static_cast<int>(length);
    }
    i += length;
  }
  return true;
}

}  // namespace anim
