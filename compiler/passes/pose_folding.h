// Compile-time pose folding (docs/semantics.md, "Baked additives"): a local-space MakeAdditive of a
// clip against the bind pose is baked, key frame by key frame, into a clip of deltas the program
// carries (Graph::baked_clips, section BAKE), and the pair becomes one SampleClip of it. Exact within
// float rounding, since interpolating deltas against a fixed reference equals the delta of the
// interpolated pose (rotations: multiplying by a fixed unit quaternion commutes with nlerp and its
// hemisphere test; translations and scales are linear in the keys).
//
// Left unfolded: mesh space (the delta of model-space rotations is not linear in the local keys), a
// base pose other than the bind pose, a clip played in a sync group (its group reads the clip's
// markers), a clip node something else reads too, and a clock that takes root motion out of a bone
// whose rotation moves (removing a rotation's twist does not commute with nlerp).
#pragma once

#include <span>
#include <vector>

#include "compiler/ir/ir.h"
#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"

namespace anim::ir {

// The assets a graph was checked against: `clips` parallel to Graph::clips.
struct FoldAssets {
  const Skeleton& skeleton;
  std::span<const Clip> clips;
};

// Folds every foldable MakeAdditive; returns how many. The sampled clip nodes it replaces are left
// for dead value elimination.
int FoldPoses(Graph& graph, const FoldAssets& assets);

// The additive delta of `source` against `skeleton`'s bind pose as a baked clip: each key frame as
// stored, with the motion of skeleton bone `motion_bone` taken out first (-1: none), made additive by
// the runtime's own MakeAdditiveLocal. Channels within 1e-6 of the identity delta in every frame are
// left out (they sample to the identity); curves keep their keys, bound to `curve_table` by name (ones it
// lacks are dropped).
BakedClipDesc BakeAdditive(const Clip& source, uint16_t source_index, const Skeleton& skeleton,
                           const std::vector<std::string>& curve_table, int motion_bone);

}  // namespace anim::ir
