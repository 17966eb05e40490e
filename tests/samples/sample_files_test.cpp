// The committed samples are exactly what anim-sample-gen writes, and the generator fails cleanly.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

namespace fs = std::filesystem;

namespace {

// A fresh directory under the system temp directory, removed when the test ends.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "animtc_samples_XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) FAIL("cannot create a temporary directory");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Runs the generator with `args` (already quoted) and returns its exit code.
int RunGenerator(const std::string& args) {
  const std::string command = std::string("\"") + ANIM_SAMPLE_GEN + "\" " + args + " >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  REQUIRE(WIFEXITED(status));
  return WEXITSTATUS(status);
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

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
  REQUIRE(RunGenerator("\"" + out.path().string() + "\"") == 0);
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
  REQUIRE(RunGenerator("\"" + out.path().string() + "\"") == 0);
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
  REQUIRE(RunGenerator("\"" + first.path().string() + "\"") == 0);
  REQUIRE(RunGenerator("\"" + second.path().string() + "\"") == 0);
  const std::set<std::string> files = FilesUnder(first.path());
  REQUIRE(files == FilesUnder(second.path()));
  for (const std::string& file : files) {
    INFO(file);
    CHECK(ReadFile(first.path() / file) == ReadFile(second.path() / file));
  }
}

TEST_CASE("the generator rejects a missing or unwritable output directory", "[samples]") {
  SECTION("no argument") {
    CHECK(RunGenerator("") != 0);
  }
  SECTION("too many arguments") {
    CHECK(RunGenerator("a b") != 0);
  }
  SECTION("the output path is a regular file") {
    TempDir out;
    const fs::path blocker = out.path() / "not_a_directory";
    std::ofstream(blocker) << "x";
    CHECK(RunGenerator("\"" + blocker.string() + "\"") != 0);
    CHECK(ReadFile(blocker) == "x");
  }
}
