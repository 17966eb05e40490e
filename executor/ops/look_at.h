// LookAt: turns one bone so an axis of it points at a target.
#pragma once

#include "executor/pose/pose.h"
#include "executor/pose/skeleton.h"

namespace anim {

// A target this close to the bone is at it and gives no direction to look in; relative to the
// bone's distance from the origin past one unit, as the float rounding of its position grows.
inline constexpr float kLookAtAtBone = 1e-5f;

// Rotates `bone` (component space, about its own position) so `forward_axis` (bone-local) points
// at `target` (component space), turning at most `max_angle` radians away from the input pose and
// then `alpha` (clamped to [0, 1]) of the way. A negative or NaN `max_angle` allows no turn. A
// target at the bone's position (within kLookAtAtBone), a zero axis, or a bone out of range or
// past the cut `count` leaves the pose alone.
void SolveLookAt(const PoseView& pose, const Skeleton& skeleton, int count, int bone, Vec3 target,
                 Vec3 forward_axis, float max_angle, float alpha);

}  // namespace anim
