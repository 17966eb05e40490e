// One CLI (issue 19): every tool's error paths, each run as a user runs it, say what went wrong in
// one format and exit with the documented code (docs/cli.md, "Command lines"): 0 success, 1 the
// input is wrong, 2 usage or I/O. A problem in a document is `FILE:LINE:COL: error[CODE]: message`
// (`FILE: error[CODE]: ...` for a binary file, which has no lines), with no tool name; anything
// else is `TOOL: error: message`. With --diagnostics-format json, the diagnostics are one JSON
// array on standard error instead.
#include <catch2/catch.hpp>

#include <cctype>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/cli_dump/dump_process.h"

namespace anim::test {
namespace {

std::string ToolPath(const std::string& tool) {
  if (tool == "animc") return ANIMC_PATH;
  if (tool == "anim-dump") return ANIM_DUMP_PATH;
  return ANIM_IMPORT_PATH;
}

ProcessRun RunTool(const std::string& tool, const std::string& args) {
  return Shell("NO_COLOR=1 timeout 60 '" + ToolPath(tool) + "' " + args);
}

bool Digits(const std::string& text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// Whether `line` is a located diagnostic: LOCATION: error[CODE]: ..., or a note or warning, where
// LOCATION is a file name optionally followed by :LINE:COL.
bool Located(const std::string& line) {
  for (const char* kind : {": error[", ": warning[", ": note: "}) {
    const std::size_t at = line.find(kind);
    if (at == std::string::npos || at == 0) continue;
    const std::string location = line.substr(0, at);
    const std::size_t col = location.rfind(':');
    if (col == std::string::npos) return true;  // FILE: error[...]
    const std::size_t row = location.rfind(':', col - 1);
    return row != std::string::npos && Digits(location.substr(row + 1, col - row - 1)) &&
           Digits(location.substr(col + 1));
  }
  return false;
}

enum class Said {
  ByTool,   // one line: TOOL: error: ...
  Located,  // every line a located diagnostic, at least one error[...]
  Json,     // a JSON array of diagnostics, at least one error
};

struct ErrorCase {
  std::string tool;
  std::string args;
  int exit_code;
  Said said;
  std::string mentions;  // in the message
};

void RequireSaid(const ErrorCase& c) {
  const ProcessRun run = RunTool(c.tool, c.args);
  INFO(c.tool << " " << c.args << "\nstderr:\n" << run.err);
  CHECK(run.exit_code == c.exit_code);
  CHECK(run.out.empty());
  CHECK(run.err.find(c.mentions) != std::string::npos);
  const std::vector<std::string> lines = Lines(run.err);
  REQUIRE_FALSE(lines.empty());
  switch (c.said) {
    case Said::ByTool:
      CHECK(lines.size() == 1);
      CHECK(lines[0].rfind(c.tool + ": error: ", 0) == 0);
      break;
    case Said::Located: {
      bool error = false;
      for (const std::string& line : lines) {
        INFO(line);
        CHECK(Located(line));
        CHECK(line.find(c.tool + ":") == std::string::npos);
        error = error || line.find(": error[") != std::string::npos;
      }
      CHECK(error);
      break;
    }
    case Said::Json: {
      const nlohmann::json diagnostics = nlohmann::json::parse(run.err);
      REQUIRE(diagnostics.is_array());
      REQUIRE_FALSE(diagnostics.empty());
      CHECK(diagnostics[0]["severity"] == "error");
      break;
    }
  }
}

// A graph that names a skeleton that is not there and lacks its nodes; a scenario with a bad field;
// a file that is not glTF.
struct BadFiles {
  std::string graph = (Scratch() / "bad graph.yaml").string();
  std::string scenario = (Scratch() / "bad.scenario.yaml").string();
  std::string gltf = (Scratch() / "not-gltf.glb").string();
  BadFiles() {
    WriteFile(graph, "format: animtc.graph\nversion: 1\nskeleton: nope.yaml\n");
    WriteFile(scenario, "format: animtc.scenario\nversion: 1\nframes: -3\ndelta_time: 0.03\n");
    WriteFile(gltf, "glTF this is not");
  }
};

std::string Q(const std::string& path) {
  return "'" + path + "'";
}

TEST_CASE("animc's error paths: one format, the documented exit codes", "[errors]") {
  const BadFiles bad;
  const std::string out = (Scratch() / "out.animbc").string();
  RequireSaid({"animc", "/nonexistent/graph.yaml -o " + Q(out), 2, Said::ByTool, "/nonexistent/graph.yaml"});
  RequireSaid({"animc", Q(bad.graph) + " -o " + Q(out), 1, Said::Located, "error[E101]"});
  RequireSaid(
      {"animc", Q(bad.graph) + " -o " + Q(out) + " --diagnostics-format json", 1, Said::Json, "E101"});
  RequireSaid({"animc", "samples/litmus.yaml --emti asm", 2, Said::ByTool, "did you mean '--emit'?"});
  RequireSaid({"animc", "samples/litmus.yaml --emit foo", 2, Said::ByTool, "'foo' is not one of"});
  RequireSaid({"animc", "samples/litmus.yaml -o /nonexistent/dir/x.animbc", 2, Said::ByTool, "cannot write"});
  RequireSaid({"animc", "samples/litmus.yaml samples/robot.yaml", 2, Said::ByTool, "unexpected argument"});
}

TEST_CASE("anim-dump's error paths: one format, the documented exit codes", "[errors]") {
  const BadFiles bad;
  RequireSaid({"anim-dump", "tasks /nonexistent/graph.yaml", 2, Said::ByTool, "/nonexistent/graph.yaml"});
  RequireSaid({"anim-dump", "tasks " + Q(bad.graph), 1, Said::Located, "error[E101]"});
  RequireSaid({"anim-dump", "tasks " + Q(bad.graph) + " --diagnostics-format json", 1, Said::Json, "E101"});
  RequireSaid(
      {"anim-dump", "tasks samples/litmus.yaml --scenario " + Q(bad.scenario), 1, Said::Located, "frames"});
  RequireSaid({"anim-dump", "tasks samples/litmus.yaml --scenario /nonexistent/s.yaml", 2, Said::ByTool,
               "/nonexistent/s.yaml"});
  RequireSaid({"anim-dump", "taks samples/litmus.yaml", 2, Said::ByTool, "did you mean 'tasks'?"});
  RequireSaid(
      {"anim-dump", "tasks samples/litmus.yaml --frmae 0", 2, Said::ByTool, "did you mean '--frame'?"});
  RequireSaid(
      {"anim-dump", "tasks samples/litmus.yaml --format foo", 2, Said::ByTool, "'foo' is not one of"});
  RequireSaid({"anim-dump", "run " + SampleArgs("litmus") + " --frames 5:2", 2, Said::ByTool, "--frames"});
  RequireSaid({"anim-dump", "validate " + SampleArgs("litmus") + " --tolerance abc", 2, Said::ByTool,
               "'abc' is not a number"});
}

TEST_CASE("anim-dump crowd's error paths: one format, the documented exit codes", "[errors]") {
  const BadFiles bad;
  const std::string crowd = "crowd --count 4 ";
  RequireSaid({"anim-dump", crowd + Q(bad.graph) + " --scenario samples/litmus.scenario.yaml", 1,
               Said::Located, "error[E101]"});
  RequireSaid({"anim-dump",
               crowd + Q(bad.graph) + " --scenario samples/litmus.scenario.yaml --diagnostics-format json", 1,
               Said::Json, "E101"});
  RequireSaid(
      {"anim-dump", crowd + "samples/litmus.yaml --scenario " + Q(bad.scenario), 1, Said::Located, "frames"});
  RequireSaid({"anim-dump",
               crowd + "samples/litmus.yaml --scenario " + Q(bad.scenario) + " --diagnostics-format json", 1,
               Said::Json, "frames"});
  RequireSaid({"anim-dump", crowd + "/nonexistent/graph.yaml --scenario samples/litmus.scenario.yaml", 2,
               Said::ByTool, "/nonexistent/graph.yaml"});
  RequireSaid({"anim-dump", crowd + SampleArgs("litmus") + " --frames 12", 2, Said::ByTool,
               "--frames '12' is not a range A:B"});
  RequireSaid({"anim-dump", crowd + SampleArgs("litmus") + " --frames 5:2", 2, Said::ByTool, "--frames"});
  RequireSaid({"anim-dump", crowd + SampleArgs("litmus") + " --diagnostics-format xml", 2, Said::ByTool,
               "'xml' is not one of"});
  RequireSaid({"anim-dump", crowd + SampleArgs("litmus") + " --stager 2", 2, Said::ByTool,
               "did you mean '--stagger'?"});
}

TEST_CASE("anim-dump profile's error paths: one format, the documented exit codes", "[errors]") {
  const BadFiles bad;
  RequireSaid({"anim-dump", "profile " + Q(bad.graph), 1, Said::Located, "error[E101]"});
  RequireSaid({"anim-dump", "profile " + Q(bad.graph) + " --diagnostics-format json", 1, Said::Json, "E101"});
  RequireSaid(
      {"anim-dump", "profile samples/litmus.yaml --scenario " + Q(bad.scenario), 1, Said::Located, "frames"});
  RequireSaid({"anim-dump", "profile /nonexistent/graph.yaml", 2, Said::ByTool, "/nonexistent/graph.yaml"});
  RequireSaid({"anim-dump", "profile " + SampleArgs("litmus") + " --repeat 0", 2, Said::ByTool, "--repeat"});
  RequireSaid(
      {"anim-dump", "profile " + SampleArgs("litmus") + " --frames 5:2", 2, Said::ByTool, "--frames"});
  RequireSaid({"anim-dump", "profile " + SampleArgs("litmus") + " --format svg", 2, Said::ByTool,
               "'svg' is not one of"});
  RequireSaid({"anim-dump", "profile " + SampleArgs("litmus") + " --repaet 2", 2, Said::ByTool,
               "did you mean '--repeat'?"});
}

TEST_CASE("anim-import's error paths: one format, the documented exit codes", "[errors]") {
  const BadFiles bad;
  const std::string out = (Scratch() / "imported").string();
  RequireSaid({"anim-import", "/nonexistent/x.glb -o " + Q(out), 2, Said::ByTool, "/nonexistent/x.glb"});
  RequireSaid({"anim-import", Q(bad.gltf) + " -o " + Q(out), 1, Said::Located, "error[I200]"});
  RequireSaid(
      {"anim-import", Q(bad.gltf) + " -o " + Q(out) + " --diagnostics-format json", 1, Said::Json, "I200"});
  RequireSaid(
      {"anim-import", Q(bad.gltf) + " --outptu " + Q(out), 2, Said::ByTool, "did you mean '--output'?"});
  RequireSaid({"anim-import", Q(bad.gltf), 2, Said::ByTool, "-o DIR is required"});
  RequireSaid(
      {"anim-import", Q(bad.gltf) + " --rate fast -o " + Q(out), 2, Said::ByTool, "'fast' is not a number"});
}

TEST_CASE("Every tool takes -q and -v, and refuses both at once", "[errors]") {
  for (const std::string tool : {"animc", "anim-dump", "anim-import"}) {
    INFO(tool);
    const std::string args = tool == "animc"       ? "samples/litmus.yaml -o /dev/null"
                             : tool == "anim-dump" ? "dis samples/litmus.yaml -o /dev/null"
                                                   : "/nonexistent/x.glb --tree";
    const int ok = tool == "anim-import" ? 2 : 0;
    CHECK(RunTool(tool, args + " -q").exit_code == ok);
    CHECK(RunTool(tool, args + " -v").exit_code == ok);
    RequireSaid({tool, args + " -q -v", 2, Said::ByTool, "--verbose and --quiet"});
  }
}

}  // namespace
}  // namespace anim::test
