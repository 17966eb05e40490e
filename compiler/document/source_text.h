// Getting document text in: reading a file whole, and refusing text a parser should never see
// (binary data, invalid UTF-8, control characters), each as E100 with the path as given.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "compiler/diag/diagnostics.h"

namespace anim {

// Inputs larger than this are refused rather than read into memory: a regular file by its size
// before anything is read, anything without a size (a FIFO, a device such as /dev/zero, standard
// input) once more than this has arrived.
inline constexpr std::size_t kMaxDocumentBytes = 256u << 20;

// The outcome of reading a whole input with a cap on its size.
struct BoundedRead {
  enum class Failure { None, Missing, Directory, TooLarge, System };
  std::optional<std::string> bytes;  // set on success
  Failure failure = Failure::None;
  int error = 0;            // System: errno of the failing call
  std::uintmax_t size = 0;  // TooLarge: the file's size when it could be known beforehand, else 0
  std::size_t limit = 0;    // TooLarge: the cap

  // Why it failed, to follow "cannot read ...: ": "it does not exist", "it is a directory", "it
  // holds more than 268435456 bytes ...", or strerror of the failing call.
  std::string Reason() const;
};

// Reads `path` (a regular file, a FIFO, a character device) in chunks, never holding more than
// `limit` bytes. Opening a FIFO waits for a writer, as any reader does.
BoundedRead ReadBounded(const std::string& path, std::size_t limit = kMaxDocumentBytes);
// The same for an open descriptor (standard input: STDIN_FILENO); the descriptor stays open.
BoundedRead ReadBoundedDescriptor(int fd, std::size_t limit = kMaxDocumentBytes);

// ReadBounded with every failure reported as E100 at `path`.
std::optional<std::string> ReadSourceFile(const std::string& path, DiagnosticSink& diagnostics);

// Reports the first byte that is not valid UTF-8 or is a control character other than tab, line
// feed and carriage return. Returns whether the text is acceptable.
bool CheckSourceText(std::string_view text, const std::string& file_name, DiagnosticSink& diagnostics);

}  // namespace anim
