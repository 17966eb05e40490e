// Skeletons and pose helpers shared by the ops tests. +y is up, +z is forward.
#pragma once

#include <vector>

#include "executor/pose/pose.h"
#include "executor/pose/skeleton.h"

namespace anim::test {

// Bones of LegRig(): a pelvis, one leg with the knee bent slightly forward, a toe and, past the
// leg, a sibling bone that no leg op may touch.
enum LegBone { kPelvis, kThigh, kCalf, kFoot, kToe, kOtherThigh, kLegBoneCount };
inline constexpr float kUpperLeg = 0.45f;
inline constexpr float kLowerLeg = 0.45f;

Skeleton LegRig(bool bind_knee_bent = true);

// `bones` bones in a line up +y, each 0.1 from its parent, with a small alternating bend.
Skeleton ChainRig(int bones);

// A small humanoid: root (scaled by `root_scale`, turned about y), hips, spine, chest, neck, head,
// and a left arm (shoulder, elbow, hand).
enum HumanoidBone {
  kRoot,
  kHips,
  kSpine,
  kChest,
  kNeck,
  kHead,
  kShoulder,
  kElbow,
  kHand,
  kHumanoidBoneCount
};
Skeleton HumanoidRig(float root_scale = 1.0f);

// A copy of the skeleton's bind pose.
Pose BindPose(const Skeleton& skeleton);

// Whether every float of bones [first, last) of `a` and `b` is bit-identical.
bool SameBones(ConstPoseView a, ConstPoseView b, int first, int last);

}  // namespace anim::test
