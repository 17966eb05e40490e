// The litmus rig: a 12-deep chain, each bone 0.1 m along +Y from its parent with no rotation, and
// a looping clip that keeps it straight. Pushed through a pipeline, it renders as a straight
// vertical line exactly when hierarchy, bind pose and sampling are all right.
#pragma once

#include "executor/pose/skeleton.h"
#include "tools/sample_gen/asset_writer.h"

namespace anim::sample_gen {

inline constexpr int kLitmusBones = 12;

SkeletonDesc LitmusSkeleton();
// Identity rotations on every bone in every frame, written per frame so sampling is exercised.
ClipFrames LitmusStraightClip(const SkeletonDesc& litmus);

}  // namespace anim::sample_gen
