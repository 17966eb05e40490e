// Root motion for direct evaluation (docs/semantics.md, "Root motion"), in double and apart from
// the executor's: a bone's motion (ground-plane translation, yaw about +Y), how a clip moves it
// between two times, and how motions compose and blend.
#pragma once

#include "compiler/direct/direct_math.h"
#include "executor/pose/clip.h"

namespace anim::direct {

// The ground-plane translation and the twist about +Y of `bone` (unit scale).
DTransform MotionPart(const DTransform& bone);
// `bone` less its motion: its height and the rest of its rotation.
DTransform WithoutMotionPart(const DTransform& bone);
// `a`, then `b` in `a`'s frame.
DTransform Then(const DTransform& a, const DTransform& b);
// Translations mixed, rotations nlerped, `w` of the way from a to b.
DTransform MixMotion(const DTransform& a, const DTransform& b, double w);

// How `bone` of `clip` moves from `from` to `to` after `wraps` passes past the clip's end
// (positive) or start (negative); the identity when that is not finite.
DTransform ClipMotion(const Clip& clip, int bone, float from, float to, float wraps);

}  // namespace anim::direct
