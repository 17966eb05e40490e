// --version on the three tools (issue 14): the tool and its release, the bytecode version it
// writes and reads, and the source revision, on standard output with exit 0, whatever else is on
// the command line.
#include <sys/wait.h>
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include "vm/bytecode/opcodes.h"

namespace anim {
namespace {

struct Run {
  int exit_code = -1;
  std::string out;
};

Run Capture(const std::string& command) {
  Run run;
  FILE* pipe = ::popen((command + " 2>/dev/null").c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[4096];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0)
    run.out.append(buffer, n);
  const int status = ::pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

TEST_CASE("every tool prints its version, the bytecode version and the source revision") {
  const std::string tools[][2] = {
      {"animc", ANIMC_PATH}, {"anim-dump", ANIM_DUMP_PATH}, {"anim-import", ANIM_IMPORT_PATH}};
  for (const auto& [name, path] : tools) {
    for (const std::string& args :
         {std::string("--version"), std::string("--version --help-not-an-option")}) {
      INFO(name << " " << args);
      const Run run = Capture("'" + path + "' " + args);
      CHECK(run.exit_code == 0);
      const std::string head = name + " " + ANIMTC_VERSION + "\nbytecode version " +
                               std::to_string(kAnimBytecodeVersion) + "\nrevision ";
      REQUIRE(run.out.substr(0, head.size()) == head);
      const std::string revision = run.out.substr(head.size());
      CHECK(revision.size() > 1);
      CHECK(revision.back() == '\n');
      CHECK(revision.find_first_of(" \t\"'\\") == std::string::npos);
    }
  }
}

TEST_CASE("anim-dump --version needs no subcommand and wins over one") {
  for (const std::string& args :
       {std::string("--version"), std::string("tasks --version"), std::string("-q --version")}) {
    INFO(args);
    const Run run = Capture("'" + std::string(ANIM_DUMP_PATH) + "' " + args);
    CHECK(run.exit_code == 0);
    CHECK(run.out.rfind("anim-dump " ANIMTC_VERSION "\n", 0) == 0);
  }
}

}  // namespace
}  // namespace anim
