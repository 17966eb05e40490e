// Poses of direct evaluation and the maths that makes them: one double-precision transform per bone
// (plain arrays, no SIMD layout), clip sampling, blends, additives, the root lock, forward
// kinematics and skinning. Each function states the rule of docs/semantics.md it implements; none
// calls the task path's kernels or resolve code.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "compiler/direct/direct_math.h"
#include "executor/pose/clip.h"
#include "executor/pose/pose.h"
#include "executor/pose/skeleton.h"

namespace anim::direct {

struct DPose {
  std::vector<DTransform> bones;
  // Its curves (docs/semantics.md, "Curves"). The functions below fill as many as `out` holds,
  // reading 0 for an input's missing ones.
  std::vector<double> curves;
  PoseKind kind = PoseKind::Absolute;
  DTransform motion;  // the root motion it carries this frame (compiler/direct/direct_root_motion.h)
};

// The skeleton as direct evaluation reads it: parents, bind locals, bind model matrices and inverse
// binds, in double precision, derived here from the skeleton's data (not from its float caches).
struct DSkeleton {
  explicit DSkeleton(const Skeleton& skeleton);

  int bone_count() const { return static_cast<int>(parents.size()); }
  // The parent of `bone`, or -1 for a root (and for a malformed index, which the task path reads
  // as a root too).
  int Parent(int bone) const { return parents[bone] >= 0 && parents[bone] < bone ? parents[bone] : -1; }

  std::vector<int> parents;
  DPose bind;                       // absolute bind-pose locals
  std::vector<DMat4> bind_model;    // forward kinematics of the bind pose
  std::vector<DMat4> inverse_bind;  // as the skeleton gives them (maybe not affine)
};

// The neutral pose of a kind: the bind pose for absolute poses, the identity delta for additive ones.
DTransform Neutral(const DSkeleton& skeleton, PoseKind kind, int bone);

// `out` gets `from`'s bones [count, n): past the LOD cut a result carries its first input's tail.
void CopyTail(DPose& out, const DPose& from, int count);
// `out`'s bones [count, n) become the neutral pose of `kind`.
void NeutralTail(DPose& out, const DSkeleton& skeleton, PoseKind kind, int count);

// The clip at `time` (wrapped when the clip loops, clamped otherwise): the key frames either side
// (a time within 1e-4 of a frame of a key is that key), blended as Blend does; a stepping channel
// holds the earlier key until the later key's time. A compressed clip is decoded here, in double,
// from its bytes and its base pose. Bones [0, count).
void SampleClip(DPose& out, const Clip& clip, float time, int count);

// One bone of the clip at `time` clamped into [0, duration], never wrapped (so a looping clip's
// duration is its last key), keys interpolated as SampleClip does.
DTransform SampleBoneUnwrapped(const Clip& clip, int bone, float time);

// Translation and scale lerped, rotation nlerped toward b's hemisphere; any alpha. Bones [0, count);
// curves lerped.
void Blend(DPose& out, const DPose& a, const DPose& b, double alpha, int count);
// Blend with per-bone alpha weights[i] * alpha (null weights: every bone takes a), and per-curve
// alpha curve_weights[c] * alpha (none: alpha).
void BlendMasked(DPose& out, const DPose& a, const DPose& b, const float* weights,
                 const std::vector<float>& curve_weights, double alpha, int count);
// The clip's curves at `time` (keys found as SampleClip finds them; a stepping curve holds the
// earlier key) into out.curves[targets[i]] for each clip curve i with a target (>= 0); others 0.
void SampleCurves(DPose& out, const Clip& clip, const std::vector<int>& targets, float time);

// Local delta (curves: source - base): translation source - base, rotation source * base*, scale source /
// base (a base scale component of magnitude <= 1e-12 divides as 1). Mesh space takes the rotation delta
// between model-space rotations composed from local rotations alone.
void MakeAdditive(DPose& out, const DPose& source, const DPose& base, bool mesh, const DSkeleton& skeleton,
                  int count);
// base + delta (curves: base + alpha delta): translation base + alpha delta, rotation nlerp(identity, delta,
// alpha) applied on the left (of the model-space rotation in mesh space), scale base * (1 + alpha (delta -
// 1)). An absolute `additive` is no delta: the base passes through.
void ApplyAdditive(DPose& out, const DPose& base, const DPose& additive, double alpha,
                   const DSkeleton& skeleton, int count);

// The root lock: `root_bone`'s local translation and rotation become the bind pose's.
void LockRoot(DPose& pose, const DSkeleton& skeleton, int root_bone);

// Model-space matrix of every bone, parents first: model = parent model * local matrix.
void ModelMatrices(const DPose& pose, const DSkeleton& skeleton, std::vector<DMat4>& model);
// model * inverse bind, per bone.
void SkinningMatrices(const std::vector<DMat4>& model, const DSkeleton& skeleton,
                      std::vector<DMat4>& skinning);

}  // namespace anim::direct
