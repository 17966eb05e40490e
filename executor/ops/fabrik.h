// FABRIK (forward and backward reaching IK) over a chain of any length.
#pragma once

#include "executor/pose/pose.h"
#include "executor/pose/skeleton.h"

namespace anim {

// Longest chain FABRIK solves; the solver keeps its working set on the stack.
inline constexpr int kFabrikMaxChain = 64;
// A segment shorter than this (in component-space units) has no direction, so its bone does not
// turn: well above float rounding of joint positions, so both evaluation paths agree on it.
inline constexpr float kFabrikMinSegment = 1e-5f;

// Moves the chain from `root` down to `tip` (`tip`'s ancestors up to `root`) so `tip` reaches
// `target` (component space), in at most `iterations` passes, stopping once within `tolerance`.
// A target out of reach straightens the chain toward it. The solved joint positions become local
// rotations, each bone turned so its child points at the solved child position (unless either
// segment is shorter than kFabrikMinSegment); `tip` keeps its
// component-space rotation. `alpha` (clamped to [0, 1]) blends the local rotations from the input.
// A chain that is not a chain (root not an ancestor of tip, fewer than two bones, more than
// kFabrikMaxChain), or that reaches past the cut `count`, is left alone.
void SolveFabrik(const PoseView& pose, const Skeleton& skeleton, int count, int root, int tip, Vec3 target,
                 int iterations, float tolerance, float alpha);

}  // namespace anim
