// Bad inputs, and nothing on stdout for any of them. A missing file, a frame out of range, a usage
// mistake: one `anim-dump: error: ...` line, exit 2. A malformed graph or scenario: its diagnostics
// as animc prints them (FILE:LINE:COL: error[CODE]: ...), exit 1. A truncated .animbc, a file that
// is no document, a program that does not bind to its assets: one error line, exit 1. A .animbc of
// another bytecode version is not an error: it warns once and dumps the bind-pose list, as the
// runtime does.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "tests/cli_dump/dump_process.h"

namespace anim::test {
namespace {

namespace fs = std::filesystem;

// The input is wrong: exit 1, one line.
void RequireInvalidInputLine(const ProcessRun& run, const std::string& mentions) {
  RequireOneErrorLine(run, mentions, 1);
}

// A document's diagnostics: exit 1, every line FILE:LINE:COL: error[CODE]: ... or a note, the
// first one mentioning `mentions`, no tool name.
void RequireDiagnostics(const ProcessRun& run, const std::string& mentions) {
  INFO("stderr: " << run.err);
  CHECK(run.exit_code == 1);
  CHECK(run.out.empty());
  CHECK(run.err.rfind(mentions, 0) == 0);
  CHECK(run.err.find("anim-dump:") == std::string::npos);
  CHECK(run.err.find(": error[") != std::string::npos);
}

}  // namespace

TEST_CASE("a missing input, graph or scenario file is one error line, exit 2", "[cli_dump][bad]") {
  RequireOneErrorLine(Dump("tasks samples/no_such_graph.yaml"),
                      "cannot open input 'samples/no_such_graph.yaml': no such file");
  RequireOneErrorLine(Dump("tasks samples/worked_example.yaml --scenario nowhere.yaml"),
                      "cannot open scenario 'nowhere.yaml'");
  RequireOneErrorLine(Dump("tasks samples"), "it is a directory");
  const fs::path bytecode = CompileToBytecode("samples/litmus.yaml", "litmus.animbc");
  RequireOneErrorLine(Dump("tasks '" + bytecode.string() + "' --graph missing.yaml"),
                      "cannot open graph 'missing.yaml'");
}

TEST_CASE("a malformed graph or scenario gives its diagnostics with their locations, exit 1",
          "[cli_dump][bad]") {
  WriteFile(Scratch() / "broken.yaml", "format: animtc.graph\nversion: 1\nnodes: [\n");
  RequireDiagnostics(Dump("tasks '" + (Scratch() / "broken.yaml").string() + "'"),
                     (Scratch() / "broken.yaml").string() + ":");
  // A well-formed document naming an unknown node kind: several diagnostics, one line.
  std::string graph = ReadFile("samples/litmus.yaml");
  const std::string kind = "kind: clip";
  REQUIRE(graph.find(kind) != std::string::npos);
  graph.replace(graph.find(kind), kind.size(), "kind: clipp");
  WriteFile(Scratch() / "unknown_kind.yaml", graph);
  // Read from standard input in samples/, where the graph's asset paths resolve.
  RequireDiagnostics(Dump("reach - < '" + (Scratch() / "unknown_kind.yaml").string() + "'",
                          std::string(ANIMTC_SOURCE_DIR) + "/samples"),
                     "<stdin>:");

  WriteFile(Scratch() / "bad.scenario.yaml",
            "format: animtc.scenario\nversion: 1\nframes: 10\ndelta_time: 0.033\nevents:\n  - {set: "
            "no_such_parameter, at: 0, value: 1}\n");
  RequireDiagnostics(Dump("timeline samples/worked_example.yaml --scenario '" +
                          (Scratch() / "bad.scenario.yaml").string() + "'"),
                     (Scratch() / "bad.scenario.yaml:6").string());
  WriteFile(Scratch() / "garbage.scenario.yaml", "frames: [unterminated\n");
  RequireDiagnostics(Dump("run samples/worked_example.yaml --scenario '" +
                          (Scratch() / "garbage.scenario.yaml").string() + "'"),
                     (Scratch() / "garbage.scenario.yaml").string());
}

TEST_CASE("a truncated or corrupted .animbc is one error line, exit 1", "[cli_dump][bad]") {
  const fs::path bytecode = CompileToBytecode("samples/worked_example.yaml", "worked_example.animbc");
  const std::string bytes = ReadFile(bytecode);
  WriteFile(Scratch() / "truncated.animbc", bytes.substr(0, bytes.size() / 2));
  RequireInvalidInputLine(
      Dump("tasks '" + (Scratch() / "truncated.animbc").string() + "' --graph samples/worked_example.yaml"),
      "truncated.animbc: ");
  std::string flipped = bytes;
  flipped[flipped.size() - 3] = static_cast<char>(flipped[flipped.size() - 3] ^ 0x5a);
  WriteFile(Scratch() / "flipped.animbc", flipped);
  RequireInvalidInputLine(Dump("dis '" + (Scratch() / "flipped.animbc").string() + "'"), "flipped.animbc: ");
}

TEST_CASE("a frame out of range or a malformed range is one error line, exit 2", "[cli_dump][bad]") {
  RequireOneErrorLine(Dump("tasks " + SampleArgs("worked_example") + " --frame 420"),
                      "frame 420 is out of range: the scenario has 420 frames (0-419)");
  RequireOneErrorLine(Dump("timeline " + SampleArgs("litmus") + " --frames 10:5000"), "out of range");
  RequireOneErrorLine(Dump("reach " + SampleArgs("litmus") + " --frames 9:3"), "A must not be after B");
  RequireOneErrorLine(Dump("reach " + SampleArgs("litmus") + " --frames x"), "not a range A:B");
  RequireOneErrorLine(Dump("tasks samples/litmus.yaml --frame 1"), "the scenario has 1 frame (0)");
  RequireOneErrorLine(Dump("run " + SampleArgs("litmus") + " --frames 0:100000"), "out of range");
  RequireOneErrorLine(Dump("graph " + SampleArgs("litmus") + " --frames 1:2"), "graph draws one frame");
}

TEST_CASE("usage errors are one error line, exit 2", "[cli_dump][bad]") {
  RequireOneErrorLine(Dump("tasks samples/litmus.yaml --format svg"), "--format");
  RequireOneErrorLine(Dump("frobnicate samples/litmus.yaml"), "subcommand");
  RequireOneErrorLine(Dump("run samples/litmus.yaml --final pose"), "--final needs --format json");
  RequireOneErrorLine(Dump("tasks - --scenario - < samples/litmus.yaml"), "cannot both be standard input");
  RequireOneErrorLine(Dump("tasks samples/litmus.yaml -v -q"), "--verbose and --quiet");
}

TEST_CASE("an unknown subcommand is named with the list of subcommands and a likely one", "[cli_dump][bad]") {
  const std::string list =
      "; the subcommands are tasks, reach, timeline, graph, dis, validate, run, root, events, pose";
  RequireOneErrorLine(Dump("bogus samples/litmus.yaml"), "unknown subcommand 'bogus'" + list);
  RequireOneErrorLine(Dump("taks samples/litmus.yaml"),
                      "unknown subcommand 'taks' (did you mean 'tasks'?)" + list);
  RequireOneErrorLine(Dump("-v timelin samples/litmus.yaml"), "unknown subcommand 'timelin' (did you mean");
  RequireOneErrorLine(Dump(""), "a subcommand is required");
  CHECK(Dump("--help").exit_code == 0);
}

TEST_CASE("run, root and events take --frames A:B as every subcommand does", "[cli_dump][bad]") {
  for (const char* command : {"run", "root", "events"}) {
    INFO(command);
    RequireOneErrorLine(Dump(std::string(command) + " " + SampleArgs("litmus") + " --frames 5"),
                        "--frames '5' is not a range A:B");
    RequireOneErrorLine(Dump(std::string(command) + " " + SampleArgs("litmus") + " --frames 5:2"),
                        "A must not be after B");
    CHECK(Dump(std::string(command) + " " + SampleArgs("litmus") + " --frames 3:3").exit_code == 0);
  }
  const ProcessRun run = Dump("run " + SampleArgs("litmus") + " --frames 3:5 --format json");
  REQUIRE(run.exit_code == 0);
  const nlohmann::json json = nlohmann::json::parse(run.out);
  REQUIRE(json["frames"].size() == 3);
  CHECK(json["frames"][0]["frame"] == 3);
}

TEST_CASE("a file too short or not text is not called a graph document", "[cli_dump][bad]") {
  const fs::path bytecode = CompileToBytecode("samples/litmus.yaml", "litmus.animbc");
  const std::string bytes = ReadFile(bytecode);
  for (std::size_t size = 1; size < 4; ++size) {
    const fs::path cut = Scratch() / ("cut" + std::to_string(size) + ".animbc");
    WriteFile(cut, bytes.substr(0, size));
    const std::string reason = "a truncated compiled program: " + std::to_string(size) +
                               (size == 1 ? " byte" : " bytes") + ", shorter than the 4-byte ANBC magic";
    RequireInvalidInputLine(Dump("dis '" + cut.string() + "'"), cut.string() + ": " + reason);
    RequireInvalidInputLine(Dump("tasks '" + cut.string() + "' --graph samples/litmus.yaml"), reason);
  }
  WriteFile(Scratch() / "binary", std::string("\x80\x01", 2));
  for (const std::string& extra : {std::string(), std::string(" --graph samples/litmus.yaml")}) {
    const ProcessRun run = Dump("tasks '" + (Scratch() / "binary").string() + "'" + extra);
    RequireInvalidInputLine(run,
                            "binary:1:1: not a compiled program (it does not start with the ANBC magic) nor "
                            "a graph document (not a UTF-8 text file: byte 0x80 is not valid UTF-8)");
    CHECK(run.err.find("is a graph document") == std::string::npos);
  }
  WriteFile(Scratch() / "empty", "");
  RequireInvalidInputLine(Dump("tasks '" + (Scratch() / "empty").string() + "' --graph samples/litmus.yaml"),
                          "empty: the file is empty: neither a compiled program nor a graph document");
}

TEST_CASE("a compiled program without its assets, or validate without the graph, says what to pass",
          "[cli_dump][bad]") {
  const fs::path bytecode = CompileToBytecode("samples/litmus.yaml", "litmus.animbc");
  RequireOneErrorLine(Dump("tasks '" + bytecode.string() + "'"), "pass --graph GRAPH");
  RequireOneErrorLine(Dump("validate '" + bytecode.string() + "'"), "pass --graph GRAPH");
  // Assets of another skeleton: the binding refuses them.
  RequireInvalidInputLine(Dump("tasks '" + bytecode.string() + "' --graph samples/worked_example.yaml"),
                          "cannot bind");
}

TEST_CASE("a .animbc of another version warns once and dumps the bind-pose list", "[cli_dump][version]") {
  const fs::path bytecode = CompileToBytecode("samples/worked_example.yaml", "worked_example.animbc");
  std::string bytes = ReadFile(bytecode);
  bytes[4] = static_cast<char>(bytes[4] + 1);  // the header's version field
  const fs::path other = Scratch() / "other_version.animbc";
  WriteFile(other, bytes);
  const ProcessRun run = Dump(
      "tasks '" + other.string() +
      "' --graph samples/worked_example.yaml --scenario samples/worked_example.scenario.yaml --format json");
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(run.err.rfind("anim-dump: warning: ", 0) == 0);
  CHECK(run.err.find('\n') == run.err.size() - 1);
  const auto out = nlohmann::json::parse(run.out);
  REQUIRE(out["tasks"].size() == 1);
  CHECK(out["tasks"][0]["type"] == "ReferencePose");
  CHECK(out["output_task"] == 0);
  CHECK(out["reachable_count"] == 1);
  // --quiet keeps only errors.
  CHECK(Dump("tasks '" + other.string() + "' --graph samples/worked_example.yaml --quiet").err.empty());
  // Validation cannot compare a program it cannot run.
  RequireOneErrorLine(Dump("validate '" + other.string() + "' --graph samples/worked_example.yaml"),
                      "cannot validate");
}

}  // namespace anim::test
