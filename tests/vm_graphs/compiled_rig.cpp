#include "tests/vm_graphs/compiled_rig.h"

namespace anim::test {

const char* const kHumanoidHeader = R"(format: animtc.graph
version: 1
skeleton: humanoid/skeleton.yaml
clips: {idle: humanoid/idle.json, walk: humanoid/walk_fwd.json, jump: humanoid/jump.json}  # an alias: bound by the graph's name
)";

std::unique_ptr<Rig> Rig::Compile(const std::string& body, const char* header) {
  DiagnosticSink diagnostics;
  std::optional<CompiledGraph> g = ParseGraph(std::string(header) + body, "test.yaml",
                                              std::string(ANIMTC_SOURCE_DIR) + "/samples", diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(g);
  std::optional<codegen::CompiledProgram> compiled =
      codegen::CompileGraph(g->graph, g->skeleton, g->clips, diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(compiled);
  auto rig =
      std::make_unique<Rig>(Rig{*std::move(g), std::move(compiled->program), {}, {}, {}, {}, {}, {}, {}});
  rig->Bind();
  return rig;
}

void Rig::Bind() {
  clips.clear();
  for (const Clip& c : graph.clips)
    clips.push_back(&c);
  BindResult bound = ProgramBinding::Bind(program, graph.skeleton, clips);
  INFO(bound.error);
  REQUIRE(bound.binding);
  binding = std::move(bound.binding);
  instance = std::make_unique<AnimInstance>(program);
}

void Rig::Step(float dt) {
  BuildTasks(*binding, *instance, dt, list);
  ExecuteTaskList(list, {.local_pose = &pose, .root_motion = &root_motion}, &snapshot);
  instance->AccumulateRootMotion(root_motion);
}

int Rig::State(const char* name, int machine) const {
  const MachineDesc& m = program.machines[machine];
  for (std::size_t s = 0; s < m.states.size(); ++s) {
    if (m.states[s].name == name) return static_cast<int>(s);
  }
  FAIL("no state " << name);
  return -1;
}

const AnimTask& Rig::Sampled(const char* clip) const {
  for (const AnimTask& t : list.tasks) {
    if (t.type == AnimTaskType::SampleClip && list.clips[t.resource]->name() == clip) return t;
  }
  FAIL("no SampleClip of " << clip);
  return list.tasks[0];
}

bool Rig::NodeReachable(const std::string& node) const {
  const std::vector<std::string>& names = binding->node_names();
  bool found = false;
  for (std::size_t i = 0; i < list.tasks.size(); ++i) {
    const int16_t n = static_cast<int16_t>(list.tasks[i].source_node);
    if (n < 0 || names[n] != node) continue;
    found = true;
    if (snapshot.tasks[i].reachable) return true;
  }
  if (!found) FAIL("node " << node << " recorded no task");
  return false;
}

}  // namespace anim::test
