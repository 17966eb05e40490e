// Analytic two-bone IK (law of cosines) for a root -> mid -> end chain such as thigh, calf, foot.
#pragma once

#include "executor/pose/pose.h"
#include "executor/pose/skeleton.h"

namespace anim {

// The reach is clamped to this fraction of the chain length: a fully straight chain is singular
// (its bend direction is undefined), so an out-of-reach target leaves the joint a hair bent.
inline constexpr float kTwoBoneMaxReach = 0.9999f;

// Whether root -> mid -> end is a chain the solver accepts: distinct bones, `mid` descending from
// `root` and `end` from `mid`, all editable before the cut `count`.
bool IsTwoBoneChain(ConstPoseView pose, const Skeleton& skeleton, int count, int root, int mid, int end);

// Rotates `root` and `mid` so `end` reaches `target` (component space), keeping `end`'s
// component-space rotation. The joint bends in its current bend plane (or, for a straight chain,
// the bind pose's), never the opposite way; with a `pole` (component-space point, may be null) the
// chain then turns about the root-target line so the joint points toward the pole. Out of reach,
// the chain points straight at the target. `alpha` (clamped to [0, 1]) blends the local rotations
// from the input to the solution. A chain IsTwoBoneChain rejects leaves the pose alone.
void SolveTwoBoneIK(PoseView pose, const Skeleton& skeleton, int count, int root, int mid, int end,
                    Vec3 target, const Vec3* pole, float alpha);

}  // namespace anim
