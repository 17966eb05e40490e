// Scale and hostile input: long chains and large generated graphs compile (the chain deep enough
// to break recursive walks), and random mutations of the good graphs never crash: each either
// compiles to IR the back end's verifier accepts, or is refused with coded errors.
#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "compiler/codegen/compile.h"
#include "compiler/graph/load_graph.h"
#include "compiler/passes/ir_verifier.h"

namespace anim {
namespace {

const std::string kHeader =
    "format: animtc.graph\n"
    "version: 1\n"
    "skeleton: samples/humanoid/skeleton.yaml\n"
    "clips: {idle: samples/humanoid/idle.json, walk: samples/humanoid/walk_fwd.json}\n"
    "parameters: {speed: {type: float}}\n";

std::string Read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// n blends, each mixing the previous one with a clip: b0 = blend(idle, walk), bi = blend(b(i-1), walk).
std::string BlendChain(int n) {
  std::string text = kHeader + "nodes:\n  idle: {kind: clip, clip: idle}\n  walk: {kind: clip, clip: walk}\n";
  for (int i = 0; i < n; ++i) {
    text += "  b" + std::to_string(i) +
            ": {kind: blend, a: " + (i == 0 ? std::string("idle") : "b" + std::to_string(i - 1)) +
            ", b: walk, alpha: \"clamp(speed * " + std::to_string(i + 1) + ", 0, 1)\"}\n";
  }
  return text + "output: {pose: b" + std::to_string(n - 1) + "}\n";
}

std::optional<CompiledGraph> Compile(const std::string& text, DiagnosticSink& sink) {
  return ParseGraph(text, "<generated>", ANIMTC_SOURCE_DIR, sink);
}

TEST_CASE("A chain of 200 blends lowers to 200 blend values in order") {
  DiagnosticSink sink;
  const std::optional<CompiledGraph> compiled = Compile(BlendChain(200), sink);
  INFO(FormatText(sink));
  REQUIRE(compiled.has_value());
  const ir::Graph& g = compiled->graph;
  int blends = 0;
  ir::ValueId previous = ir::kNoValue;
  for (std::size_t i = 0; i < g.values.size(); ++i) {
    if (g.values[i].op != ir::Op::Blend) continue;
    ++blends;
    if (previous != ir::kNoValue) CHECK(g.values[i].operands[0] == previous);
    previous = static_cast<ir::ValueId>(i);
  }
  CHECK(blends == 200);
  CHECK(g.output == previous);

  // Through the back end: a handful of pose registers, not one per blend.
  DiagnosticSink backend;
  const std::optional<codegen::CompiledProgram> program = codegen::CompileGraph(g, backend);
  INFO(FormatText(backend));
  REQUIRE(program.has_value());
  CHECK(program->stats.pose_registers <= 4);
}

TEST_CASE("A generated graph of 10,000 nodes compiles through the front end quickly") {
  const std::string text = BlendChain(10000);
  const auto start = std::chrono::steady_clock::now();
  DiagnosticSink sink;
  const std::optional<CompiledGraph> compiled = Compile(text, sink);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  REQUIRE(compiled.has_value());
  CHECK(compiled->graph.values.size() > 10000);
  WARN("front end, 10,002 nodes (" << text.size() << " bytes): " << seconds * 1000.0 << " ms");
  // Most of the time is yaml-cpp reading the 780 kB document; the figure goes in the notes. The
  // bound only catches a complexity regression (a quadratic pass would take minutes), not load.
  CHECK(seconds < 10.0);
}

TEST_CASE("A cycle through 10,000 nodes is reported without deep recursion") {
  std::string text = BlendChain(10000);
  const std::string first = "b0: {kind: blend, a: idle,";
  text.replace(text.find(first), first.size(), "b0: {kind: blend, a: b9999,");
  DiagnosticSink sink;
  CHECK_FALSE(Compile(text, sink).has_value());
  REQUIRE(sink.error_count() == 1);
  CHECK(sink.diagnostics()[0].code == "E009");
  CHECK(sink.diagnostics()[0].notes.size() == 10000);
}

TEST_CASE("Random mutations of the good graphs never crash: each compiles or gives located errors") {
  const std::string dir = std::string(ANIMTC_SOURCE_DIR) + "/tests/frontend/good/";
  const char kAlphabet[] = "{}[]:,'\" -#&|!()*/+.0123456789abcxyz_\n\tany";
  std::mt19937 rng(20261130);
  int compiled = 0, refused = 0;
  for (const char* name : {"locomotion.yaml", "locomotion.json", "nested.yaml", "all_kinds.yaml"}) {
    const std::string original = Read(dir + name);
    REQUIRE_FALSE(original.empty());
    for (int trial = 0; trial < 300; ++trial) {
      std::string text = original;
      const int edits = 1 + static_cast<int>(rng() % 4);
      for (int e = 0; e < edits && !text.empty(); ++e) {
        const std::size_t at = rng() % text.size();
        const char c = kAlphabet[rng() % (sizeof(kAlphabet) - 1)];
        switch (rng() % 3) {
          case 0:
            text[at] = c;
            break;
          case 1:
            text.erase(at, 1 + rng() % 8);
            break;
          default:
            text.insert(at, 1, c);
            break;
        }
      }
      DiagnosticSink sink;
      const std::optional<CompiledGraph> graph = ParseGraph(text, name, dir, sink);
      if (graph) {
        ++compiled;
        CHECK(ir::VerifyGraph(graph->graph).empty());  // what compiles is valid IR
        continue;
      }
      ++refused;
      REQUIRE(sink.has_errors());
      for (const Diagnostic& d : sink.diagnostics()) {
        CHECK_FALSE(d.code.empty());
        CHECK_FALSE(d.message.empty());
      }
    }
  }
  CHECK(compiled + refused == 1200);
  CHECK(refused > 0);
}

}  // namespace
}  // namespace anim
