#include "tests/validate/sample_check.h"

#include <catch2/catch.hpp>

#include <set>
#include <utility>

#include "compiler/validate/validate.h"
#include "vm/program_binding.h"

namespace anim::test {

void RunSample(const ValidationInputs& in, const FrameCallback& on_frame) {
  std::vector<const Clip*> clips;
  for (const Clip& c : in.graph.clips)
    clips.push_back(&c);
  BindResult bound = ProgramBinding::Bind(in.compiled.program, in.graph.skeleton, clips);
  INFO(bound.error);
  REQUIRE(bound.binding);
  AnimInstance instance(in.compiled.program);
  RunScenario(*bound.binding, instance, in.scenario, on_frame);
}

void CheckSampleAgrees(const std::string& graph, const std::vector<std::string>& asset_dirs) {
  INFO("sample " << graph);
  const std::string path = std::string(ANIMTC_SOURCE_DIR) + "/" + graph;
  const std::string scenario = path.substr(0, path.size() - 5) + ".scenario.yaml";
  const auto in = PrepareValidationFiles(path, scenario, asset_dirs);
  REQUIRE(in->scenario.frame_count >= 300);
  const ValidationReport report = Validate(in->graph, in->compiled.program, in->scenario);
  INFO(FormatReport(report));
  REQUIRE(report.agree);
  REQUIRE(report.frames == in->scenario.frame_count);

  std::set<std::pair<int, int>> states, transitions;
  RunSample(*in, [&](const FrameResult& frame) {
    for (std::size_t m = 0; m < frame.instance->machines.size(); ++m) {
      const MachineState& ms = frame.instance->machines[m];
      states.insert({static_cast<int>(m), ms.current});
      if (ms.fired) transitions.insert({static_cast<int>(m), ms.last_transition});
    }
  });
  for (std::size_t m = 0; m < in->compiled.program.machines.size(); ++m) {
    const MachineDesc& machine = in->compiled.program.machines[m];
    for (std::size_t s = 0; s < machine.states.size(); ++s) {
      INFO("machine '" << machine.name << "' state '" << machine.states[s].name << "'");
      CHECK(states.count({static_cast<int>(m), static_cast<int>(s)}) == 1);
    }
    for (std::size_t t = 0; t < machine.transitions.size(); ++t) {
      INFO("machine '" << machine.name << "' transition " << t);
      CHECK(transitions.count({static_cast<int>(m), static_cast<int>(t)}) == 1);
    }
  }
}

}  // namespace anim::test
