// The whole of a file the tools wrote, for the tests that run them as processes.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace anim::test {

// The file's bytes; empty when it cannot be read.
inline std::string ReadWholeFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

}  // namespace anim::test
