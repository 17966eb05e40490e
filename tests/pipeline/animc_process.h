// Running the real animc for the pipeline tests: a scratch folder per test process, and a compile
// from a chosen working directory, through a chosen command prefix (env, unshare), returning the
// program's bytes.
#pragma once

#include <sys/wait.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/import/temp_dir.h"
#include "tests/support/whole_file.h"

namespace anim::pipeline_test {

namespace fs = std::filesystem;

inline std::string ReadFile(const fs::path& path) {
  return test::ReadWholeFile(path);
}

inline void WriteFile(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

inline std::string Quote(const std::string& s) {
  std::string out = "'";
  for (char c : s)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// A scratch directory per test process, removed when the process ends. Its name is long and
// unusual, so finding it in a program's bytes cannot be a coincidence.
inline const fs::path& Scratch() {
  static const test::TempDir dir("animtc_reproducible_scratch_");
  return dir.path();
}

struct Compiled {
  int exit_code = -1;
  std::string bytes;  // the .animbc
  std::string err;
};

// Runs `prefix animc ARGS -o OUT` in `cwd` (`prefix`: an env or unshare command line, or empty)
// and returns the output's bytes.
inline Compiled Animc(const std::string& args, const fs::path& cwd, const std::string& prefix = "") {
  static int serial = 0;
  const fs::path out = Scratch() / ("out_" + std::to_string(++serial) + ".animbc");
  const fs::path err = Scratch() / "stderr";
  const std::string command = "cd " + Quote(cwd.string()) + " && " + prefix + " " + Quote(ANIMC_PATH) + " " +
                              args + " -o " + Quote(out.string()) + " 2>" + Quote(err.string());
  const int status = std::system(command.c_str());
  Compiled c;
  c.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  c.bytes = ReadFile(out);
  c.err = ReadFile(err);
  return c;
}

// Compiles and requires success.
inline std::string Bytes(const std::string& args, const fs::path& cwd, const std::string& prefix = "") {
  const Compiled c = Animc(args, cwd, prefix);
  INFO("animc " << args << " in " << cwd << ": " << c.err);
  REQUIRE(c.exit_code == 0);
  REQUIRE(!c.bytes.empty());
  return c.bytes;
}

}  // namespace anim::pipeline_test
