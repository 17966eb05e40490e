#include "cli/animc/output_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace anim::animc {
namespace {

bool WriteAll(std::FILE* file, std::span<const char> bytes) {
  return std::fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size() && std::fflush(file) == 0;
}

}  // namespace

bool WriteOutput(const std::string& path, std::span<const char> bytes, std::string& error) {
  if (path == "-") {
    if (!WriteAll(stdout, bytes)) {
      error = std::string("cannot write to standard output: ") + std::strerror(errno);
      return false;
    }
    return true;
  }
  // Same directory as the destination, so the rename cannot cross file systems.
  const std::string temp = path + ".tmp." + std::to_string(::getpid());
  std::FILE* file = std::fopen(temp.c_str(), "wb");
  if (!file) {
    error = "cannot write '" + path + "': " + std::strerror(errno);
    return false;
  }
  const bool written = WriteAll(file, bytes);
  const int write_errno = errno;
  const bool closed = std::fclose(file) == 0;
  std::error_code ec;
  if (!written || !closed) {
    std::filesystem::remove(temp, ec);
    error = "cannot write '" + path + "': " + std::strerror(write_errno ? write_errno : EIO);
    return false;
  }
  std::filesystem::rename(temp, path, ec);
  if (ec) {
    std::filesystem::remove(temp, ec);
    error = "cannot write '" + path + "': " + ec.message();
    return false;
  }
  return true;
}

}  // namespace anim::animc
