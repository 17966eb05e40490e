#include "compiler/document/source_text.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

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

std::string BoundedRead::Reason() const {
  const std::string cap = std::to_string(limit) + " bytes (" + std::to_string(limit >> 20) + " MiB)";
  switch (failure) {
    case Failure::None:
      return "";
    case Failure::Missing:
      return "it does not exist";
    case Failure::Directory:
      return "it is a directory";
    case Failure::TooLarge:
      if (size > 0) return "it holds " + std::to_string(size) + " bytes; documents are limited to " + cap;
      return "it holds more than " + cap + ", the limit on documents";
    case Failure::System:
      return std::strerror(error);
  }
  return "";
}

BoundedRead ReadBoundedDescriptor(int fd, std::size_t limit) {
  BoundedRead out;
  out.limit = limit;
  struct stat st {};
  if (::fstat(fd, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      out.failure = BoundedRead::Failure::Directory;
      return out;
    }
    if (S_ISREG(st.st_mode) && static_cast<std::uintmax_t>(st.st_size) > limit) {
      out.failure = BoundedRead::Failure::TooLarge;
      out.size = static_cast<std::uintmax_t>(st.st_size);
      return out;
    }
  }
  // Chunks, whatever the size said: a file can grow while it is read, and FIFOs, devices and
  // pipes have no size. The text never holds more than `limit` bytes.
  std::string text;
  if (S_ISREG(st.st_mode) && st.st_size > 0) text.reserve(static_cast<std::size_t>(st.st_size));
  std::vector<char> chunk(std::size_t{1} << 16);
  for (;;) {
    const ssize_t n = ::read(fd, chunk.data(), chunk.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      out.failure = BoundedRead::Failure::System;
      out.error = errno;
      return out;
    }
    if (n == 0) break;
    if (static_cast<std::size_t>(n) > limit - text.size()) {
      out.failure = BoundedRead::Failure::TooLarge;
      return out;
    }
    text.append(chunk.data(), static_cast<std::size_t>(n));
  }
  out.bytes = std::move(text);
  return out;
}

BoundedRead ReadBounded(const std::string& path, std::size_t limit) {
  int fd = -1;
  do {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) {
    BoundedRead out;
    out.limit = limit;
    out.error = errno;
    out.failure = errno == ENOENT   ? BoundedRead::Failure::Missing
                  : errno == EISDIR ? BoundedRead::Failure::Directory
                                    : BoundedRead::Failure::System;
    return out;
  }
  BoundedRead out = ReadBoundedDescriptor(fd, limit);
  ::close(fd);
  return out;
}

std::optional<std::string> ReadSourceFile(const std::string& path, DiagnosticSink& diagnostics) {
  BoundedRead read = ReadBounded(path);
  if (!read.bytes) {
    diagnostics.Error("E100", {path, 0, 0}, "cannot read the file: " + read.Reason());
    return std::nullopt;
  }
  return std::move(read.bytes);
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
