// The pose kernels a task runner calls, as a table, so the executor (SIMD kernels) and the naive
// reference executor (scalar reference kernels) share one task dispatch, and tests can inject a
// faulty kernel without touching product code.
#pragma once

#include "executor/kernels/pose_kernels.h"

namespace anim {

struct PoseKernelTable {
  decltype(&BlendPoses) blend;
  decltype(&BlendPosesMasked) blend_masked;
  decltype(&MakeAdditiveLocal) make_additive_local;
  decltype(&ApplyAdditiveLocal) apply_additive_local;
  decltype(&MakeAdditiveMesh) make_additive_mesh;
  decltype(&ApplyAdditiveMesh) apply_additive_mesh;
  decltype(&CopyPose) copy;
  decltype(&SampleClip) sample_clip;
};

inline constexpr PoseKernelTable kSimdPoseKernels{
    &BlendPoses,       &BlendPosesMasked,  &MakeAdditiveLocal, &ApplyAdditiveLocal,
    &MakeAdditiveMesh, &ApplyAdditiveMesh, &CopyPose,          &SampleClip,
};

inline constexpr PoseKernelTable kReferencePoseKernels{
    &reference::BlendPoses,         &reference::BlendPosesMasked, &reference::MakeAdditiveLocal,
    &reference::ApplyAdditiveLocal, &reference::MakeAdditiveMesh, &reference::ApplyAdditiveMesh,
    &reference::CopyPose,           &reference::SampleClip,
};

}  // namespace anim
