// The committed samples are exactly what anim-sample-gen writes, and the generator fails cleanly.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "tests/samples/tool_runner.h"

namespace fs = std::filesystem;

using anim::test::ReadFile;
using anim::test::RunTool;
using anim::test::TempDir;

namespace {

// Files under `root`, relative to it, sorted.
std::set<std::string> FilesUnder(const fs::path& root) {
  std::set<std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (entry.is_regular_file()) files.insert(fs::relative(entry.path(), root).generic_string());
  }
  return files;
}

// 1-based line of the first difference, for a readable failure.
int FirstDifferingLine(const std::string& a, const std::string& b) {
  int line = 1;
  for (std::size_t i = 0; i < a.size() && i < b.size() && a[i] == b[i]; ++i) {
    if (a[i] == '\n') ++line;
  }
  return line;
}

const fs::path kSamples = fs::path(ANIMTC_SOURCE_DIR) / "samples";

}  // namespace

TEST_CASE("the generator reproduces every committed sample byte for byte", "[samples]") {
  TempDir out;
  REQUIRE(RunTool(ANIM_SAMPLE_GEN, {out.path().string()}).exit_code == 0);
  const std::set<std::string> generated = FilesUnder(out.path());
  REQUIRE(generated.count("humanoid/skeleton.yaml") == 1);
  REQUIRE(generated.count("litmus/straight.json") == 1);
  for (const std::string& file : generated) {
    INFO("samples/" << file
                    << " differs from the generator's output; regenerate with "
                       "anim-sample-gen samples (see samples/README.md)");
    REQUIRE(fs::exists(kSamples / file));
    const std::string committed = ReadFile(kSamples / file);
    const std::string fresh = ReadFile(out.path() / file);
    INFO("first difference at line " << FirstDifferingLine(committed, fresh));
    CHECK(committed == fresh);
  }
}

TEST_CASE("every committed file in the generated folders comes from the generator", "[samples]") {
  TempDir out;
  REQUIRE(RunTool(ANIM_SAMPLE_GEN, {out.path().string()}).exit_code == 0);
  const std::set<std::string> generated = FilesUnder(out.path());
  for (const char* folder : {"humanoid", "litmus"}) {
    for (const std::string& file : FilesUnder(kSamples / folder)) {
      INFO("samples/" << folder << "/" << file << " is not written by anim-sample-gen (stale?)");
      CHECK(generated.count(std::string(folder) + "/" + file) == 1);
    }
  }
}

TEST_CASE("two generator runs write identical files", "[samples]") {
  TempDir first;
  TempDir second;
  REQUIRE(RunTool(ANIM_SAMPLE_GEN, {first.path().string()}).exit_code == 0);
  REQUIRE(RunTool(ANIM_SAMPLE_GEN, {second.path().string()}).exit_code == 0);
  const std::set<std::string> files = FilesUnder(first.path());
  REQUIRE(files == FilesUnder(second.path()));
  for (const std::string& file : files) {
    INFO(file);
    CHECK(ReadFile(first.path() / file) == ReadFile(second.path() / file));
  }
}

TEST_CASE("the generator rejects a missing or unwritable output directory", "[samples]") {
  SECTION("no argument") {
    const anim::test::ToolRun run = RunTool(ANIM_SAMPLE_GEN, {});
    CHECK(run.exit_code != 0);
    CHECK(run.err.find("usage") != std::string::npos);
  }
  SECTION("too many arguments") {
    CHECK(RunTool(ANIM_SAMPLE_GEN, {"a", "b"}).exit_code != 0);
  }
  SECTION("the output path is a regular file") {
    TempDir out;
    const fs::path blocker = out.path() / "not_a_directory";
    std::ofstream(blocker) << "x";
    const anim::test::ToolRun run = RunTool(ANIM_SAMPLE_GEN, {blocker.string()});
    CHECK(run.exit_code != 0);
    CHECK(run.err.find("cannot create") != std::string::npos);
    CHECK(ReadFile(blocker) == "x");
  }
}
