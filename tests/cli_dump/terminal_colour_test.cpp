// Colour on a terminal and nowhere else: each tool's error line colours its level when standard
// error is a terminal (run under script(1), which gives the tool a pseudo-terminal), never when
// NO_COLOR is set (https://no-color.org) or standard error is a pipe or a file.
#include <catch2/catch.hpp>

#include <string>

#include "tests/cli_dump/dump_process.h"

namespace anim::test {
namespace {

// `command` (a tool and its arguments, with an input that does not exist) on a pseudo-terminal;
// both streams come back merged.
ProcessRun OnTerminal(const std::string& command, const std::string& environment) {
  return Shell("script -qec \"" + environment + " " + command + "\" /dev/null");
}

}  // namespace

TEST_CASE("tools colour their errors on a terminal, never with NO_COLOR or into a pipe", "[cli][colour]") {
  REQUIRE(OnPath("script"));  // util-linux's, in every Debian system
  const std::string missing = "/nonexistent/graph.yaml";
  const std::string out = (Scratch() / "colour_out").string();
  for (const std::string& tool :
       {"'" + std::string(ANIMC_PATH) + "' " + missing,
        "'" + std::string(ANIM_DUMP_PATH) + "' tasks " + missing,
        "'" + std::string(ANIM_IMPORT_PATH) + "' " + missing + " -o '" + out + "'"}) {
    INFO(tool);
    const ProcessRun coloured = OnTerminal(tool, "");
    CHECK(coloured.exit_code == 2);
    CHECK(coloured.out.find("\x1b[") != std::string::npos);
    CHECK(coloured.out.find("error") != std::string::npos);
    const ProcessRun plain = OnTerminal(tool, "NO_COLOR=1");
    CHECK(plain.exit_code == 2);
    CHECK(plain.out.find("\x1b[") == std::string::npos);
    CHECK(plain.out.find(": error: cannot ") != std::string::npos);
    // An empty NO_COLOR asks for nothing (no-color.org).
    CHECK(OnTerminal(tool, "NO_COLOR=").out.find("\x1b[") != std::string::npos);
    const ProcessRun piped = Shell(tool);
    CHECK(piped.exit_code == 2);
    CHECK(piped.err.find("\x1b[") == std::string::npos);
  }
}

}  // namespace anim::test
