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

TEST_CASE("the JSON form: recorded by name, valid against its schema, replayed", "[capture][cli][json]") {
  const std::string file = Captured("litmus.animcap.json");
  REQUIRE(Dump("record " + SampleArgs("litmus") + " --frames 40:45 -o " + file).exit_code == 0);
  const std::string validate =
      "ajv validate --spec=draft2020 --strict=false -s schemas/capture.schema.json -d ";
  const ProcessRun valid = Shell(validate + file);
  INFO(valid.out << valid.err);
  CHECK(valid.exit_code == 0);

  const ProcessRun replay = Dump("replay " + file);
  CHECK(replay.exit_code == 0);
  CHECK_THAT(replay.out, Contains("identical: 6 frames"));

  // The schema and the reader both refuse a field of the wrong type.
  std::string text = ReadFile(file);
  const std::size_t at = text.find("\"alpha\": ");
  REQUIRE(at != std::string::npos);
  text.insert(at + 9, "\"half\", \"was\": ");
  const std::string bad = Captured("bad.animcap.json");
  WriteFile(bad, text);
  CHECK(Shell(validate + bad).exit_code != 0);
  RequireOneErrorLine(Dump("replay " + bad), ".alpha: is not a number", 1);
}
