#include "tests/frontend/graph_dot_check.h"

#include <sys/wait.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/import/temp_dir.h"
#include "tests/support/whole_file.h"

namespace anim::test {
namespace {

namespace fs = std::filesystem;

std::string ReadFile(const fs::path& path) {
  return ReadWholeFile(path);
}

const fs::path& Scratch() {
  static const TempDir dir("graph_dot_test_");
  return dir.path();
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
