// The bone ops and IK solvers of direct evaluation, in double precision, written from their
// specification (the contracts in executor/ops/*.h and docs/semantics.md) without calling the task
// path's solvers: bone transform, translate bone, two-bone IK, FABRIK, look-at and foot IK. Each
// edits bones [0, count) of a local pose in place; a bone at or past the LOD cut `count` is left
// alone, and so is anything the contract says does nothing (alpha 0, a non-finite target, a chain
// that is not a chain).
#pragma once

#include "compiler/direct/direct_pose.h"

namespace anim::direct {

// A transform given to a bone op: translation, rotation, scale.
struct BoneOpValue {
  DVec3 t;
  DQuat r;
  DVec3 s{1, 1, 1};
};

// `component_space`: values are in model space (else the parent's). `replace`: the bone takes the
// value (else translation is added, rotation applied after the bone's own, scale multiplied).
void BoneTransform(DPose& pose, const DSkeleton& skeleton, int count, int bone, bool component_space,
                   bool replace, const BoneOpValue& value, double alpha);
void TranslateBone(DPose& pose, const DSkeleton& skeleton, int count, int bone, DVec3 offset, double alpha);
void TwoBoneIK(DPose& pose, const DSkeleton& skeleton, int count, int root, int mid, int end, DVec3 target,
               const DVec3* pole, double alpha);
void Fabrik(DPose& pose, const DSkeleton& skeleton, int count, int root, int tip, DVec3 target,
            int iterations, double tolerance, double alpha);
void LookAt(DPose& pose, const DSkeleton& skeleton, int count, int bone, DVec3 target, DVec3 forward_axis,
            double max_angle, double alpha);

struct FootGroundValue {
  double height = 0.0;
  DVec3 normal{0, 1, 0};
  double ankle_height = 0.0;
  double plant_distance = 0.0;
};
void FootIK(DPose& pose, const DSkeleton& skeleton, int count, int thigh, int calf, int foot,
            const FootGroundValue& ground, double alpha);

}  // namespace anim::direct
