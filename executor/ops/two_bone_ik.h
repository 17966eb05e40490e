// Analytic two-bone IK (law of cosines) for a root -> mid -> end chain such as thigh, calf, foot.
#pragma once

#include "executor/ops/model_transform.h"
#include "executor/pose/pose.h"
#include "executor/pose/skeleton.h"

namespace anim {

// The reach is clamped to this fraction of the chain length: a fully straight chain is singular
// (its bend direction is undefined), so an out-of-reach target leaves the joint a hair bent.
inline constexpr float kTwoBoneMaxReach = 0.9999f;

// Whether root -> mid -> end is a chain the solver accepts: distinct bones, `mid` descending from
// `root` and `end` from `mid`, all editable before the cut `count`.
bool IsTwoBoneChain(const ConstPoseView& pose, const Skeleton& skeleton, int count, int root, int mid,
                    int end);

// Rotates `root` and `mid` so `end` reaches `target` (component space), keeping `end`'s
// component-space rotation. The joint bends in its current bend plane (or, for a straight chain,
// the bind pose's), never the opposite way; with a `pole` (component-space point, may be null) the
// chain then turns about the root-target line so the joint points toward the pole. Out of reach,
// the chain points straight at the target. `alpha` (clamped to [0, 1]) blends the local rotations
// from the input to the solution. A chain IsTwoBoneChain rejects leaves the pose alone.
void SolveTwoBoneIK(const PoseView& pose, const Skeleton& skeleton, int count, int root, int mid, int end,
                    Vec3 target, const Vec3* pole, float alpha);

// A chain IsTwoBoneChain accepts, with its model space composed once: what a solve reads. `Model`
// is TrsModel or MatrixModel (model_transform.h).
template <typename Model>
struct TwoBoneChain {
  int bones[3];        // root, mid, end
  Transform local[3];  // their input local transforms
  Model span[2];       // the bones between root and mid, and between mid and end (LocalChain)
  bool has_span[2];    // whether there are any: mostly mid is root's child and end mid's
  Model parent[3];     // model transforms of the parents of root, mid and end
  Model model[3];      // model transforms of root, mid and end

  // The model transform of the parent of bone i + 1 given `model_i`, bone i's.
  Model ParentOfNext(const Model& model_i, int i) const {
    return has_span[i] ? Compose(model_i, span[i]) : model_i;
  }
};

template <typename Model>
TwoBoneChain<Model> ComposeTwoBoneChain(const ConstPoseView& pose, const Skeleton& skeleton, int root,
                                        int mid, int end);

// SolveTwoBoneIK's solve and write on a composed chain, `alpha` already clamped and above 0 (the
// target and pole are still checked). Returns the model rotation of end's parent as the pose now
// has it, so a caller can turn end under it without walking the chain again; not necessarily of
// unit length (normalise what it goes into).
template <typename Model>
Quat SolveComposedTwoBoneIK(const PoseView& pose, const Skeleton& skeleton, const TwoBoneChain<Model>& chain,
                            Vec3 target, const Vec3* pole, float alpha);

}  // namespace anim
