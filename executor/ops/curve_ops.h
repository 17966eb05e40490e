// The curve stream's maths (docs/semantics.md, "Curves"): each task does to a pose's curves what it
// does to its bones, one float at a time. Every function is elementwise (curve c of the output reads
// only curve c of its inputs), so an output may be one of its inputs. Inputs with fewer curves than
// the output read 0 for the rest.
#pragma once

#include <cstdint>
#include <span>

#include "executor/pose/clip.h"
#include "executor/pose/pose.h"

namespace anim {

// Every curve 0: the bind pose's curves, and an additive identity's.
void ZeroCurves(const PoseView& out);
// The clip's curves at `time` (Clip::KeysAt) where `targets` sends them; every other curve 0.
void SampleCurves(const PoseView& out, const Clip& clip, std::span<const uint16_t> targets, float time);
// a + (b - a) * alpha * weights[c] (null weights: 1).
void BlendCurves(const PoseView& out, const ConstPoseView& a, const ConstPoseView& b, float alpha,
                 const float* weights = nullptr);
// source - base.
void SubtractCurves(const PoseView& out, const ConstPoseView& source, const ConstPoseView& base);
// base + alpha * delta.
void AddCurves(const PoseView& out, const ConstPoseView& base, const ConstPoseView& delta, float alpha);

}  // namespace anim
