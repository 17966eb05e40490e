// Target "scenario": a scenario document read against every sample program (each has other
// parameters), and its first frames played on the program it reads against.
#include <string_view>

#include "compiler/scenario/scenario_reader.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/fuzz_targets.h"
#include "vm/frame_runner.h"

namespace anim::fuzz {

int FuzzScenario(const uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  bool played = false;
  for (const SampleProgram& sample : SamplePrograms()) {
    DiagnosticSink diagnostics;
    std::optional<Scenario> scenario = ParseScenario(text, "fuzz.scenario.yaml", sample.program, diagnostics);
    (void)FormatText(diagnostics);
    (void)FormatJson(diagnostics);
    if (!scenario || played) continue;
    played = true;
    const BindResult bound = ProgramBinding::Bind(sample.program, sample.graph.skeleton, sample.clips);
    if (!bound.binding) InvariantFailed("a sample does not bind: " + bound.error);
    // A scenario may ask for a million frames: the first few show what its events do.
    if (scenario->frame_count > kMaxFrames) scenario->frame_count = kMaxFrames;
    AnimInstance instance(sample.program);
    RunScenario(*bound.binding, instance, *scenario, nullptr);
  }
  return 0;
}

}  // namespace anim::fuzz
