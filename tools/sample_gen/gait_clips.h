// Walk and run cycles, forwards and backwards. All four share the foot-contact phases: the left
// foot plants at phase 0 and the right at phase 0.5, so blends at equal normalised phase are clean.
#pragma once

#include <vector>

#include "tools/sample_gen/asset_writer.h"
#include "tools/sample_gen/humanoid_rig.h"

namespace anim::sample_gen {

// walk_fwd, walk_back, run_fwd, run_back.
std::vector<ClipFrames> GaitClips(const HumanoidRig& rig);

}  // namespace anim::sample_gen
