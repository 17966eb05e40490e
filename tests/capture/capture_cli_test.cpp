// anim-dump record and replay as users run them: a range recorded and replayed identically, from a
// graph document and from bytecode with its graph; what a damaged capture, another graph, a missing
// file and an output naming an input get.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "tests/cli_dump/dump_process.h"

using namespace anim::test;
using Catch::Matchers::Contains;

namespace {

std::string Captured(const std::string& name) {
  return (Scratch() / name).string();
}

}  // namespace

TEST_CASE("anim-dump record then replay: identical, as text and as JSON", "[capture][cli]") {
  const std::string file = Captured("locomotion.animcap");
  const ProcessRun record = Dump("record " + SampleArgs("locomotion") + " --frames 200:260 -o " + file);
  INFO(record.err);
  REQUIRE(record.exit_code == 0);
  REQUIRE(record.out.empty());

  const ProcessRun replay = Dump("replay " + file);
  INFO(replay.err);
  CHECK(replay.exit_code == 0);
  CHECK(replay.out == file + ": identical: 61 frames\n");

  const ProcessRun json = Dump("replay " + file + " --format json");
  REQUIRE(json.exit_code == 0);
  const nlohmann::json outcome = nlohmann::json::parse(json.out);
  CHECK(outcome["identical"] == true);
  CHECK(outcome["frames_replayed"] == 61);
  CHECK(outcome["frame"].is_null());
}

TEST_CASE("a capture of bytecode replays on the bytecode and its graph document", "[capture][cli]") {
  const std::string bytecode = CompileToBytecode("samples/worked_example.yaml", "worked_example").string();
  const std::string file = Captured("worked_example.animcap");
  const ProcessRun record = Dump("record " + bytecode +
                                 " --graph samples/worked_example.yaml --scenario "
                                 "samples/worked_example.scenario.yaml --frames 120:140 -o " +
                                 file);
  INFO(record.err);
  REQUIRE(record.exit_code == 0);
  const ProcessRun replay = Dump("replay " + file);
  INFO(replay.err);
  CHECK(replay.exit_code == 0);
  CHECK_THAT(replay.out, Contains("identical: 21 frames"));
}

TEST_CASE("replay refuses a damaged capture, another graph and a missing file", "[capture][cli]") {
  const std::string file = Captured("litmus.animcap");
  REQUIRE(Dump("record " + SampleArgs("litmus") + " --frames 150:155 -o " + file).exit_code == 0);

  std::string bytes = ReadFile(file);
  bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x40);
  const std::string damaged = Captured("damaged.animcap");
  WriteFile(damaged, bytes);
  RequireOneErrorLine(Dump("replay " + damaged), "checksum does not match", 1);

  const ProcessRun other = Dump("replay " + file + " --graph samples/worked_example.yaml");
  CHECK(other.exit_code == 1);
  CHECK_THAT(other.out, Contains("recorded with another skeleton"));

  RequireOneErrorLine(Dump("replay " + Captured("none.animcap")), "cannot read capture", 2);
}

TEST_CASE("record never writes over one of its inputs", "[capture][cli]") {
  const std::string graph = Captured("litmus_copy.yaml");
  WriteFile(graph, ReadFile(std::string(ANIMTC_SOURCE_DIR) + "/samples/litmus.yaml"));
  // The copy reads its assets beside the original.
  const ProcessRun run = Dump("record " + graph + " -I samples -o " + graph);
  CHECK(run.exit_code == 2);
  CHECK(ReadFile(graph) == ReadFile(std::string(ANIMTC_SOURCE_DIR) + "/samples/litmus.yaml"));
  CHECK_THAT(run.err, Contains("litmus_copy.yaml"));
}
