// ExecuteTaskList benchmarks: the seed's worked example per character (sample humanoid, and a
// 64-bone rig), a 2D-blend-space locomotion frame recorded by the VM, the cost of unreachable
// state-machine branches, the per-bone cost of a blend in the sweep, heap allocations per frame
// and the pool size over many lists.
//   build/tools/bench/anim-bench-executor [--benchmark_min_time=0.2]
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/codegen/compile.h"
#include "compiler/graph/load_graph.h"
#include "executor/tasks/execute_task_list.h"
#include "executor/tasks/pose_pool.h"
#include "tools/allocation_counter/allocation_counter.h"
#include "tools/bench/locomotion_2d_graph.h"
#include "tools/worked_example/worked_example_list.h"
#include "vm/build_tasks.h"
#include "vm/program_binding.h"

namespace anim {
namespace {

const HumanoidAssets& Humanoid() {
  static const std::unique_ptr<HumanoidAssets> assets = [] {
    std::string error;
    auto loaded = LoadHumanoidAssets(std::string(ANIMTC_SOURCE_DIR) + "/samples/humanoid", error);
    if (!loaded) {
      std::fprintf(stderr, "cannot load the sample humanoid:\n%s", error.c_str());
      std::exit(2);
    }
    return loaded;
  }();
  return *assets;
}

// Runs `list` once per iteration and reports ns per bone, allocations per frame and pool size.
void RunFrames(benchmark::State& state, const AnimTaskList& list) {
  std::vector<Mat4> skinning(list.skeleton->bone_count());
  const ExecuteOutputs outputs{.skinning = skinning};
  ExecuteTaskList(list, outputs);  // warm-up: scratch and pool reach their size
  const uint64_t allocations_before = HeapAllocationCount();
  for (auto _ : state) {
    ExecuteTaskList(list, outputs);
    benchmark::DoNotOptimize(skinning.data());
  }
  // Read before any counter is added: adding one allocates.
  const uint64_t allocations = HeapAllocationCount() - allocations_before;
  const double frames = static_cast<double>(state.iterations());
  state.counters["allocs_per_frame"] = static_cast<double>(allocations) / frames;
  state.counters["pool_buffers"] = ThreadPosePool().size();
  state.counters["ns_per_bone"] =
      benchmark::Counter(static_cast<double>(list.skeleton->bone_count()) * frames,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_WorkedExample_Humanoid(benchmark::State& state) {
  WorkedExample ex;
  BuildWorkedExample(Humanoid(), 0.4f, ex);
  RunFrames(state, ex.list);
}
BENCHMARK(BM_WorkedExample_Humanoid)->Unit(benchmark::kNanosecond);

// The worked example with time advancing at 30 frames a second over an 8-second cycle, the way a
// character plays it: each frame samples new keys, and the foot IK plants on the frames where the
// run's left foot is down and does nothing on the others. Issue 18's whole-frame figure: /0 makes
// the aim layer's additive every frame (the seed's list), /1 samples it baked, as a program the
// compiler folded records it.
void BM_WorkedExample_Advancing(benchmark::State& state) {
  WorkedExample ex;
  BuildWorkedExample(Humanoid(), 0.0f, ex, state.range(0) == 0 ? AimLayer::MakeAdditive : AimLayer::Baked);
  std::vector<Mat4> skinning(ex.list.skeleton->bone_count());
  const ExecuteOutputs outputs{.skinning = skinning};
  constexpr int kCycleFrames = 240;
  int frame = 0;
  const auto advance = [&] {
    frame = frame + 1 == kCycleFrames ? 0 : frame + 1;
    const float time = static_cast<float>(frame) / 30.0f;
    for (AnimTask& task : ex.list.tasks) {
      if (task.type == AnimTaskType::SampleClip && task.resource < 6) task.time = time;  // not the aim layer
    }
  };
  for (int i = 0; i < kCycleFrames; ++i) {  // warm-up: scratch, pool and history reach their size
    advance();
    ExecuteTaskList(ex.list, outputs);
  }
  const uint64_t allocations_before = HeapAllocationCount();
  const ExecutorThreadStats stats_before = ThreadExecutorStats();
  for (auto _ : state) {
    advance();
    ExecuteTaskList(ex.list, outputs);
    benchmark::DoNotOptimize(skinning.data());
  }
  const uint64_t allocations = HeapAllocationCount() - allocations_before;
  const double frames = static_cast<double>(state.iterations());
  const double replayed = static_cast<double>(ThreadExecutorStats().replayed - stats_before.replayed);
  state.counters["allocs_per_frame"] = static_cast<double>(allocations) / frames;
  state.counters["pool_buffers"] = ThreadPosePool().size();
  state.counters["plans_replayed"] = replayed / frames;  // the fraction of frames
}
BENCHMARK(BM_WorkedExample_Advancing)->Arg(0)->Arg(1)->Unit(benchmark::kNanosecond);

// The 2D-blend-space locomotion graph (tools/bench/locomotion_2d_graph.h) in its move state at
// (0.7, 2.2), between walk, run and the right-hand sample, its crossfade from idle over: the frame
// the VM records there, executed again and again. Every sample records and, while a blend whose
// share is 0 still reads both its inputs, runs.
void BM_Locomotion2D(benchmark::State& state) {
  struct Recorded {
    CompiledGraph graph;
    Program program;
    std::vector<const Clip*> clips;
    std::optional<ProgramBinding> binding;
    std::unique_ptr<AnimInstance> instance;
    AnimTaskList list;
  };
  static const std::unique_ptr<Recorded> r = [] {
    DiagnosticSink diagnostics;
    std::optional<CompiledGraph> graph = ParseGraph(bench::kLocomotion2DGraph, "locomotion_2d.yaml",
                                                    std::string(ANIMTC_SOURCE_DIR) + "/samples", diagnostics);
    std::optional<codegen::CompiledProgram> compiled =
        graph ? codegen::CompileGraph(graph->graph, diagnostics) : std::nullopt;
    if (!compiled) {
      std::fprintf(stderr, "%s", FormatText(diagnostics).c_str());
      std::exit(2);
    }
    auto out = std::make_unique<Recorded>();
    out->graph = *std::move(graph);
    out->program = std::move(compiled->program);
    for (const Clip& clip : out->graph.clips)
      out->clips.push_back(&clip);
    BindResult bound = ProgramBinding::Bind(out->program, out->graph.skeleton, out->clips);
    if (!bound.binding) {
      std::fprintf(stderr, "%s\n", bound.error.c_str());
      std::exit(2);
    }
    out->binding = std::move(bound.binding);
    out->instance = std::make_unique<AnimInstance>(out->program);
    out->instance->SetFloat("vx", 0.7f);
    out->instance->SetFloat("vy", 2.2f);
    for (int frame = 0; frame < 30; ++frame) {  // into the move state, past the crossfade
      BuildTasks(*out->binding, *out->instance, 1.0f / 30.0f, out->list);
      ExecuteTaskList(out->list, {});
    }
    return out;
  }();
  RunFrames(state, r->list);
}
BENCHMARK(BM_Locomotion2D)->Unit(benchmark::kNanosecond);

// The compiled worked example (samples/worked_example.yaml) in its run state, the frame the VM
// records there executed again and again: with its aim layer baked into a clip of deltas (argument
// 1, as animc compiles it) or made additive every frame (0, animc --no-fold).
void BM_CompiledWorkedExample(benchmark::State& state) {
  struct Recorded {
    CompiledGraph graph;
    Program program;
    std::vector<const Clip*> clips;
    std::optional<ProgramBinding> binding;
    std::unique_ptr<AnimInstance> instance;
    AnimTaskList list;
  };
  const bool fold = state.range(0) != 0;
  DiagnosticSink diagnostics;
  std::optional<CompiledGraph> graph =
      LoadGraph(std::string(ANIMTC_SOURCE_DIR) + "/samples/worked_example.yaml", diagnostics);
  std::optional<codegen::CompiledProgram> compiled =
      graph ? codegen::CompileGraph(graph->graph, graph->skeleton, graph->clips, diagnostics,
                                    {.fold_poses = fold})
            : std::nullopt;
  if (!compiled) {
    std::fprintf(stderr, "%s", FormatText(diagnostics).c_str());
    std::exit(2);
  }
  auto r = std::make_unique<Recorded>();
  r->graph = *std::move(graph);
  r->program = std::move(compiled->program);
  for (const Clip& clip : r->graph.clips)
    r->clips.push_back(&clip);
  BindResult bound = ProgramBinding::Bind(r->program, r->graph.skeleton, r->clips);
  if (!bound.binding) {
    state.SkipWithError(bound.error.c_str());
    return;
  }
  r->binding = std::move(bound.binding);
  r->instance = std::make_unique<AnimInstance>(r->program);
  r->instance->SetFloat("speed", 4.0f);
  for (int frame = 0; frame < 90; ++frame) {  // idle to walk to run, past both blends
    BuildTasks(*r->binding, *r->instance, 1.0f / 30.0f, r->list);
    ExecuteTaskList(r->list, {});
  }
  state.counters["tasks"] = static_cast<double>(r->list.tasks.size());
  RunFrames(state, r->list);
}
BENCHMARK(BM_CompiledWorkedExample)->Arg(0)->Arg(1)->Unit(benchmark::kNanosecond);

// Kernels that do nothing, so a list's time is the executor's own: reachability, ownership, task
// dispatch, bookkeeping, the curve stream and state upkeep.
constexpr PoseKernelTable kNullKernels{
    [](auto...) {}, [](auto...) { return 0; },
    [](auto...) {}, [](auto...) {},
    [](auto...) {}, [](auto...) {},
    [](auto...) {}, [](auto...) {},
};

// Runs `list` with the null kernels and no outputs (so no resolve): the executor overhead.
void RunOverhead(benchmark::State& state, const AnimTaskList& list, bool reuse_plan = true) {
  const ExecutorOptions options{.kernels = &kNullKernels, .reuse_plan = reuse_plan};
  ExecuteTaskListWith(list, {}, nullptr, options);
  for (auto _ : state) {
    ExecuteTaskListWith(list, {}, nullptr, options);
    benchmark::ClobberMemory();
  }
}

// The worked example's 13 tasks (8 reachable) with the foot IK at alpha 0, so it passes its input
// through: issue 18's "executor overhead per worked-example frame". /0 works every list out
// afresh; /1 replays the previous list's plan, as every frame whose shape has not changed does.
void BM_ExecutorOverhead_WorkedExample(benchmark::State& state) {
  WorkedExample ex;
  BuildWorkedExample(Humanoid(), 0.4f, ex);
  ex.list.tasks[static_cast<std::size_t>(ex.list.output_task)].alpha = 0.0f;
  state.SetLabel(state.range(0) != 0 ? "plan replayed" : "decided afresh");
  RunOverhead(state, ex.list, state.range(0) != 0);
}
BENCHMARK(BM_ExecutorOverhead_WorkedExample)->DenseRange(0, 1)->Unit(benchmark::kNanosecond);

// A sample alone, then the same sample through a transition task with no transition in flight
// (`flags` apply off, as every frame between transitions records it), and through a bone op at
// weight 0, which passes its input through and does nothing else: what any task costs the sweep.
// A transition task's time less the bone op's is what keeping the seam's history costs.
void PassThroughList(WorkedExample& storage, AnimTaskType transition) {
  const HumanoidAssets& h = Humanoid();
  storage.state.blends.resize(1);
  AnimTaskList& list = storage.list;
  list.skeleton = &h.skeleton;
  list.clips = h.clip_table;
  list.state = &storage.state;
  list.delta_time = 1.0f / 30.0f;
  AnimTask sample;
  sample.type = AnimTaskType::SampleClip;
  list.output_task = list.Add(sample);
  if (transition == AnimTaskType::ReferencePose) return;
  AnimTask pass;
  pass.type = transition;
  pass.dep_a = list.output_task;
  pass.alpha = transition == AnimTaskType::BoneTransform ? 0.0f : 0.2f;  // a weight, or a duration
  list.output_task = list.Add(pass);
}

void BM_PassThrough(benchmark::State& state) {
  const AnimTaskType types[] = {AnimTaskType::ReferencePose, AnimTaskType::Inertialize,
                                AnimTaskType::DeadBlend, AnimTaskType::Crossfade,
                                AnimTaskType::BoneTransform};
  WorkedExample storage;
  PassThroughList(storage, types[state.range(0)]);
  state.SetLabel(state.range(0) == 0 ? "sample alone" : AnimTaskTypeName(types[state.range(0)]));
  RunOverhead(state, storage.list);
}
BENCHMARK(BM_PassThrough)->DenseRange(0, 4)->Unit(benchmark::kNanosecond);

// The same 13 tasks on the humanoid cut to 64 bones (sampling and blending stop at the cut;
// forward kinematics still walks every bone).
void BM_WorkedExample_64Bones(benchmark::State& state) {
  WorkedExample ex;
  BuildWorkedExample(Humanoid(), 0.4f, ex);
  ex.list.active_bone_count = 64;
  RunFrames(state, ex.list);
}
BENCHMARK(BM_WorkedExample_64Bones)->Unit(benchmark::kNanosecond);

// A state machine with `branches` states, each recording two samples and a blend; the machine's
// Inertialize reads one of them. Reachability makes the other branches free.
AnimTaskList StateMachineList(WorkedExample& storage, int branches) {
  const HumanoidAssets& h = Humanoid();
  storage.state.blends.resize(1);
  AnimTaskList list;
  list.skeleton = &h.skeleton;
  list.clips = h.clip_table;
  list.state = &storage.state;
  list.tasks.reserve(3 * branches + 1);
  int16_t current = AnimTask::NoTask;
  for (int b = 0; b < branches; ++b) {
    // Branches are numbered from the reachable one, so it is the same branch in every list.
    const int offset = b - branches / 2;
    AnimTask sample;
    sample.type = AnimTaskType::SampleClip;
    sample.resource = static_cast<uint16_t>((offset % 5 + 5) % 5);
    sample.time = 0.1f * static_cast<float>(offset);
    const int16_t x = list.Add(sample);
    sample.resource = static_cast<uint16_t>(((offset + 1) % 5 + 5) % 5);
    const int16_t y = list.Add(sample);
    AnimTask blend;
    blend.type = AnimTaskType::Blend;
    blend.dep_a = x;
    blend.dep_b = y;
    blend.alpha = 0.3f;
    const int16_t r = list.Add(blend);
    if (b == branches / 2) current = r;
  }
  AnimTask inertialize;
  inertialize.type = AnimTaskType::Inertialize;
  inertialize.dep_a = current;
  inertialize.alpha = 0.2f;
  list.output_task = list.Add(inertialize);
  return list;
}

void BM_StateMachine30Branches(benchmark::State& state) {
  WorkedExample storage;
  RunFrames(state, StateMachineList(storage, 30));
}
BENCHMARK(BM_StateMachine30Branches)->Unit(benchmark::kNanosecond);

void BM_StateMachineOneBranch(benchmark::State& state) {
  WorkedExample storage;
  RunFrames(state, StateMachineList(storage, 1));
}
BENCHMARK(BM_StateMachineOneBranch)->Unit(benchmark::kNanosecond);

// Two samples, then `blends` blends in a chain, each stealing its predecessor's buffer. The per-
// blend cost (this minus the zero-blend list, over the blend count) is a blend plus its share of
// the sweep.
void BM_BlendChain(benchmark::State& state) {
  const HumanoidAssets& h = Humanoid();
  AnimTaskList list;
  list.skeleton = &h.skeleton;
  list.clips = h.clip_table;
  AnimTask sample;
  sample.type = AnimTaskType::SampleClip;
  int16_t last = list.Add(sample);
  sample.resource = 1;
  const int16_t other = list.Add(sample);
  for (int i = 0; i < state.range(0); ++i) {
    AnimTask blend;
    blend.type = AnimTaskType::Blend;
    blend.dep_a = last;
    blend.dep_b = other;
    blend.alpha = 0.25f;
    last = list.Add(blend);
  }
  list.output_task = last;
  RunFrames(state, list);
  state.counters["ns_per_bone"] = benchmark::Counter(
      static_cast<double>(h.skeleton.bone_count()) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_BlendChain)->Arg(0)->Arg(32)->Unit(benchmark::kNanosecond);

// 10,000 lists on one thread (the worked example at advancing times): the pool never grows past
// the chain depth.
void BM_PoolOver10000Lists(benchmark::State& state) {
  WorkedExample ex;
  std::vector<Mat4> skinning(Humanoid().skeleton.bone_count());
  int peak_pool = 0;
  for (auto _ : state) {
    for (int i = 0; i < 10000; ++i) {
      BuildWorkedExample(Humanoid(), static_cast<float>(i) / 30.0f, ex);
      ExecuteTaskList(ex.list, {.skinning = skinning});
      peak_pool = std::max(peak_pool, ThreadPosePool().size());
    }
  }
  state.counters["peak_pool_buffers"] = peak_pool;
}
BENCHMARK(BM_PoolOver10000Lists)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace anim

BENCHMARK_MAIN();
