// Walk and run cycles, forwards and backwards, and sidesteps left and right. All share the
// foot-contact phases (the left foot plants at phase 0, the right at phase 0.5, marked as sync
// markers foot_l and foot_r) and carry root motion: the root bone moves at the speed that keeps a
// planted foot still.
#pragma once

#include <vector>

#include "tools/sample_gen/asset_writer.h"
#include "tools/sample_gen/humanoid_rig.h"

namespace anim::sample_gen {

// walk_fwd, walk_back, run_fwd, run_back, walk_left, walk_right.
std::vector<ClipFrames> GaitClips(const HumanoidRig& rig);

}  // namespace anim::sample_gen
