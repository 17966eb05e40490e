#include "tests/crowd/crowd_rig.h"

#include <catch2/catch.hpp>

#include <cstring>

#include "compiler/codegen/compile.h"
#include "executor/tasks/execute_task_list.h"
#include "tools/bench/locomotion_2d_graph.h"
#include "vm/build_tasks.h"

namespace anim::test {

std::unique_ptr<BoundGraph> BoundGraph::Compile(const std::string& yaml) {
  DiagnosticSink diagnostics;
  std::optional<CompiledGraph> g =
      ParseGraph(yaml, "crowd.yaml", std::string(ANIMTC_SOURCE_DIR) + "/samples", diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(g);
  std::optional<codegen::CompiledProgram> compiled = codegen::CompileGraph(g->graph, diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(compiled);
  auto out = std::make_unique<BoundGraph>();
  out->graph = *std::move(g);
  out->program = std::move(compiled->program);
  for (const Clip& c : out->graph.clips)
    out->clips.push_back(&c);
  BindResult bound = ProgramBinding::Bind(out->program, out->graph.skeleton, out->clips);
  INFO(bound.error);
  REQUIRE(bound.binding);
  out->binding = std::move(bound.binding);
  return out;
}

std::unique_ptr<BoundGraph> LocomotionGraph() {
  return BoundGraph::Compile(bench::kLocomotion2DGraph);
}

std::unique_ptr<BoundGraph> IdleClipGraph() {
  return BoundGraph::Compile(R"(format: animtc.graph
version: 1
skeleton: humanoid/skeleton.yaml
clips: {idle: humanoid/idle.json}
nodes:
  idle_clip: {kind: clip, clip: idle}
output: {pose: idle_clip}
)");
}

std::unique_ptr<BoundGraph> TimedMachineGraph() {
  return BoundGraph::Compile(R"(format: animtc.graph
version: 1
skeleton: humanoid/skeleton.yaml
clips: {idle: humanoid/idle.json, walk: humanoid/walk_fwd.json}
nodes:
  gait:
    kind: state_machine
    initial: idle
    states:
      idle: {kind: clip, clip: idle}
      walk: {kind: clip, clip: walk}
    transitions:
      - {from: idle, to: walk, condition: "time_in_state > 0.5", duration: 0.2}
output: {pose: gait}
)");
}

SerialEntity::SerialEntity(const BoundGraph& g)
    : graph(g), instance(g.program), skinning(static_cast<std::size_t>(g.bones())) {}

void SerialEntity::Step(float dt) {
  BuildTasks(*graph.binding, instance, dt, list);
  Transform root_motion;
  ExecuteTaskList(list, ExecuteOutputs{.skinning = skinning, .root_motion = &root_motion}, &snapshot);
  instance.AccumulateRootMotion(root_motion);
}

bool SameBits(std::span<const Mat4> a, std::span<const Mat4> b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size_bytes()) == 0;
}

}  // namespace anim::test
