// BuildTasks (the recording pass) per frame: ns per recorded task and the heap allocations of all
// frames after the first (target: none), on the worked example, on a generated 30-state machine and
// on a 2D-blend-space locomotion graph whose input moves every frame.
//   build/tools/bench/anim-bench-vm [--benchmark_min_time=0.5 --benchmark_repetitions=3]
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>

#include "compiler/codegen/compile.h"
#include "compiler/graph/load_graph.h"
#include "tools/allocation_counter/allocation_counter.h"
#include "tools/bench/locomotion_2d_graph.h"
#include "vm/build_tasks.h"
#include "vm/program_binding.h"

namespace anim {
namespace {

struct Compiled {
  CompiledGraph graph;
  Program program;
  std::vector<const Clip*> clips;
};

// Compiled as animc compiles it (poses folded), unless `options` says otherwise.
std::unique_ptr<Compiled> Compile(std::optional<CompiledGraph> graph, const DiagnosticSink& diagnostics,
                                  const codegen::CompileOptions& options = {}) {
  if (!graph) {
    std::fprintf(stderr, "%s", FormatText(diagnostics).c_str());
    std::exit(2);
  }
  DiagnosticSink sink;
  std::optional<codegen::CompiledProgram> compiled =
      codegen::CompileGraph(graph->graph, graph->skeleton, graph->clips, sink, options);
  if (!compiled) {
    std::fprintf(stderr, "%s", FormatText(sink).c_str());
    std::exit(2);
  }
  auto c = std::make_unique<Compiled>(Compiled{*std::move(graph), std::move(compiled->program), {}});
  for (const Clip& clip : c->graph.clips)
    c->clips.push_back(&clip);
  return c;
}

// A machine of `states` states, each a blend of two clips; transitions form a ring driven by a
// parameter, so every state is reachable.
std::string ThirtyStateGraph(int states) {
  std::ostringstream g;
  g << "format: animtc.graph\nversion: 1\nskeleton: humanoid/skeleton.yaml\n"
    << "clips: {idle: humanoid/idle.json, walk_fwd: humanoid/walk_fwd.json, run_fwd: humanoid/run_fwd.json}\n"
    << "parameters: {state: {type: int, default: 0}}\nnodes:\n  m:\n    kind: state_machine\n    initial: "
       "s0\n"
    << "    states:\n";
  for (int s = 0; s < states; ++s) {
    g << "      s" << s << ": {kind: blend, a: {kind: clip, clip: " << (s % 2 ? "walk_fwd" : "idle")
      << "}, b: {kind: clip, clip: run_fwd}, alpha: 0.3}\n";
  }
  g << "    transitions:\n";
  for (int s = 0; s < states; ++s) {
    g << "      - {from: s" << s << ", to: s" << (s + 1) % states
      << ", condition: \"state == " << (s + 1) % states << "\", duration: 0.2}\n";
  }
  g << "output: {pose: m}\n";
  return g.str();
}

// `steer(instance, frame)` sets the parameters before each frame (nothing by default).
template <typename Steer>
void RecordFrames(benchmark::State& state, const Compiled& c, Steer steer) {
  BindResult bound = ProgramBinding::Bind(c.program, c.graph.skeleton, c.clips);
  if (!bound.binding) {
    state.SkipWithError(bound.error.c_str());
    return;
  }
  AnimInstance instance(c.program);
  AnimTaskList list;
  int frame = 0;
  steer(instance, frame++);
  BuildTasks(*bound.binding, instance, 1.0f / 30.0f, list);  // the first frame sizes everything
  const uint64_t before = HeapAllocationCount();
  for (auto _ : state) {
    steer(instance, frame++);
    BuildTasks(*bound.binding, instance, 1.0f / 30.0f, list);
    benchmark::DoNotOptimize(list.tasks.data());
  }
  // Read before the counters below: inserting one into state.counters allocates.
  const uint64_t allocations = HeapAllocationCount() - before;
  const double frames = static_cast<double>(state.iterations());
  // A total, not a rate: one stray allocation must read as 1, not as a few nano per frame.
  state.counters["allocs_after_first_frame"] = static_cast<double>(allocations);
  state.counters["tasks"] = static_cast<double>(list.tasks.size());
  state.counters["ns_per_task"] =
      benchmark::Counter(static_cast<double>(list.tasks.size()) * frames,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void RecordFrames(benchmark::State& state, const Compiled& c) {
  RecordFrames(state, c, [](AnimInstance&, int) {});
}

// The seed's 13 tasks: compiled without pose folding (animc --no-fold), so the aim layer records
// SampleClip + MakeAdditive.
void BM_Record_WorkedExample(benchmark::State& state) {
  DiagnosticSink diagnostics;
  static const auto c =
      Compile(LoadGraph(std::string(ANIMTC_SOURCE_DIR) + "/samples/worked_example.yaml", diagnostics),
              diagnostics, {.fold_poses = false});
  RecordFrames(state, *c);
}
BENCHMARK(BM_Record_WorkedExample);

// As animc compiles it: the aim layer is one SampleClip of its baked delta (12 tasks).
void BM_Record_WorkedExample_Folded(benchmark::State& state) {
  DiagnosticSink diagnostics;
  static const auto c = Compile(
      LoadGraph(std::string(ANIMTC_SOURCE_DIR) + "/samples/worked_example.yaml", diagnostics), diagnostics);
  RecordFrames(state, *c);
}
BENCHMARK(BM_Record_WorkedExample_Folded);

void BM_Record_ThirtyStateMachine(benchmark::State& state) {
  DiagnosticSink diagnostics;
  static const auto c = Compile(ParseGraph(ThirtyStateGraph(30), "thirty.yaml",
                                           std::string(ANIMTC_SOURCE_DIR) + "/samples", diagnostics),
                                diagnostics);
  RecordFrames(state, *c);
}
BENCHMARK(BM_Record_ThirtyStateMachine);

// Moving on a circle of radius 2 through (strafe, forward) speed: the blend space's weights are
// worked out again every frame, and its triangle changes as the circle crosses them.
void BM_Record_Locomotion2D(benchmark::State& state) {
  DiagnosticSink diagnostics;
  static const auto c = Compile(ParseGraph(bench::kLocomotion2DGraph, "locomotion_2d.yaml",
                                           std::string(ANIMTC_SOURCE_DIR) + "/samples", diagnostics),
                                diagnostics);
  RecordFrames(state, *c, [](AnimInstance& instance, int frame) {
    const float angle = 0.05f * static_cast<float>(frame % 126);
    instance.SetFloat(0, 2.0f * std::cos(angle));
    instance.SetFloat(1, 2.0f * std::sin(angle));
  });
}
BENCHMARK(BM_Record_Locomotion2D);

}  // namespace
}  // namespace anim

BENCHMARK_MAIN();
