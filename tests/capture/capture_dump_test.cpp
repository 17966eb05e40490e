// `anim-dump tasks|reach|timeline|graph|pose run.animcap`: a capture read as the dumps' input shows
// the same tasks, decisions, buffers and poses as the scenario run it was recorded from; what only
// the VM knows (machines, blend spaces) is not in a capture. And what a capture cannot answer, a
// frame it does not hold, another graph and a damaged file get.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "tests/cli_dump/dump_process.h"

using namespace anim::test;
using Catch::Matchers::Contains;
using nlohmann::json;

namespace {

std::string Captured(const std::string& name) {
  return (Scratch() / name).string();
}

// The frames of a JSON report without what a capture does not hold: the machines and blend spaces,
// and what each task says about them (its state, a transition's state, why a state's task did not
// run).
json WithoutMachines(const std::string& text) {
  json frames = json::parse(text);
  for (json& frame : frames) {
    frame.erase("machines");
    frame.erase("blend_spaces");
    for (json& task : frame["tasks"]) {
      task.erase("state");
      task.erase("pruned_reason");
      if (task.contains("fields")) task["fields"].erase("state");  // a transition's machine state
    }
  }
  return frames;
}

std::string RecordLocomotion() {
  const std::string file = Captured("locomotion_dump.animcap");
  const ProcessRun record = Dump("record " + SampleArgs("locomotion") + " --frames 200:215 -o " + file);
  INFO(record.err);
  REQUIRE(record.exit_code == 0);
  return file;
}

}  // namespace

TEST_CASE("a capture dumps the tasks, reach and timeline its scenario run shows", "[capture][cli]") {
  const std::string file = RecordLocomotion();
  for (const char* command : {"tasks", "reach", "timeline"}) {
    INFO(command);
    const ProcessRun from_capture = Dump(std::string(command) + " " + file + " --frames 203:207 -f json");
    const ProcessRun from_run =
        Dump(std::string(command) + " " + SampleArgs("locomotion") + " --frames 203:207 -f json");
    INFO(from_capture.err);
    REQUIRE(from_capture.exit_code == 0);
    REQUIRE(from_run.exit_code == 0);
    const json captured = WithoutMachines(from_capture.out);
    REQUIRE(captured.size() == 5);
    CHECK(captured == WithoutMachines(from_run.out));
    CHECK(json::parse(from_capture.out)[0]["machines"].empty());
  }

  // Without --frame, the last frame captured, as text.
  const ProcessRun last = Dump("tasks " + file);
  REQUIRE(last.exit_code == 0);
  CHECK(Lines(last.out).front() == "frame 215 (t=7.167s)");

  // The timeline's trace reads the same slices either way (it draws no machine state).
  CHECK(Dump("timeline " + file + " -f trace").out ==
        Dump("timeline " + SampleArgs("locomotion") + " --frames 200:215 -f trace").out);
}

TEST_CASE("a capture's pose and task graph are the recorded run's", "[capture][cli]") {
  const std::string file = RecordLocomotion();
  const ProcessRun pose = Dump("pose " + file + " --frame 210 -f json");
  INFO(pose.err);
  REQUIRE(pose.exit_code == 0);
  // The bones, their model-space and skinning matrices; the root and machines are the VM's.
  const json from_capture = json::parse(pose.out);
  const json from_run = json::parse(Dump("pose " + SampleArgs("locomotion") + " --frame 210 -f json").out);
  REQUIRE(from_capture["bones"].size() == from_run["bones"].size());
  CHECK(from_capture["bones"] == from_run["bones"]);

  const ProcessRun graph = Dump("graph " + file + " --frame 210");
  REQUIRE(graph.exit_code == 0);
  CHECK_THAT(graph.out, Contains("digraph"));
}

TEST_CASE("captures of bytecode, of the JSON form and of another graph read as dump input",
          "[capture][cli]") {
  const std::string bytecode = CompileToBytecode("samples/worked_example.yaml", "worked_dump").string();
  const std::string file = Captured("worked_dump.animcap.json");
  REQUIRE(Dump("record " + bytecode + " --graph samples/worked_example.yaml --scenario " +
               "samples/worked_example.scenario.yaml --frames 130:140 -o " + file)
              .exit_code == 0);
  const ProcessRun tasks = Dump("tasks " + file + " --frame 140 -f json");
  INFO(tasks.err);
  REQUIRE(tasks.exit_code == 0);
  CHECK(WithoutMachines("[" + tasks.out + "]") ==
        WithoutMachines("[" + Dump("tasks " + SampleArgs("worked_example") + " --frame 140 -f json").out +
                        "]"));

  // --graph plays the capture on a graph other than the one it names: the same document here.
  CHECK(Dump("reach " + file + " --graph samples/worked_example.yaml").exit_code == 0);
  const ProcessRun other = Dump("tasks " + file + " --graph samples/litmus.yaml");
  RequireOneErrorLine(other, "recorded with another skeleton", 1);
}

TEST_CASE("what a capture cannot answer, and damaged captures", "[capture][cli]") {
  const std::string file = RecordLocomotion();
  RequireOneErrorLine(Dump("tasks " + file + " --frame 5"),
                      "frame 5 is not in the capture: it holds frames 200-215");
  RequireOneErrorLine(Dump("reach " + file + " --frames 210:220"), "frames 210-220 are not in the capture");
  // The subcommands that play a graph refuse a capture rather than play its graph without it.
  for (const std::string command : {"run", "events", "dis", "validate", "profile"})
    RequireOneErrorLine(Dump(command + " " + file), "is a capture: tasks, reach, timeline, graph and pose");
  RequireOneErrorLine(Dump("record " + file + " -o " + Captured("again.animcap")), "is a capture", 2);
  RequireOneErrorLine(Dump("crowd " + file + " --scenario samples/locomotion.scenario.yaml --count 2"),
                      "is a capture");
  RequireOneErrorLine(Dump("tasks " + file + " --scenario samples/locomotion.scenario.yaml"),
                      "--scenario is for a graph document");

  std::string bytes = ReadFile(file);
  bytes[bytes.size() / 3] = static_cast<char>(bytes[bytes.size() / 3] ^ 0x01);
  const std::string damaged = Captured("damaged_dump.animcap");
  WriteFile(damaged, bytes);
  RequireOneErrorLine(Dump("tasks " + damaged), "checksum does not match", 1);
}

TEST_CASE("a capture this build does not reproduce is dumped with a warning", "[capture][cli]") {
  const std::string file = Captured("litmus_dump.animcap.json");
  REQUIRE(Dump("record " + SampleArgs("litmus") + " --frames 20:22 -o " + file).exit_code == 0);
  json capture = json::parse(ReadFile(file));  // keys sorted: "format" is no longer first
  json& x = capture["frames"][1]["output"]["local_pose"]["bones"][3][0];
  x = x.get<double>() + 0.5;
  const std::string edited = Captured("litmus_edited.animcap.json");
  WriteFile(edited, capture.dump(2));

  const ProcessRun tasks = Dump("tasks " + edited + " --frames 20:22");
  CHECK(tasks.exit_code == 0);
  CHECK_THAT(tasks.err, Contains("frame 21: this build's executor does not reproduce the captured output"));
  CHECK(Dump("tasks " + file + " --frames 20:22").err.empty());
}
