// anim-bench-crowd: 1,000 characters on the 2D-blend-space locomotion graph
// (tools/bench/locomotion_2d_graph.h) updated by a Crowd (crowd/crowd.h), on 1 and on 2 threads,
// with allocations per frame and pool buffers per thread; then the same crowd with stagger 2 and
// half of it invisible, with what each mechanism saved. Times are wall-clock per frame.
//   build/tools/bench/anim-bench-crowd [--benchmark_repetitions=5]
#include <benchmark/benchmark.h>

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/codegen/compile.h"
#include "compiler/graph/load_graph.h"
#include "crowd/crowd.h"
#include "tools/allocation_counter/allocation_counter.h"
#include "tools/bench/locomotion_2d_graph.h"

namespace anim {
namespace {

constexpr int kCharacters = 1000;
constexpr float kDt = 1.0f / 30.0f;

struct Bound {
  CompiledGraph graph;
  Program program;
  std::vector<const Clip*> clips;
  std::optional<ProgramBinding> binding;
};

const Bound& Locomotion() {
  static const std::unique_ptr<Bound> bound = [] {
    DiagnosticSink diagnostics;
    std::optional<CompiledGraph> graph = ParseGraph(bench::kLocomotion2DGraph, "locomotion_2d.yaml",
                                                    std::string(ANIMTC_SOURCE_DIR) + "/samples", diagnostics);
    std::optional<codegen::CompiledProgram> compiled =
        graph ? codegen::CompileGraph(graph->graph, diagnostics) : std::nullopt;
    if (!compiled) {
      std::fprintf(stderr, "%s", FormatText(diagnostics).c_str());
      std::exit(2);
    }
    auto out = std::make_unique<Bound>();
    out->graph = *std::move(graph);
    out->program = std::move(compiled->program);
    for (const Clip& clip : out->graph.clips)
      out->clips.push_back(&clip);
    BindResult bound_program = ProgramBinding::Bind(out->program, out->graph.skeleton, out->clips);
    if (!bound_program.binding) {
      std::fprintf(stderr, "%s\n", bound_program.error.c_str());
      std::exit(2);
    }
    out->binding = std::move(bound_program.binding);
    return out;
  }();
  return *bound;
}

// Every character moves at its own velocity (spread over the blend space, a few standing still)
// and starts at its own phase; 30 frames take them all past their crossfade out of idle, and the
// warm-up goes on until every thread has run part of a frame (its pool and scratch are sized).
void Populate(crowd::Crowd& crowd, tbb::task_arena& arena, int threads) {
  for (int e = 0; e < crowd.size(); ++e) {
    const float f = static_cast<float>(e);
    crowd.instance(e).SetFloat("vx", 0.6f * std::sin(0.37f * f));
    crowd.instance(e).SetFloat("vy", e % 10 == 0 ? 0.0f : 3.5f * std::cos(0.11f * f) + 0.5f);
    crowd.AddTime(e, 0.0137f * f);
  }
  arena.execute([&] {
    for (int frame = 0; frame < 30 || (crowd.stats().threads < threads && frame < 3000); ++frame)
      crowd.Update(kDt);
  });
}

// Runs one crowd frame per iteration on `threads` threads and reports allocations per frame, pool
// buffers per thread and the frame's statistics averaged over the iterations.
void RunCrowd(benchmark::State& state, const crowd::CrowdConfig& config, bool half_invisible) {
  const int threads = static_cast<int>(state.range(0));
  const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  tbb::task_arena arena(threads);
  crowd::Crowd crowd(*Locomotion().binding, config);
  if (half_invisible) {
    for (int e = 0; e < crowd.size(); e += 2)
      crowd.set_visible(e, false);
  }
  Populate(crowd, arena, threads);
  crowd::CrowdFrameStats sum;
  int peak_buffers = 0, pool_held = 0, threads_used = 0;
  const uint64_t allocations_before = HeapAllocationCount();
  for (auto _ : state) {
    arena.execute([&] {
      const crowd::CrowdFrameStats& s = crowd.Update(kDt);
      sum.updated += s.updated;
      sum.skipped_by_stagger += s.skipped_by_stagger;
      sum.gated_by_visibility += s.gated_by_visibility;
      sum.tasks_executed += s.tasks_executed;
      sum.plans_replayed += s.plans_replayed;
      sum.evaluate_ns += s.evaluate_ns + s.logic_ns;
      sum.saved_by_stagger_ns += s.saved_by_stagger_ns;
      sum.saved_by_visibility_ns += s.saved_by_visibility_ns;
      peak_buffers = std::max(peak_buffers, s.peak_pool_buffers_per_thread);
      pool_held = std::max(pool_held, s.pool_buffers_held);
      threads_used = std::max(threads_used, s.threads);
    });
  }
  // Read before any counter is added: adding one allocates.
  const uint64_t allocations = HeapAllocationCount() - allocations_before;
  const double frames = static_cast<double>(state.iterations());
  state.counters["allocs_per_frame"] = static_cast<double>(allocations) / frames;
  state.counters["peak_buffers_per_thread"] = peak_buffers;
  state.counters["pool_buffers_held"] = pool_held;
  state.counters["threads_used"] = threads_used;
  state.counters["updated"] = sum.updated / frames;
  state.counters["tasks_executed"] = static_cast<double>(sum.tasks_executed) / frames;
  state.counters["plans_replayed"] = sum.plans_replayed / frames;
  state.counters["cpu_us_in_entities"] = sum.evaluate_ns / frames / 1e3;
  if (config.update_every > 1 || half_invisible) {
    state.counters["skipped"] = sum.skipped_by_stagger / frames;
    state.counters["gated"] = sum.gated_by_visibility / frames;
    state.counters["saved_stagger_us"] = sum.saved_by_stagger_ns / frames / 1e3;
    state.counters["saved_visibility_us"] = sum.saved_by_visibility_ns / frames / 1e3;
  }
  state.counters["us_per_character"] =
      benchmark::Counter(static_cast<double>(config.count) * frames / 1e6,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_Crowd1000(benchmark::State& state) {
  RunCrowd(state, {.count = kCharacters}, false);
}
BENCHMARK(BM_Crowd1000)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

// Stagger 2 (every character updates every other frame) and every other character invisible
// (its clocks and machines run, nothing executes).
void BM_Crowd1000_Stagger2_HalfInvisible(benchmark::State& state) {
  RunCrowd(state, {.count = kCharacters, .update_every = 2}, true);
}
BENCHMARK(BM_Crowd1000_Stagger2_HalfInvisible)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace anim

BENCHMARK_MAIN();
