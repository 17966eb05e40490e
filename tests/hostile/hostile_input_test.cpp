// Hostile input (issue 13): every case that once crashed, hung, overflowed the stack or blew up
// memory, generated at the size that failed, must now give a clean error or a clean result. The
// suite runs these under AddressSanitizer too (its default stack), and each test carries a CTest
// timeout (tests/hostile/CMakeLists.txt); peak memory is measured per case where it once exploded.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "compiler/codegen/compile.h"
#include "compiler/document/document_parser.h"
#include "compiler/graph/load_graph.h"
#include "compiler/scenario/scenario_reader.h"
#include "compiler/validate/validate.h"
#include "tests/import/temp_dir.h"
#include "tools/graph_gen/hostile_graphs.h"

namespace anim {
namespace {

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

// What AddressSanitizer adds to a peak: freed memory waits in a quarantine of 256 MiB, and
// allocations carry redzones. The bounds below are the program's own plus this.
#if ANIMTC_SANITIZE
constexpr long kPeakAllowanceMiB = 512;
#else
constexpr long kPeakAllowanceMiB = 0;
#endif

// The peak resident memory of this process while `run` runs, in MiB: the kernel's high-water mark
// is reset first (/proc/self/clear_refs), so earlier cases do not count.
template <typename Run>
long PeakMiBDuring(Run run) {
  std::ofstream("/proc/self/clear_refs") << "5";
  run();
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6)) / 1024;
  }
  return -1;
}

struct Outcome {
  std::optional<CompiledGraph> graph;
  std::optional<codegen::CompiledProgram> program;
  DiagnosticSink sink;
};

std::unique_ptr<Outcome> Compile(const std::string& text) {
  auto out = std::make_unique<Outcome>();
  out->graph = ParseGraph(text, "hostile.yaml", "", out->sink);
  if (out->graph)
    out->program =
        codegen::CompileGraph(out->graph->graph, out->graph->skeleton, out->graph->clips, out->sink);
  return out;
}

// The one error a refused input gives: exactly one diagnostic, an error with this code.
void RequireOneError(const Outcome& out, const std::string& code) {
  INFO(FormatText(out.sink).substr(0, 2000));
  REQUIRE_FALSE(out.program.has_value());
  REQUIRE(out.sink.error_count() == 1);
  REQUIRE(out.sink.diagnostics().size() == 1);
  CHECK(out.sink.diagnostics()[0].code == code);
}

ValidationReport ValidateFrames(const Outcome& out, int frames) {
  DiagnosticSink sink;
  const std::string scenario =
      "format: animtc.scenario\nversion: 1\nframes: " + std::to_string(frames) + "\ndelta_time: 0.0333333\n";
  const std::optional<Scenario> s = ParseScenario(scenario, "s.yaml", out.program->program, sink);
  REQUIRE(s);
  return Validate(*out.graph, out.program->program, *s);
}

}  // namespace

TEST_CASE("a chain of 10,000 blends compiles and validates without recursion", "[hostile]") {
  const auto out = Compile(test::BlendChain(10000));
  INFO(FormatText(out->sink));
  REQUIRE(out->program);
  const ValidationReport report = ValidateFrames(*out, 3);
  INFO(FormatReport(report));
  CHECK(report.agree);
}

TEST_CASE("5,000 nested one-state machines validate and 20,000 compile without recursion", "[hostile]") {
  {
    const auto out = Compile(test::NestedMachines(5000));
    INFO(FormatText(out->sink));
    REQUIRE(out->program);
    const ValidationReport report = ValidateFrames(*out, 3);
    INFO(FormatReport(report));
    CHECK(report.agree);
  }
  const auto deep = Compile(test::NestedMachines(20000));
  INFO(FormatText(deep->sink));
  CHECK(deep->program);
}

TEST_CASE("inline nodes nested 200 deep are one E026, 495 deep and documents 600 deep one E100",
          "[hostile]") {
  const auto inline_nodes = Compile(test::NestedInlineBlends(200));
  RequireOneError(*inline_nodes, "E026");
  CHECK_THAT(inline_nodes->sink.diagnostics()[0].message, StartsWith("inline nodes nest more than 64 deep"));

  const auto deeper = Compile(test::NestedInlineBlends(495));
  RequireOneError(*deeper, "E100");
  CHECK(deeper->sink.diagnostics()[0].message ==
        "sequences and mappings nest more than 256 levels deep here");

  const auto flow = Compile(test::NestedFlowSequences(600));
  RequireOneError(*flow, "E100");
  CHECK(flow->sink.diagnostics()[0].message == "sequences and mappings nest more than 256 levels deep here");
}

TEST_CASE("a 1.3 KB alias bomb is one E028, in little memory", "[hostile]") {
  const std::string bomb = test::AliasBomb();
  REQUIRE(bomb.size() < 2048);
  std::unique_ptr<Outcome> out;
  const long peak = PeakMiBDuring([&] { out = Compile(bomb); });
  RequireOneError(*out, "E028");
  CHECK(peak < kPeakAllowanceMiB + 1024);  // 2^21 inline nodes once asked for gigabytes
}

TEST_CASE("200 MB of numbers in one document stop at the value budget before they are parsed", "[hostile]") {
  // yaml-cpp queues a whole flow sequence's tokens (about 270 bytes a value) before the document's
  // value budget sees one: this once took gigabytes per 10 MB. Now a scan refuses it first.
  std::string text = "[";
  text.reserve(200'000'004);
  for (int i = 0; i < 100'000'000; ++i)
    text += "1,";
  text += "1]";
  DiagnosticSink sink;
  const long peak = PeakMiBDuring([&] { CHECK_FALSE(ParseGraph(text, "numbers.json", "", sink)); });
  REQUIRE(sink.diagnostics().size() == 1);
  CHECK(FormatText(sink) ==
        "numbers.json:1:8388609: error[E100]: the document holds more than 4194304 values (its budget) by "
        "here\n");
  CHECK(peak < kPeakAllowanceMiB + 1024);  // the text itself is 200 MB
}

TEST_CASE("commas in quoted strings and comments do not count toward the value budget", "[hostile]") {
  const std::string commas(5'000'000, ',');
  for (const std::string& text :
       {"{\"a\": [1, \"" + commas + "\", 2]}", "[1, '" + commas + "', 2]", "# " + commas + "\n[1, 2]"}) {
    DiagnosticSink sink;
    const std::optional<Document> document = ParseDocument(text, "commas.yaml", sink);
    INFO(FormatText(sink));
    CHECK(document);
    CHECK_FALSE(sink.has_errors());
  }
}

TEST_CASE("three clips declaring the largest frame count exhaust the graph's key budget cleanly",
          "[hostile]") {
  // Each clip document is a few lines asking for as many frames as fit 1 GiB with a constant track.
  const std::string samples = std::string(ANIMTC_SOURCE_DIR) + "/samples/humanoid/";
  std::string graph = "format: animtc.graph\nversion: 1\nskeleton: " + samples + "skeleton.yaml\nclips:\n";
  test::TempDir dir;
  for (int i = 0; i < 3; ++i) {
    const std::string path = dir.file("long" + std::to_string(i) + ".yaml");
    std::ofstream(path)
        << "format: animtc.clip\nversion: 1\nname: long\nsample_rate: 30\nframe_count: 372827\n"
           "tracks: [{bone: root, rotation: [0, 0, 0, 1]}]\n";
    graph += "  c" + std::to_string(i) + ": " + path + "\n";
  }
  graph +=
      "nodes:\n  a: {kind: clip, clip: c0}\n  b: {kind: clip, clip: c1}\n  c: {kind: clip, clip: c2}\n"
      "  ab: {kind: blend, a: a, b: b, alpha: 0.5}\n  abc: {kind: blend, a: ab, b: c, alpha: 0.5}\n"
      "output: {pose: abc}\n";
  DiagnosticSink sink;
  const long peak = PeakMiBDuring([&] { CHECK_FALSE(ParseGraph(graph, "clips.yaml", "", sink)); });
  INFO(FormatText(sink));
  REQUIRE(sink.error_count() >= 1);
  CHECK(sink.diagnostics()[0].code == "E106");
  CHECK_THAT(sink.diagnostics()[0].message, Contains("MiB of key data left"));
  CHECK(peak < kPeakAllowanceMiB + 2 * 1024);  // one clip's gigabyte, never three
}

TEST_CASE("past the format's limits: one clean error each", "[hostile]") {
  SECTION("65,537 transitions in one machine") {
    RequireOneError(*Compile(test::ManyTransitions(65537)), "E901");
  }
  SECTION("70,000 states in one machine") {
    const auto out = Compile(test::ManyStates(70000));
    INFO(FormatText(out->sink).substr(0, 500));
    REQUIRE_FALSE(out->program);
    CHECK(out->sink.error_count() == 1);
  }
  SECTION("65,536 clip nodes, one clock too many") {
    std::string text = test::HostileHeader() + "nodes:\n";
    for (int i = 0; i < 65536; ++i)
      text += "  c" + std::to_string(i) + ": {kind: clip, clip: idle}\n";
    text += "output: {pose: c0}\n";
    const auto out = Compile(text);
    RequireOneError(*out, "E901");
    CHECK_THAT(out->sink.diagnostics()[0].message, Contains("too many clip nodes"));
  }
  SECTION("70,000 clip nodes") {
    const auto out = Compile(test::ManyClipNodes(70000));
    REQUIRE_FALSE(out->program);
    CHECK(out->sink.error_count() == 1);
  }
}

TEST_CASE("a machine of 32,769 transitions compiles and runs its last one", "[hostile]") {
  const auto out = Compile(test::ManyTransitions(32769));
  INFO(FormatText(out->sink).substr(0, 500));
  REQUIRE(out->program);
  const ValidationReport report = ValidateFrames(*out, 4);
  INFO(FormatReport(report));
  CHECK(report.agree);
}

TEST_CASE("5,000 undefined references are 5,000 located errors with suggestions", "[hostile]") {
  const auto out = Compile(test::UndefinedReferences(5000));
  REQUIRE_FALSE(out->program);
  CHECK(out->sink.error_count() == 4999);
  CHECK_THAT(out->sink.diagnostics()[0].message, StartsWith("undefined node 'missing_1'"));
}

}  // namespace anim
