// The seam state of one state machine across frames: the two-frame history of its output, shared
// by every blend mode, and what each mode captured at its last transition. One history for both
// matters: a machine may inertialize one transition and dead-blend the next, and every capture
// must see the machine's real previous output.
#pragma once

#include "executor/ops/crossfade.h"
#include "executor/ops/dead_blending.h"
#include "executor/ops/inertialization.h"
#include "executor/ops/pose_history.h"

namespace anim {

struct TransitionBlendState {
  PoseHistory history;
  InertializationState inertialization;
  DeadBlendState dead_blend;
  CrossfadeState crossfade;
};

}  // namespace anim
