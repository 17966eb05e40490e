// What every sample graph must pass, shared by the tests over the project's samples and those over
// the samples that read the third-party glTF assets.
#pragma once

#include <string>
#include <vector>

#include "tests/validate/validation_pipeline.h"
#include "vm/frame_runner.h"

namespace anim::test {

// Runs the sample's scenario on the VM and executor, calling `on_frame` for every frame.
void RunSample(const ValidationInputs& in, const FrameCallback& on_frame);

// `graph` (e.g. "samples/litmus.yaml", relative to the source tree) with its scenario
// (samples/litmus.scenario.yaml), its assets also looked for in `asset_dirs`: at least 300 frames,
// agreeing with direct evaluation on every one, visiting every state and firing every transition.
void CheckSampleAgrees(const std::string& graph, const std::vector<std::string>& asset_dirs = {});

}  // namespace anim::test
