// Foot IK: plants one leg's foot on a ground plane and aligns it to the ground's slope.
#pragma once

#include "executor/pose/pose.h"
#include "executor/pose/skeleton.h"

namespace anim {

// The ground under one foot, in component space.
struct FootGround {
  float height = 0.0f;            // the plane passes through the point at this height below the foot
  Vec3 normal{0.0f, 1.0f, 0.0f};  // the plane's normal (normalised here; must point up, y > 0)
  float ankle_height = 0.0f;      // how far the foot bone sits above the ground when planted
  float plant_distance = 0.0f;    // a foot up to this far above its planted height is planted too
};

// When the foot (bone `foot`) is below its planted height over `ground`, or within
// `plant_distance` above it, moves it there with two-bone IK on thigh -> calf -> foot (keeping the
// knee's bend plane) and turns the foot in component space by the rotation from up (+y) to the
// ground normal. Above that, the leg is left alone. `alpha` (clamped to [0, 1]) blends both. A
// normal that does not point up, or a leg IsTwoBoneChain rejects, leaves the pose alone.
void SolveFootIK(const PoseView& pose, const Skeleton& skeleton, int count, int thigh, int calf, int foot,
                 const FootGround& ground, float alpha);

}  // namespace anim
