// What the three tools share (cli/common), in-process: the outermost frame of main turns what
// escapes into one error line and exit 2, and an output file that is not committed leaves nothing
// behind and the destination as it was.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <filesystem>
#include <new>
#include <stdexcept>
#include <string>

#include "cli/common/output_file.h"
#include "cli/common/tool_main.h"
#include "tests/cli_dump/dump_process.h"

namespace anim::test {
namespace {

namespace fs = std::filesystem;

// Runs `body` under GuardedMain with standard error sent to a file; returns what it wrote.
std::string GuardedStderr(const std::function<int()>& body, int& code) {
  const fs::path file = Scratch() / "guarded_stderr";
  const int saved = ::dup(STDERR_FILENO);
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  REQUIRE(saved >= 0);
  REQUIRE(fd >= 0);
  ::dup2(fd, STDERR_FILENO);
  ::close(fd);
  code = cli::GuardedMain("tool", body);
  ::dup2(saved, STDERR_FILENO);
  ::close(saved);
  return ReadFile(file);
}

fs::path Fresh(const std::string& name) {
  const fs::path dir = Scratch() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

int Entries(const fs::path& dir) {
  return static_cast<int>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

}  // namespace

TEST_CASE("GuardedMain turns bad_alloc and other escaping exceptions into one line and exit 2",
          "[cli_common]") {
  int code = -1;
  CHECK(GuardedStderr([] { return 7; }, code).empty());
  CHECK(code == 7);
  CHECK(GuardedStderr([]() -> int { throw std::bad_alloc(); }, code) ==
        "tool: error: out of memory: the input needs more memory than this process may allocate\n");
  CHECK(code == 2);
#if !ANIMTC_SANITIZE  // AddressSanitizer aborts on such a request instead of throwing
  // A real failed allocation, not a thrown object: more than any address space holds.
  CHECK(GuardedStderr(
            []() -> int {
              std::string huge;
              huge.reserve(huge.max_size() / 2);
              return static_cast<int>(huge.size());
            },
            code) ==
        "tool: error: out of memory: the input needs more memory than this process may allocate\n");
  CHECK(code == 2);
#endif
  CHECK(GuardedStderr([]() -> int { throw std::length_error("vector::_M_default_append"); }, code) ==
        "tool: error: internal error: vector::_M_default_append\n");
  CHECK(code == 2);
  CHECK(GuardedStderr([]() -> int { throw 42; }, code) ==
        "tool: error: internal error: an unknown exception\n");
  CHECK(code == 2);
}

TEST_CASE("an output file not committed leaves no temporary and the destination as it was", "[cli_common]") {
  const fs::path dir = Fresh("uncommitted");
  WriteFile(dir / "out.txt", "previous");
  const cli::InputFiles none;
  std::string error;
  {
    std::unique_ptr<cli::OutputFile> file = cli::OutputFile::Open((dir / "out.txt").string(), none, error);
    REQUIRE(file);
    REQUIRE(file->Write(std::string_view("new bytes"), error));
    REQUIRE(file->Close(error));
    CHECK(Entries(dir) == 2);  // the destination and the temporary, a hidden file beside it
    CHECK(ReadFile(dir / "out.txt") == "previous");
  }
  CHECK(Entries(dir) == 1);
  CHECK(ReadFile(dir / "out.txt") == "previous");
}

TEST_CASE("a committed output replaces a regular file and keeps its permission bits", "[cli_common]") {
  const fs::path dir = Fresh("committed");
  WriteFile(dir / "out.txt", "previous");
  fs::permissions(dir / "out.txt", fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  std::string error;
  REQUIRE(cli::WriteOutput((dir / "out.txt").string(), std::string_view("first "), cli::InputFiles(), error));
  CHECK(ReadFile(dir / "out.txt") == "first ");
  CHECK((fs::status(dir / "out.txt").permissions() & fs::perms::all) ==
        (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
  // Several writes, one file.
  std::unique_ptr<cli::OutputFile> file = cli::OutputFile::Open((dir / "new.txt").string(), {}, error);
  REQUIRE(file);
  REQUIRE(file->Write(std::string_view("a"), error));
  REQUIRE(file->Write(std::string_view("b"), error));
  REQUIRE(file->Commit(error));
  CHECK(ReadFile(dir / "new.txt") == "ab");
  CHECK(Entries(dir) == 2);
}

TEST_CASE("InputFiles knows a file by any of its names", "[cli_common]") {
  const fs::path dir = Fresh("names");
  WriteFile(dir / "input.yaml", "x: 1\n");
  fs::create_symlink("input.yaml", dir / "link.yaml");
  fs::create_hard_link(dir / "input.yaml", dir / "hard.yaml");
  WriteFile(dir / "other.yaml", "x: 1\n");
  cli::InputFiles inputs;
  inputs.Add((dir / "input.yaml").string());
  inputs.Add("/dev/null");                      // not a regular file: never an output's victim
  inputs.Add((dir / "missing.yaml").string());  // ignored
  for (const char* name : {"input.yaml", "link.yaml", "hard.yaml", "./input.yaml"}) {
    INFO(name);
    CHECK(inputs.Find((dir / name).string()) == (dir / "input.yaml").string());
  }
  CHECK_FALSE(inputs.Find((dir / "other.yaml").string()));
  CHECK_FALSE(inputs.Find((dir / "missing.yaml").string()));
  CHECK_FALSE(inputs.Find("/dev/null"));
}

}  // namespace anim::test
