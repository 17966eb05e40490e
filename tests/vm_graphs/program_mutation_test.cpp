// 10,000 random byte mutations of compiled sample programs: each is refused by the loader and
// verifier with a message, or binds and runs through BuildTasks and ExecuteTaskList cleanly (CI
// runs this under AddressSanitizer and UndefinedBehaviorSanitizer too).
#include <catch2/catch.hpp>

#include <random>

#include "compiler/codegen/compile.h"
#include "compiler/graph/load_graph.h"
#include "executor/tasks/execute_task_list.h"
#include "tests/support/bytecode_edits.h"
#include "vm/build_tasks.h"
#include "vm/bytecode/program_loader.h"
#include "vm/program_binding.h"

using namespace anim;

namespace {
constexpr int kMutations = 10000;
}  // namespace

TEST_CASE("byte mutations of compiled programs are refused or run cleanly", "[vm][mutation][compiled]") {
  struct Sample {
    CompiledGraph graph;
    std::vector<uint8_t> bytes;
    std::vector<const Clip*> clips;
  };
  std::vector<Sample> samples;
  for (const char* name : {"worked_example", "locomotion", "litmus"}) {
    DiagnosticSink diagnostics;
    std::optional<CompiledGraph> g =
        LoadGraph(std::string(ANIMTC_SOURCE_DIR) + "/samples/" + name + ".yaml", diagnostics);
    INFO(FormatText(diagnostics));
    REQUIRE(g);
    std::optional<codegen::CompiledProgram> compiled =
        codegen::CompileGraph(g->graph, g->skeleton, g->clips, diagnostics);
    REQUIRE(compiled);
    samples.push_back({*std::move(g), std::move(compiled->bytes), {}});
  }
  for (Sample& s : samples) {
    for (const Clip& c : s.graph.clips)
      s.clips.push_back(&c);
  }

  std::mt19937 rng(20261130u);
  int refused = 0, ran = 0, unbound = 0;
  AnimTaskList list;
  std::vector<Mat4> skinning;
  for (int i = 0; i < kMutations; ++i) {
    const Sample& sample = samples[static_cast<std::size_t>(i) % samples.size()];
    std::vector<uint8_t> bytes = sample.bytes;
    test::MutateBytes(bytes, rng);
    if (i % 8 != 0) test::ResealProgram(bytes);
    const LoadResult loaded = LoadVerifiedProgram(bytes);
    if (loaded.outcome == LoadOutcome::Error) {
      INFO("mutation " << i);
      REQUIRE_FALSE(loaded.error.empty());
      ++refused;
      continue;
    }
    BindResult bound = ProgramBinding::Bind(loaded.program, sample.graph.skeleton, sample.clips);
    if (!bound.binding) {
      REQUIRE_FALSE(bound.error.empty());
      ++unbound;
      continue;
    }
    AnimInstance instance(loaded.program);
    skinning.resize(sample.graph.skeleton.bone_count());
    for (int frame = 0; frame < 3; ++frame) {
      BuildTasks(*bound.binding, instance, 1.0f / 30.0f, list);
      REQUIRE(list.output_task >= 0);
      REQUIRE(list.output_task < static_cast<int>(list.tasks.size()));
      ExecuteTaskList(list, {.skinning = skinning});
    }
    ++ran;
  }
  INFO("refused " << refused << ", unbound " << unbound << ", ran " << ran);
  CHECK(refused > 1000);
  CHECK(ran > 100);
}
