// The normal suite's share of fuzzing (docs/fuzzing.md): every committed corpus input and every
// regression input (an input that once crashed, hung or blew up memory, kept after its fix) goes
// through the same target function libFuzzer runs. A crash, a sanitizer report or a failed invariant
// fails the test; the input being replayed is printed first, so a failure names it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_targets.h"

namespace anim::fuzz {
namespace {

const std::filesystem::path kFuzzDir = std::filesystem::path(ANIMTC_SOURCE_DIR) / "tests" / "fuzz";

std::vector<std::filesystem::path> Inputs(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.is_regular_file() && entry.path().filename().string()[0] != '.') files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<uint8_t> Read(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Replays both folders of `target`; returns how many corpus inputs it ran.
std::size_t Replay(std::string_view target) {
  const FuzzTarget* found = nullptr;
  for (const FuzzTarget& t : kFuzzTargets) {
    if (t.name == target) found = &t;
  }
  REQUIRE(found != nullptr);
  std::size_t corpus = 0;
  for (const char* kind : {"regressions", "corpus"}) {
    for (const std::filesystem::path& path : Inputs(kFuzzDir / kind / std::string(target))) {
      // Printed before the run: a crash ends the process before Catch could report the input.
      std::fprintf(stderr, "replaying %s\n", path.string().c_str());
      std::fflush(stderr);
      const std::vector<uint8_t> bytes = Read(path);
      CHECK(found->run(bytes.data(), bytes.size()) == 0);
      if (std::string_view(kind) == "corpus") ++corpus;
    }
  }
  return corpus;
}

TEST_CASE("fuzz replay: graph documents of the corpus and the regressions", "[fuzz]") {
  CHECK(Replay("graph") > 0);
}

TEST_CASE("fuzz replay: scenario documents of the corpus and the regressions", "[fuzz]") {
  CHECK(Replay("scenario") > 0);
}

TEST_CASE("fuzz replay: skeleton and clip documents of the corpus and the regressions", "[fuzz]") {
  CHECK(Replay("assets") > 0);
}

TEST_CASE("fuzz replay: glTF files of the corpus and the regressions", "[fuzz]") {
  CHECK(Replay("gltf") > 0);
}

TEST_CASE("fuzz replay: capture files of the corpus and the regressions", "[fuzz]") {
  CHECK(Replay("capture") > 0);
}

TEST_CASE("fuzz replay: bytecode files of the corpus and the regressions", "[fuzz]") {
  CHECK(Replay("bytecode") > 0);
}

TEST_CASE("fuzz replay: anim-dump writers on the corpus and the regressions", "[fuzz]") {
  CHECK(Replay("writers") > 0);
}

}  // namespace
}  // namespace anim::fuzz
