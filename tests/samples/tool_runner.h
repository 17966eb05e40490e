// Helpers for tests that run the sample tools as processes: a scratch directory and a runner that
// captures exit code, stdout and stderr.
#pragma once

#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace anim::test {

inline std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A fresh directory under the system temp directory, removed with everything in it at scope exit.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "animtc_samples_XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) FAIL("cannot create a temporary directory");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

struct ToolRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs `program` with `args` (each passed as one quoted argument).
inline ToolRun RunTool(const std::string& program, std::initializer_list<std::string> args) {
  TempDir capture;
  std::string command = "\"" + program + "\"";
  for (const std::string& arg : args)
    command += " \"" + arg + "\"";
  command +=
      " >\"" + (capture.path() / "out").string() + "\" 2>\"" + (capture.path() / "err").string() + "\"";
  const int status = std::system(command.c_str());
  REQUIRE(WIFEXITED(status));
  return {WEXITSTATUS(status), ReadFile(capture.path() / "out"), ReadFile(capture.path() / "err")};
}

}  // namespace anim::test
