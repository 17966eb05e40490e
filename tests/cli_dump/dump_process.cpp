#include "tests/cli_dump/dump_process.h"

#include <sys/wait.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace anim::test {

namespace fs = std::filesystem;

const fs::path& Scratch() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("cli_dump_test_" + std::to_string(::getpid()));
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void WriteFile(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
}

ProcessRun Shell(const std::string& command, const std::string& cwd) {
  const fs::path out = Scratch() / "stdout", err = Scratch() / "stderr";
  const std::string line =
      "cd '" + cwd + "' && ( " + command + " ) >'" + out.string() + "' 2>'" + err.string() + "'";
  const int status = std::system(line.c_str());
  ProcessRun run;
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.out = ReadFile(out);
  run.err = ReadFile(err);
  return run;
}

ProcessRun Dump(const std::string& args, const std::string& cwd) {
  return Shell("'" + std::string(ANIM_DUMP_PATH) + "' " + args, cwd);
}

fs::path CompileToBytecode(const std::string& graph, const std::string& name) {
  const fs::path out = Scratch() / name;
  const ProcessRun run = Shell("'" + std::string(ANIMC_PATH) + "' '" + graph + "' -o '" + out.string() + "'");
  if (run.exit_code != 0) throw std::runtime_error("animc failed on " + graph + ": " + run.err);
  return out;
}

void RequireOneErrorLine(const ProcessRun& run, const std::string& mentions, int exit_code) {
  INFO("stderr: " << run.err);
  CHECK(run.exit_code == exit_code);
  CHECK(run.out.empty());
  REQUIRE(run.err.rfind("anim-dump: error: ", 0) == 0);
  CHECK(run.err.find('\n') == run.err.size() - 1);
  CHECK(run.err.find(mentions) != std::string::npos);
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find('\n', at);
    lines.push_back(text.substr(at, end - at));
    at = end == std::string::npos ? text.size() : end + 1;
  }
  return lines;
}

bool OnPath(const std::string& tool) {
  return Shell("command -v " + tool).exit_code == 0;
}

std::string SampleArgs(const std::string& name) {
  return "samples/" + name + ".yaml --scenario samples/" + name + ".scenario.yaml";
}

std::string SeedWorkedExampleArgs() {
  const fs::path out = Scratch() / "seed_worked_example.animbc";
  const ProcessRun run = Shell("'" + std::string(ANIMC_PATH) +
                               "' samples/worked_example.yaml --no-fold -o '" + out.string() + "'");
  if (run.exit_code != 0)
    throw std::runtime_error("animc --no-fold failed on the worked example: " + run.err);
  return "'" + out.string() +
         "' --graph samples/worked_example.yaml --scenario samples/worked_example.scenario.yaml";
}

}  // namespace anim::test
