// The scalar yardstick: one bone at a time with the math types, no intrinsics. The SIMD kernels
// are tested and benchmarked against these.
#include <vector>

#include "executor/kernels/clip_sampling_common.h"
#include "executor/kernels/kernel_common.h"
#include "executor/kernels/pose_kernels.h"

namespace anim::reference {
namespace {

using kernel::ClampCount;
using kernel::HasValidParent;
using kernel::SafeReciprocal;

void BlendBone(const PoseView& out, const ConstPoseView& a, const ConstPoseView& b, float alpha, int i) {
  const Transform ta = GetBoneTransform(a, i);
  const Transform tb = GetBoneTransform(b, i);
  SetBoneTransform(out, i,
                   {Lerp(ta.translation, tb.translation, alpha), Nlerp(ta.rotation, tb.rotation, alpha),
                    Lerp(ta.scale, tb.scale, alpha)});
}

Quat RotationDelta(Quat source, Quat base) {
  return Normalize(source * Conjugate(base));
}

Vec3 ScaleDelta(Vec3 source, Vec3 base) {
  return {source.x * SafeReciprocal(base.x), source.y * SafeReciprocal(base.y),
          source.z * SafeReciprocal(base.z)};
}

Vec3 ApplyScaleDelta(Vec3 base, Vec3 delta, float alpha) {
  return {base.x * (1.0f + alpha * (delta.x - 1.0f)), base.y * (1.0f + alpha * (delta.y - 1.0f)),
          base.z * (1.0f + alpha * (delta.z - 1.0f))};
}

// Model-space rotation of every bone in [0, count), walking parents first.
void ModelRotations(const float* rotations, const int16_t* parents, int count, std::vector<Quat>& model) {
  for (int i = 0; i < count; ++i) {
    const Quat local = GetQuat(rotations, i);
    const int p = parents[i];
    model[i] = HasValidParent(p, i) ? model[p] * local : local;
  }
}

// Grows only, so the steady state allocates nothing.
std::vector<Quat>& Scratch(int slot, int count) {
  thread_local std::vector<Quat> scratch[2];
  if (scratch[slot].size() < static_cast<std::size_t>(count)) scratch[slot].resize(count);
  return scratch[slot];
}

}  // namespace

void BlendPoses(const PoseView& out, const ConstPoseView& a, const ConstPoseView& b, float alpha, int count) {
  count = ClampCount(count, {out.bone_count, a.bone_count, b.bone_count});
  for (int i = 0; i < count; ++i)
    BlendBone(out, a, b, alpha, i);
}

int BlendPosesMasked(const PoseView& out, const ConstPoseView& a, const ConstPoseView& b,
                     const float* weights, float alpha, int count) {
  count = ClampCount(count, {out.bone_count, a.bone_count, b.bone_count});
  int weighted = 0;
  for (int i = 0; i < count; ++i) {
    const float w = weights != nullptr ? weights[i] : 0.0f;
    if (w != 0.0f) ++weighted;
    BlendBone(out, a, b, w * alpha, i);
  }
  return weighted;
}

void MakeAdditiveLocal(const PoseView& out, const ConstPoseView& source, const ConstPoseView& base,
                       int count) {
  count = ClampCount(count, {out.bone_count, source.bone_count, base.bone_count});
  for (int i = 0; i < count; ++i) {
    const Transform s = GetBoneTransform(source, i);
    const Transform b = GetBoneTransform(base, i);
    SetBoneTransform(
        out, i,
        {s.translation - b.translation, RotationDelta(s.rotation, b.rotation), ScaleDelta(s.scale, b.scale)});
  }
}

void ApplyAdditiveLocal(const PoseView& out, const ConstPoseView& base, const ConstPoseView& additive,
                        float alpha, int count) {
  count = ClampCount(count, {out.bone_count, base.bone_count, additive.bone_count});
  for (int i = 0; i < count; ++i) {
    const Transform b = GetBoneTransform(base, i);
    const Transform d = GetBoneTransform(additive, i);
    SetBoneTransform(
        out, i,
        {b.translation + d.translation * alpha, Nlerp(Quat::Identity(), d.rotation, alpha) * b.rotation,
         ApplyScaleDelta(b.scale, d.scale, alpha)});
  }
}

void MakeAdditiveMesh(const PoseView& out, const ConstPoseView& source, const ConstPoseView& base,
                      const int16_t* parents, int count) {
  if (parents == nullptr) return;
  count = ClampCount(count, {out.bone_count, source.bone_count, base.bone_count});
  std::vector<Quat>& model_source = Scratch(0, count);
  std::vector<Quat>& model_base = Scratch(1, count);
  ModelRotations(source.rotations, parents, count, model_source);
  ModelRotations(base.rotations, parents, count, model_base);
  for (int i = 0; i < count; ++i) {
    const Transform s = GetBoneTransform(source, i);
    const Transform b = GetBoneTransform(base, i);
    SetBoneTransform(out, i,
                     {s.translation - b.translation, RotationDelta(model_source[i], model_base[i]),
                      ScaleDelta(s.scale, b.scale)});
  }
}

void ApplyAdditiveMesh(const PoseView& out, const ConstPoseView& base, const ConstPoseView& additive,
                       float alpha, const int16_t* parents, int count) {
  if (parents == nullptr) return;
  count = ClampCount(count, {out.bone_count, base.bone_count, additive.bone_count});
  std::vector<Quat>& model_base = Scratch(0, count);
  std::vector<Quat>& model_out = Scratch(1, count);
  ModelRotations(base.rotations, parents, count, model_base);
  for (int i = 0; i < count; ++i) {
    const Transform b = GetBoneTransform(base, i);
    const Transform d = GetBoneTransform(additive, i);
    model_out[i] = Nlerp(Quat::Identity(), d.rotation, alpha) * model_base[i];
    const int p = parents[i];
    // Back to local space under the parent's new model rotation.
    const Quat local =
        Normalize(HasValidParent(p, i) ? Conjugate(model_out[p]) * model_out[i] : model_out[i]);
    SetBoneTransform(
        out, i, {b.translation + d.translation * alpha, local, ApplyScaleDelta(b.scale, d.scale, alpha)});
  }
}

void CopyPose(const PoseView& out, const ConstPoseView& in, int count) {
  count = ClampCount(count, {out.bone_count, in.bone_count});
  for (int i = 0; i < count; ++i)
    SetBoneTransform(out, i, GetBoneTransform(in, i));
}

void SampleClip(const PoseView& out, const Clip& clip, float time, int count) {
  const ClipKeyPair keys = clip.KeysAt(time);
  const CompressedKeys* compressed = clip.compressed();
  if (compressed == nullptr) {
    reference::BlendPoses(out, clip.frame(keys.frame0), clip.frame(keys.frame1), keys.alpha, count);
    kernel::ApplyDenseSteps(out, clip, keys, ClampCount(count, {out.bone_count, clip.bone_count()}));
    return;
  }
  count = ClampCount(count, {out.bone_count, clip.bone_count()});
  reference::CopyPose(out, clip.base_pose(), count);
  const uint8_t* keys0 =
      compressed->keys.data() + static_cast<std::size_t>(keys.frame0) * compressed->frame_bytes;
  const uint8_t* keys1 =
      compressed->keys.data() + static_cast<std::size_t>(keys.frame1) * compressed->frame_bytes;
  for (const TrackGroup& g : compressed->groups) {
    for (int lane = 0; lane < g.lanes; ++lane) {
      if (g.bones[lane] >= count) continue;
      const float t = (g.step_lanes >> lane) & 1u ? kernel::StepWeight(keys.alpha) : keys.alpha;
      float a[4], b[4], v[4];
      DecodeStoredKey(g, compressed->ranges.data(), keys0, lane, a);
      DecodeStoredKey(g, compressed->ranges.data(), keys1, lane, b);
      if (g.channel == TrackChannel::Rotation) {
        // On a key, float keys are that key as stored (as the SIMD kernel takes them).
        Quat q = keys.alpha == 0.0f && !HoldsRotationDifferences(g)
                     ? Quat{a[0], a[1], a[2], a[3]}
                     : Nlerp({a[0], a[1], a[2], a[3]}, {b[0], b[1], b[2], b[3]}, t);
        if (HoldsRotationDifferences(g)) q = RotationReference(g, compressed->ranges.data(), lane) * q;
        v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w;
      } else {
        const Vec3 x = Lerp(Vec3{a[0], a[1], a[2]}, Vec3{b[0], b[1], b[2]}, t);
        v[0] = x.x, v[1] = x.y, v[2] = x.z, v[3] = 0.0f;
      }
      SetTrackChannel(out, g.bones[lane], g.channel, v);
    }
  }
}

}  // namespace anim::reference
