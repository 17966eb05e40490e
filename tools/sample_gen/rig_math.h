// Small pose helpers for building sample clips: rotations about the model axes in degrees, and
// forward kinematics over a skeleton description (the generator works before any asset exists).
#pragma once

#include <vector>

#include "executor/math/transform.h"
#include "executor/pose/skeleton.h"

namespace anim::sample_gen {

// Right-hand-rule rotations about +X, +Y and +Z by an angle in degrees.
Quat RotX(double degrees);
Quat RotY(double degrees);
Quat RotZ(double degrees);

// The transform `local` expressed in the space that `parent` maps into.
Transform Compose(const Transform& parent, const Transform& local);

// Model-space transforms of every bone of `desc` for the local transforms `locals`.
std::vector<Transform> ModelTransforms(const SkeletonDesc& desc, const std::vector<Transform>& locals);

// Model-space rotation of one bone, found by walking its parents.
Quat ModelRotation(const SkeletonDesc& desc, const std::vector<Transform>& locals, int bone);

// The bind-pose local transforms of every bone.
std::vector<Transform> BindLocals(const SkeletonDesc& desc);

}  // namespace anim::sample_gen
