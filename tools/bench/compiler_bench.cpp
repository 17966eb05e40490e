// Compiler benchmarks: a generated graph document of about 10,000 nodes (a binary blend tree of
// 4,096 leaves, one leaf in eight a four-state machine) compiled end to end: parse, check, lower,
// passes, codegen, bytes. The back end alone runs on the same graph's IR. And the front end's cost
// on hostile graphs (tools/graph_gen/hostile_graphs.h), which must stay linear or n log n in the
// graph's size: each compiles, or fails cleanly, in well under 2 s.
//   build/tools/bench/anim-bench-compiler [--benchmark_min_time=1]
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "compiler/codegen/compile.h"
#include "compiler/graph/load_graph.h"
#include "tools/graph_gen/hostile_graphs.h"

namespace anim {
namespace {

constexpr int kLeaves = 4096;

// The document as a graph author would write it (YAML flow mappings, one node per line).
std::string GeneratedDocument() {
  const std::string samples = std::string(ANIMTC_SOURCE_DIR) + "/samples/humanoid/";
  std::string doc = "format: animtc.graph\nversion: 1\nskeleton: " + samples + "skeleton.yaml\nclips:\n";
  for (const char* clip : {"idle", "walk_fwd", "run_fwd", "walk_back"}) {
    doc += std::string("  ") + clip + ": " + samples + clip + ".json\n";
  }
  doc += "parameters:\n  speed: {type: float, default: 1, min: 0, max: 8}\n  go: {type: trigger}\nnodes:\n";
  const char* clips[] = {"idle", "walk_fwd", "run_fwd", "walk_back"};
  for (int i = 0; i < kLeaves; ++i) {
    const std::string name = "n" + std::to_string(i);
    if (i % 8 != 0) {
      doc += "  " + name + ": {kind: clip, clip: " + clips[i % 4] + ", rate: \"speed * 0.25 + " +
             std::to_string(i % 7) + "\"}\n";
      continue;
    }
    doc += "  " + name + ":\n    kind: state_machine\n    initial: s0\n    states:\n";
    for (int s = 0; s < 4; ++s) {
      doc += "      s" + std::to_string(s) + ": {kind: clip, clip: " + clips[s] + "}\n";
    }
    doc += "    transitions:\n";
    for (int s = 0; s < 4; ++s) {
      doc += "      - {from: s" + std::to_string(s) + ", to: s" + std::to_string((s + 1) % 4) +
             ", condition: \"go || speed > " + std::to_string(s + 1) + "\", duration: 0.2}\n";
    }
  }
  // Blend tree: level by level, each node blending the two below it.
  int width = kLeaves, first = 0, next = kLeaves;
  while (width > 1) {
    for (int k = 0; k < width / 2; ++k) {
      doc += "  n" + std::to_string(next + k) + ": {kind: blend, a: n" + std::to_string(first + 2 * k) +
             ", b: n" + std::to_string(first + 2 * k + 1) + ", alpha: \"clamp(speed / 8 + " +
             std::to_string(k % 5) + " * 0.1, 0, 1)\"}\n";
    }
    first = next;
    next += width / 2;
    width /= 2;
  }
  doc += "output: {pose: n" + std::to_string(first) + "}\n";
  return doc;
}

const std::string& Document() {
  static const std::string doc = GeneratedDocument();
  return doc;
}

CompiledGraph LoadOrDie() {
  DiagnosticSink sink;
  std::optional<CompiledGraph> loaded = ParseGraph(Document(), "generated.yaml", "", sink);
  if (!loaded) {
    std::fprintf(stderr, "the generated graph does not compile:\n%s", FormatText(sink).c_str());
    std::exit(2);
  }
  return std::move(*loaded);
}

void BM_CompileDocumentEndToEnd(benchmark::State& state) {
  size_t bytes = 0;
  codegen::CompileStats stats;
  for (auto _ : state) {
    DiagnosticSink sink;
    std::optional<CompiledGraph> loaded = ParseGraph(Document(), "generated.yaml", "", sink);
    if (!loaded) {
      state.SkipWithError("the generated graph does not compile");
      return;
    }
    std::optional<codegen::CompiledProgram> compiled = codegen::CompileGraph(std::move(loaded->graph), sink);
    if (!compiled) {
      state.SkipWithError("codegen failed");
      return;
    }
    bytes = compiled->bytes.size();
    stats = compiled->stats;
    benchmark::DoNotOptimize(compiled->bytes.data());
  }
  state.counters["nodes"] = stats.nodes;
  state.counters["instructions"] = stats.instructions;
  state.counters["pose_regs"] = stats.pose_registers;
  state.counters["scalar_regs"] = stats.scalar_registers;
  state.counters["bytes"] = static_cast<double>(bytes);
  state.counters["doc_bytes"] = static_cast<double>(Document().size());
}
BENCHMARK(BM_CompileDocumentEndToEnd)->Unit(benchmark::kMillisecond);

// Passes, codegen and writing only, from the lowered IR.
void BM_BackEnd(benchmark::State& state) {
  const CompiledGraph loaded = LoadOrDie();
  for (auto _ : state) {
    DiagnosticSink sink;
    std::optional<codegen::CompiledProgram> compiled = codegen::CompileGraph(loaded.graph, sink);
    benchmark::DoNotOptimize(compiled->bytes.data());
  }
  state.counters["values"] = static_cast<double>(loaded.graph.values.size());
}
BENCHMARK(BM_BackEnd)->Unit(benchmark::kMillisecond);

// One hostile document through the front end and the back end; `errors` counts its diagnostics.
void CompileHostile(benchmark::State& state, const std::string& document) {
  std::size_t errors = 0;
  for (auto _ : state) {
    DiagnosticSink sink;
    std::optional<CompiledGraph> loaded = ParseGraph(document, "hostile.yaml", "", sink);
    if (loaded) benchmark::DoNotOptimize(codegen::CompileGraph(std::move(loaded->graph), sink));
    errors = static_cast<std::size_t>(sink.error_count());
  }
  state.counters["errors"] = static_cast<double>(errors);
  state.counters["doc_bytes"] = static_cast<double>(document.size());
}

void BM_HostileUndefinedReferences(benchmark::State& state) {
  CompileHostile(state, test::UndefinedReferences(static_cast<int>(state.range(0))));
}
BENCHMARK(BM_HostileUndefinedReferences)->Arg(5000)->Unit(benchmark::kMillisecond);

void BM_HostileStates(benchmark::State& state) {
  CompileHostile(state, test::ManyStates(static_cast<int>(state.range(0))));
}
BENCHMARK(BM_HostileStates)->Arg(40000)->Arg(70000)->Unit(benchmark::kMillisecond);

void BM_HostileTransitions(benchmark::State& state) {
  CompileHostile(state, test::ManyTransitions(static_cast<int>(state.range(0))));
}
BENCHMARK(BM_HostileTransitions)->Arg(32769)->Arg(65537)->Unit(benchmark::kMillisecond);

void BM_HostileClipNodes(benchmark::State& state) {
  CompileHostile(state, test::ManyClipNodes(static_cast<int>(state.range(0))));
}
BENCHMARK(BM_HostileClipNodes)->Arg(70000)->Unit(benchmark::kMillisecond);

void BM_HostileNestedMachines(benchmark::State& state) {
  CompileHostile(state, test::NestedMachines(static_cast<int>(state.range(0))));
}
BENCHMARK(BM_HostileNestedMachines)->Arg(20000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace anim

BENCHMARK_MAIN();
