// Forward kinematics and skinning: local pose -> model-space matrices -> skinning matrices -> 3x4.
// Always walks every bone, past any LOD cut, so a bone past the cut still follows its animated
// parents.
#pragma once

#include "executor/math/mat4.h"
#include "executor/pose/pose.h"
#include "executor/pose/skeleton.h"

namespace anim {

// Pins `root_bone`'s local translation and rotation to the bind pose (root lock). Out-of-range
// bones are ignored.
void ApplyRootLock(const PoseView& pose, const Skeleton& skeleton, int root_bone);

// Model-space matrix of every bone: model[i] = model[parent[i]] * local[i]. Bones the pose view
// does not hold (i >= pose.bone_count) take their bind-pose locals.
void LocalToModel(const Skeleton& skeleton, const ConstPoseView& pose, Mat4* out_model);

// Skinning matrix of every bone: model[i] * inverse_bind[i].
void ModelToSkinning(const Skeleton& skeleton, const Mat4* model, Mat4* out_skinning);

// Forward kinematics then skinning (LocalToModel, then ModelToSkinning). `model_scratch` holds
// skeleton.bone_count() matrices and receives the model-space ones.
void ToSkinningMatrices(const Skeleton& skeleton, const ConstPoseView& pose, Mat4* model_scratch,
                        Mat4* out_skinning);

// Grows the calling thread's kinematics scratch to skeletons of `bone_count` bones
// (ReserveThreadExecutor).
void ReserveKinematicsScratch(int bone_count);

// Rows 0..2 of the first `count` skinning matrices, for upload.
void PackSkinning3x4(const Mat4* skinning, int count, Mat3x4* out_packed);

}  // namespace anim
