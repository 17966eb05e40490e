// A glTF skin as a skeleton: its joints become bones, parents first; nodes between a joint and its
// nearest joint ancestor (or, for a root, every ancestor) are folded into that bone's local
// transform so model-space positions are those of the glTF scene.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "compiler/diag/diagnostics.h"
#include "compiler/import/gltf_model.h"
#include "compiler/import/node_transform.h"
#include "executor/pose/skeleton.h"

namespace anim::gltf {

struct SkinRig {
  SkeletonDesc desc;
  std::vector<int> bone_node;  // the glTF node of each bone
  std::vector<int> node_bone;  // the bone of each node, -1 for nodes outside the skin
  std::vector<DMat4> fold;     // per bone: the non-joint ancestors' transform applied before its own
  std::vector<bool> folded;    // per bone: whether `fold` is not the identity
};

// Builds the rig of skin `skin`. Errors: I201 (no such skin, or the file has none), I202 (a joint
// listed twice), I203 (a joint index out of range, a bad inverse-bind accessor), I204, I205.
// Warnings: I208 (a folded ancestor with shear, approximated), I210 (duplicate joint names made
// unique).
std::optional<SkinRig> BuildSkinRig(const LoadedModel& loaded, int skin, const std::string& skeleton_name,
                                    const std::string& file, DiagnosticSink& diagnostics);

// The local transform of `bone` for node TRS `trs`: its fold applied, as a float Transform.
// `skew` is set as DecomposeMatrix does (0 for an unfolded bone).
Transform BoneLocal(const SkinRig& rig, int bone, const NodeTrs& trs, double& skew);

}  // namespace anim::gltf
