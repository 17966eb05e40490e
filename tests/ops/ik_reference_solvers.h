// The IK solvers as they were before they composed model space once: the yardstick
// ik_model_space_test.cpp holds the solvers to. Same signatures and guards as executor/ops.
#pragma once

#include "executor/ops/foot_ik.h"
#include "executor/pose/pose.h"
#include "executor/pose/skeleton.h"

namespace anim::reference {

void SolveTwoBoneIK(PoseView pose, const Skeleton& skeleton, int count, int root, int mid, int end,
                    Vec3 target, const Vec3* pole, float alpha);
void SolveFootIK(PoseView pose, const Skeleton& skeleton, int count, int thigh, int calf, int foot,
                 const FootGround& ground, float alpha);
void SolveFabrik(PoseView pose, const Skeleton& skeleton, int count, int root, int tip, Vec3 target,
                 int iterations, float tolerance, float alpha);
void SolveLookAt(PoseView pose, const Skeleton& skeleton, int count, int bone, Vec3 target, Vec3 forward_axis,
                 float max_angle, float alpha);

}  // namespace anim::reference
