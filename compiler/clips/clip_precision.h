// How close a clip must stay to its source (docs/asset-formats.md, "Clip accuracy"): the error is
// measured in model space, on every joint's position and on virtual vertices at a shell distance
// from each joint along its three local axes (a skinned vertex that far from its joint moves with
// it), and must not exceed `precision`. The defaults are those of the animation compression
// libraries, 0.01 cm at a 3 cm shell, for a character 180 cm tall: a skeleton in other units, or of
// another size, scales them by its height.
#pragma once

#include "executor/pose/skeleton.h"

namespace anim {

struct ClipPrecision {
  double precision = 0.0;  // the largest error allowed, in skeleton units
  double shell = 0.0;      // the virtual vertices' distance from their joint
};

inline constexpr double kDefaultPrecisionCm = 0.01;
inline constexpr double kDefaultShellCm = 3.0;
inline constexpr double kReferenceHeightCm = 180.0;

// The largest extent of the bind pose's joint positions along an axis; 1 when the joints all
// coincide (a skeleton with no size to scale by).
double SkeletonHeight(const Skeleton& skeleton);

// The default precision and shell for a skeleton of this height.
ClipPrecision DefaultClipPrecision(double height);

}  // namespace anim
