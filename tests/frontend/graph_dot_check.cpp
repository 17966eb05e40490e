#include "tests/frontend/graph_dot_check.h"

#include <sys/wait.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace anim::test {
namespace {

namespace fs = std::filesystem;

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A scratch directory per test process, removed when the process ends.
struct ScratchDir {
  fs::path path = fs::temp_directory_path() / ("graph_dot_test_" + std::to_string(::getpid()));
  ScratchDir() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

const fs::path& Scratch() {
  static const ScratchDir dir;
  return dir.path;
}

int Shell(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

AuthoredGraph RequireAuthored(const std::string& path, const std::vector<std::string>& asset_dirs) {
  const fs::path file = fs::path(ANIMTC_SOURCE_DIR) / path;
  const std::string text = ReadFile(file);
  DiagnosticSink sink;
  std::optional<AuthoredGraph> graph =
      ParseAuthoredGraph(text, path, file.parent_path().string(), sink, asset_dirs);
  INFO(path << ":\n" << FormatText(sink, true));
  REQUIRE(graph);
  return std::move(*graph);
}

std::string RequireRenders(const std::string& dot, const std::string& name) {
  {
    INFO("dot is not on PATH: the DOT tests render with Graphviz; tools/install-deps installs it");
    REQUIRE(Shell("command -v dot >/dev/null") == 0);
  }
  const fs::path in = Scratch() / (name + ".dot"), svg = Scratch() / (name + ".svg"),
                 err = Scratch() / (name + ".err");
  std::ofstream(in, std::ios::binary) << dot;
  const int code = Shell("dot -Tsvg '" + in.string() + "' >'" + svg.string() + "' 2>'" + err.string() + "'");
  INFO(name << "\n" << dot << "\ndot: " << ReadFile(err));
  REQUIRE(code == 0);
  REQUIRE(ReadFile(err).empty());
  return ReadFile(svg);
}

}  // namespace anim::test
