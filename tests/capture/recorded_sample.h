// A sample graph compiled, bound and recorded over its scenario: what the capture tests replay,
// damage and compare.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tests/validate/validation_pipeline.h"
#include "vm/capture/anim_capture.h"
#include "vm/program_binding.h"

namespace anim::test {

struct BoundSample {
  std::unique_ptr<ValidationInputs> inputs;
  std::vector<const Clip*> clips;
  std::optional<ProgramBinding> binding;
};

// "samples/locomotion.yaml" (relative to the source tree) with its scenario, compiled and bound.
std::unique_ptr<BoundSample> BindSample(const std::string& graph);

// Frames [first, last] of the sample's scenario, captured from a fresh instance.
AnimCapture RecordSample(const BoundSample& sample, int first, int last);

}  // namespace anim::test
