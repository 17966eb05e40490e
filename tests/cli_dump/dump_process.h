// Running anim-dump (and animc, ajv, dot) as real processes from the tests, with both output
// streams and the exit code captured, in a scratch directory per test process.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace anim::test {

struct ProcessRun {
  int exit_code = -1;
  std::string out, err;
};

const std::filesystem::path& Scratch();
std::string ReadFile(const std::filesystem::path& path);
void WriteFile(const std::filesystem::path& path, const std::string& bytes);

// Runs `command` (shell syntax) from `cwd`.
ProcessRun Shell(const std::string& command, const std::string& cwd = ANIMTC_SOURCE_DIR);
// Runs anim-dump with `args` (shell syntax) from `cwd`.
ProcessRun Dump(const std::string& args, const std::string& cwd = ANIMTC_SOURCE_DIR);
// Compiles `graph` (relative to the repository root) to a .animbc in the scratch directory.
std::filesystem::path CompileToBytecode(const std::string& graph, const std::string& name);

// anim-dump failed as it must: exit `exit_code`, nothing on stdout, one `anim-dump: error:` line
// mentioning `mentions`.
void RequireOneErrorLine(const ProcessRun& run, const std::string& mentions, int exit_code = 2);

// The lines of `text`, without their line ends.
std::vector<std::string> Lines(const std::string& text);

// True when `tool` is on PATH.
bool OnPath(const std::string& tool);

// "samples/<name>.yaml --scenario samples/<name>.scenario.yaml"
std::string SampleArgs(const std::string& name);

// The seed's worked example as its tables show it (thirteen tasks): samples/worked_example.yaml
// compiled by `animc --no-fold`, so its aim layer is made additive every frame instead of sampled
// from a baked clip, with --graph and --scenario.
std::string SeedWorkedExampleArgs();

}  // namespace anim::test
