// Pose kernels: the arithmetic every pose task is made of.
//
// Contract shared by every kernel here:
// - It touches bones [0, count) of `out` and nothing else; bones past an LOD cut keep what they hold.
// - It is aliasing-safe: `out` may be the same view as any input. Each bone's inputs are read
//   before that bone is written, which is what makes buffer stealing free for the executor.
// - It is valid for any alpha, including values outside [0, 1] (extrapolation), and never yields
//   NaN from finite inputs.
// - `count` is clamped to [0, the smallest bone_count of the views it is given], so a bad count
//   never reads or writes out of bounds.
// - Every view addresses whole blocks (PoseViewAt over PoseFloatCount floats, as Pose, Clip and
//   every buffer of the runtime are laid out): kernels read the last block's padding lanes. Other
//   tables (mask weights) are read only up to `count`.
// The functions in namespace anim are SIMD over the blocked streams; those in anim::reference are the
// plain scalar versions of the same maths, used by tests and by direct evaluation.
#pragma once

#include <cstdint>

#include "executor/pose/clip.h"
#include "executor/pose/pose.h"

namespace anim {

// Lerp translations and scales, hemisphere-aligned nlerp rotations: alpha 0 gives a, 1 gives b.
void BlendPoses(const PoseView& out, const ConstPoseView& a, const ConstPoseView& b, float alpha, int count);

// Like BlendPoses with a per-bone alpha of weights[i] * alpha. Returns how many of the `count`
// bones the mask weights (weights[i] != 0). Null `weights` weight no bone: out takes a, returns 0.
int BlendPosesMasked(const PoseView& out, const ConstPoseView& a, const ConstPoseView& b,
                     const float* weights, float alpha, int count);

// Local-space additive delta of `source` relative to `base`:
// rotation source * inverse(base), translation source - base, scale source / base.
// A base scale component of (near) zero (|s| <= 1e-12) has no inverse: its reciprocal is taken
// as 1, so the delta carries the source scale instead of infinity.
void MakeAdditiveLocal(const PoseView& out, const ConstPoseView& source, const ConstPoseView& base,
                       int count);

// Applies a local-space delta to `base`: rotation nlerp(identity, delta, alpha) * base,
// translation base + alpha * delta, scale base * (1 + alpha * (delta - 1)).
void ApplyAdditiveLocal(const PoseView& out, const ConstPoseView& base, const ConstPoseView& additive,
                        float alpha, int count);

// Mesh-space additive: the rotation delta is taken between model-space rotations (found by
// walking `parents` and composing local rotations only), translations and scales as in local
// space. `parents` is the skeleton's parents-first array (parent < bone, -1 for a root); an index
// that breaks that rule is read as a root, and null `parents` leaves `out` untouched.
// Apply's local rotations are normalised (model rotations are products down the chain, whose
// rounding would otherwise compound in a pose fed back through a snapshot). Round trip:
// Make(d, source, base) then Apply(out, base, d, 1) gives back source.
void MakeAdditiveMesh(const PoseView& out, const ConstPoseView& source, const ConstPoseView& base,
                      const int16_t* parents, int count);
void ApplyAdditiveMesh(const PoseView& out, const ConstPoseView& base, const ConstPoseView& additive,
                       float alpha, const int16_t* parents, int count);

void CopyPose(const PoseView& out, const ConstPoseView& in, int count);

// Copies bones [first, count) of `in` into `out`: a pose's tail past an LOD cut.
void CopyBones(const PoseView& out, const ConstPoseView& in, int first, int count);

// Samples `clip` at `time` (wrapped or clamped as the clip's looping says): one blend between the
// two adjacent key frames (Clip::KeysAt); a stepping channel takes the earlier key until the later
// one's time. A compressed clip copies its base pose, then decodes its animated tracks.
void SampleClip(const PoseView& out, const Clip& clip, float time, int count);

// Grows the calling thread's kernel scratch (mesh-space additives) to `bone_count` bones
// (ReserveThreadExecutor).
void ReserveKernelScratch(int bone_count);

namespace reference {

void BlendPoses(const PoseView& out, const ConstPoseView& a, const ConstPoseView& b, float alpha, int count);
int BlendPosesMasked(const PoseView& out, const ConstPoseView& a, const ConstPoseView& b,
                     const float* weights, float alpha, int count);
void MakeAdditiveLocal(const PoseView& out, const ConstPoseView& source, const ConstPoseView& base,
                       int count);
void ApplyAdditiveLocal(const PoseView& out, const ConstPoseView& base, const ConstPoseView& additive,
                        float alpha, int count);
void MakeAdditiveMesh(const PoseView& out, const ConstPoseView& source, const ConstPoseView& base,
                      const int16_t* parents, int count);
void ApplyAdditiveMesh(const PoseView& out, const ConstPoseView& base, const ConstPoseView& additive,
                       float alpha, const int16_t* parents, int count);
void CopyPose(const PoseView& out, const ConstPoseView& in, int count);
void SampleClip(const PoseView& out, const Clip& clip, float time, int count);

}  // namespace reference
}  // namespace anim
