#include "tests/capture/recorded_sample.h"

#include <catch2/catch.hpp>

#include "vm/capture/frame_recorder.h"

namespace anim::test {

std::unique_ptr<BoundSample> BindSample(const std::string& graph) {
  auto sample = std::make_unique<BoundSample>();
  const std::string path = std::string(ANIMTC_SOURCE_DIR) + "/" + graph;
  sample->inputs = PrepareValidationFiles(path, path.substr(0, path.size() - 5) + ".scenario.yaml");
  for (const Clip& clip : sample->inputs->graph.clips)
    sample->clips.push_back(&clip);
  BindResult bound =
      ProgramBinding::Bind(sample->inputs->compiled.program, sample->inputs->graph.skeleton, sample->clips);
  INFO(bound.error);
  REQUIRE(bound.binding);
  sample->binding.emplace(std::move(*bound.binding));
  return sample;
}

AnimCapture RecordSample(const BoundSample& sample, int first, int last) {
  AnimInstance instance(sample.inputs->compiled.program);
  return RecordScenario(*sample.binding, instance, sample.inputs->scenario, first, last, "sample");
}

}  // namespace anim::test
