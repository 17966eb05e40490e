// Single-bone ops: BoneTransform (offset or override of one bone) and TranslateBone.
#pragma once

#include <cstdint>

#include "executor/pose/pose.h"
#include "executor/pose/skeleton.h"

namespace anim {

// The space a bone op's values are expressed in: the bone's parent space (local) or model space.
enum class BoneSpace : std::uint8_t { Local = 0, Component = 1 };
// Whether a bone op adds its values to the bone's transform or replaces it.
enum class BoneOpMode : std::uint8_t { Additive = 0, Replace = 1 };

// Offsets or overrides `bone` in `space`, then blends from the input to that result by `alpha`
// (clamped to [0, 1]; rotations by nlerp). Additive: translation added, rotation pre-multiplied
// (applied after the bone's own rotation, in `space`), scale multiplied. Replace: the bone takes
// `value`. Scale is always the bone's own (local) scale; in component space a replaced scale is
// divided by the parent's model-space scale. A bone out of range or past the cut `count` is left
// alone.
void ApplyBoneTransform(const PoseView& pose, const Skeleton& skeleton, int count, int bone, BoneSpace space,
                        BoneOpMode mode, const Transform& value, float alpha);

// Moves `bone` by `offset * alpha` in component space (alpha clamped to [0, 1]).
void TranslateBone(const PoseView& pose, const Skeleton& skeleton, int count, int bone, Vec3 offset,
                   float alpha);

}  // namespace anim
