// The pose kernels, SIMD over the flat streams (simd.h picks the lane width at compile time).
// Translations and scales run as flat float streams; rotations kWidth quaternions at a time in
// transposed form. Every loop is a SIMD main loop over whole blocks then a scalar tail, so nothing
// at or past `count` is written, and each element is read before it is written (aliasing-safe).
#include <cstring>
#include <vector>

#include "executor/kernels/kernel_common.h"
#include "executor/kernels/pose_kernels.h"
#include "executor/kernels/quat_lanes.h"

namespace anim {
namespace {

using kernel::ClampCount;
using kernel::HasValidParent;
using kernel::SafeReciprocal;
using simd::Floats;
using simd::kWidth;
using simd::Quats;

Quat LoadQuat(const float* p) {
  return {p[0], p[1], p[2], p[3]};
}
void StoreQuat(float* p, Quat q) {
  p[0] = q.x, p[1] = q.y, p[2] = q.z, p[3] = q.w;
}

// out = a + (b - a) * alpha
void LerpStream(float* out, const float* a, const float* b, float alpha, int n) {
  const Floats t = simd::Splat(alpha);
  int i = 0;
  for (; i + kWidth <= n; i += kWidth) {
    const Floats va = simd::Load(a + i);
    simd::Store(out + i, va + (simd::Load(b + i) - va) * t);
  }
  for (; i < n; ++i)
    out[i] = a[i] + (b[i] - a[i]) * alpha;
}

// out = a - b
void SubtractStream(float* out, const float* a, const float* b, int n) {
  int i = 0;
  for (; i + kWidth <= n; i += kWidth)
    simd::Store(out + i, simd::Load(a + i) - simd::Load(b + i));
  for (; i < n; ++i)
    out[i] = a[i] - b[i];
}

// out = base + delta * alpha
void AddScaledStream(float* out, const float* base, const float* delta, float alpha, int n) {
  const Floats t = simd::Splat(alpha);
  int i = 0;
  for (; i + kWidth <= n; i += kWidth) {
    simd::Store(out + i, simd::Load(base + i) + simd::Load(delta + i) * t);
  }
  for (; i < n; ++i)
    out[i] = base[i] + delta[i] * alpha;
}

// out = source * SafeReciprocal(base)
void ScaleDeltaStream(float* out, const float* source, const float* base, int n) {
  const Floats one = simd::Splat(1.0f);
  const Floats min_scale = simd::Splat(kernel::kMinInvertibleScale);
  int i = 0;
  for (; i + kWidth <= n; i += kWidth) {
    const Floats b = simd::Load(base + i);
    const simd::Mask invertible = simd::Greater(simd::Abs(b), min_scale);
    const Floats reciprocal = one / simd::Select(invertible, b, one);  // 1 where not invertible
    simd::Store(out + i, simd::Load(source + i) * reciprocal);
  }
  for (; i < n; ++i)
    out[i] = source[i] * SafeReciprocal(base[i]);
}

// out = base * (1 + alpha * (delta - 1))
void ApplyScaleStream(float* out, const float* base, const float* delta, float alpha, int n) {
  const Floats t = simd::Splat(alpha);
  const Floats one = simd::Splat(1.0f);
  int i = 0;
  for (; i + kWidth <= n; i += kWidth) {
    simd::Store(out + i, simd::Load(base + i) * (one + t * (simd::Load(delta + i) - one)));
  }
  for (; i < n; ++i)
    out[i] = base[i] * (1.0f + alpha * (delta[i] - 1.0f));
}

void NlerpQuatStream(float* out, const float* a, const float* b, float alpha, int count) {
  const Floats t = simd::Splat(alpha);
  int i = 0;
  for (; i + kWidth <= count; i += kWidth) {
    simd::StoreQuats(out + 4 * i, simd::Nlerp(simd::LoadQuats(a + 4 * i), simd::LoadQuats(b + 4 * i), t));
  }
  for (; i < count; ++i)
    StoreQuat(out + 4 * i, Nlerp(LoadQuat(a + 4 * i), LoadQuat(b + 4 * i), alpha));
}

// out = normalize(source * conjugate(base))
void RotationDeltaStream(float* out, const float* source, const float* base, int count) {
  int i = 0;
  for (; i + kWidth <= count; i += kWidth) {
    const Quats d =
        simd::Multiply(simd::LoadQuats(source + 4 * i), simd::Conjugate(simd::LoadQuats(base + 4 * i)));
    simd::StoreQuats(out + 4 * i, simd::Normalize(d));
  }
  for (; i < count; ++i) {
    StoreQuat(out + 4 * i, Normalize(LoadQuat(source + 4 * i) * Conjugate(LoadQuat(base + 4 * i))));
  }
}

// out = nlerp(identity, delta, alpha) * base
void ApplyRotationStream(float* out, const float* base, const float* delta, float alpha, int count) {
  const Floats t = simd::Splat(alpha);
  int i = 0;
  for (; i + kWidth <= count; i += kWidth) {
    const Quats weighted = simd::NlerpFromIdentity(simd::LoadQuats(delta + 4 * i), t);
    simd::StoreQuats(out + 4 * i, simd::Multiply(weighted, simd::LoadQuats(base + 4 * i)));
  }
  for (; i < count; ++i) {
    StoreQuat(out + 4 * i, Nlerp(Quat::Identity(), LoadQuat(delta + 4 * i), alpha) * LoadQuat(base + 4 * i));
  }
}

// Model-space rotations, parents first. Each bone depends on its parent's result, so this walk
// goes one quaternion at a time; the element-wise work around it is lane-parallel.
void ModelRotations(float* model, const float* local, const int16_t* parents, int count) {
  for (int i = 0; i < count; ++i) {
    const int p = parents[i];
    if (HasValidParent(p, i)) {
      simd::MultiplyQuat(model + 4 * i, model + 4 * p, local + 4 * i);
    } else {
      std::memcpy(model + 4 * i, local + 4 * i, 4 * sizeof(float));
    }
  }
}

// out[i] = conjugate(model[parent[i]]) * model[i]: local rotations under the parents' model rotations.
void LocalFromModelRotations(float* out, const float* model, const int16_t* parents, int count) {
  int i = 0;
  for (; i + kWidth <= count; i += kWidth) {
    alignas(32) float parent_rotations[4 * kWidth];
    for (int lane = 0; lane < kWidth; ++lane) {
      const int bone = i + lane;
      const int p = parents[bone];
      StoreQuat(parent_rotations + 4 * lane,
                HasValidParent(p, bone) ? LoadQuat(model + 4 * p) : Quat::Identity());
    }
    const Quats local =
        simd::Multiply(simd::Conjugate(simd::LoadQuats(parent_rotations)), simd::LoadQuats(model + 4 * i));
    simd::StoreQuats(out + 4 * i, local);
  }
  for (; i < count; ++i) {
    const int p = parents[i];
    const Quat m = LoadQuat(model + 4 * i);
    StoreQuat(out + 4 * i, HasValidParent(p, i) ? Conjugate(LoadQuat(model + 4 * p)) * m : m);
  }
}

// Two arrays of `count` xyzw rotations. Grows only, so the steady state allocates nothing.
float* RotationScratch(int count) {
  thread_local std::vector<float> scratch;
  const std::size_t need = 2 * 4 * static_cast<std::size_t>(count);
  if (scratch.size() < need) scratch.resize(need);
  return scratch.data();
}

}  // namespace

void BlendPoses(PoseView out, ConstPoseView a, ConstPoseView b, float alpha, int count) {
  count = ClampCount(count, {out.bone_count, a.bone_count, b.bone_count});
  LerpStream(out.translations, a.translations, b.translations, alpha, 3 * count);
  LerpStream(out.scales, a.scales, b.scales, alpha, 3 * count);
  NlerpQuatStream(out.rotations, a.rotations, b.rotations, alpha, count);
}

int BlendPosesMasked(PoseView out, ConstPoseView a, ConstPoseView b, const float* weights, float alpha,
                     int count) {
  count = ClampCount(count, {out.bone_count, a.bone_count, b.bone_count});
  if (weights == nullptr) {  // no mask: nothing of b is taken
    CopyPose(out, a, count);
    return 0;
  }
  const Floats alpha_lanes = simd::Splat(alpha);
  int weighted = 0;
  int i = 0;
  for (; i + kWidth <= count; i += kWidth) {
    const Floats w = simd::Load(weights + i);
    weighted += simd::CountSet(simd::NotZero(w));
    const Floats t = w * alpha_lanes;
    // Bones i..i+kWidth span 3 * kWidth floats of each xyz stream: one weight per float.
    const simd::Triple t3 = simd::Expand3(t);
    for (int k = 0; k < 3; ++k) {
      const int f = 3 * i + k * kWidth;
      const Floats ta = simd::Load(a.translations + f);
      simd::Store(out.translations + f, ta + (simd::Load(b.translations + f) - ta) * t3.v[k]);
      const Floats sa = simd::Load(a.scales + f);
      simd::Store(out.scales + f, sa + (simd::Load(b.scales + f) - sa) * t3.v[k]);
    }
    const Quats blended = simd::Nlerp(simd::LoadQuats(a.rotations + 4 * i),
                                      simd::LoadQuats(b.rotations + 4 * i), simd::ToQuatLaneOrder(t));
    simd::StoreQuats(out.rotations + 4 * i, blended);
  }
  for (; i < count; ++i) {
    if (weights[i] != 0.0f) ++weighted;
    const float t = weights[i] * alpha;
    LerpStream(out.translations + 3 * i, a.translations + 3 * i, b.translations + 3 * i, t, 3);
    LerpStream(out.scales + 3 * i, a.scales + 3 * i, b.scales + 3 * i, t, 3);
    NlerpQuatStream(out.rotations + 4 * i, a.rotations + 4 * i, b.rotations + 4 * i, t, 1);
  }
  return weighted;
}

void MakeAdditiveLocal(PoseView out, ConstPoseView source, ConstPoseView base, int count) {
  count = ClampCount(count, {out.bone_count, source.bone_count, base.bone_count});
  SubtractStream(out.translations, source.translations, base.translations, 3 * count);
  ScaleDeltaStream(out.scales, source.scales, base.scales, 3 * count);
  RotationDeltaStream(out.rotations, source.rotations, base.rotations, count);
}

void ApplyAdditiveLocal(PoseView out, ConstPoseView base, ConstPoseView additive, float alpha, int count) {
  count = ClampCount(count, {out.bone_count, base.bone_count, additive.bone_count});
  AddScaledStream(out.translations, base.translations, additive.translations, alpha, 3 * count);
  ApplyScaleStream(out.scales, base.scales, additive.scales, alpha, 3 * count);
  ApplyRotationStream(out.rotations, base.rotations, additive.rotations, alpha, count);
}

void MakeAdditiveMesh(PoseView out, ConstPoseView source, ConstPoseView base, const int16_t* parents,
                      int count) {
  if (parents == nullptr) return;
  count = ClampCount(count, {out.bone_count, source.bone_count, base.bone_count});
  float* model_source = RotationScratch(count);
  float* model_base = model_source + 4 * count;
  ModelRotations(model_source, source.rotations, parents, count);
  ModelRotations(model_base, base.rotations, parents, count);
  RotationDeltaStream(out.rotations, model_source, model_base, count);
  SubtractStream(out.translations, source.translations, base.translations, 3 * count);
  ScaleDeltaStream(out.scales, source.scales, base.scales, 3 * count);
}

void ApplyAdditiveMesh(PoseView out, ConstPoseView base, ConstPoseView additive, float alpha,
                       const int16_t* parents, int count) {
  if (parents == nullptr) return;
  count = ClampCount(count, {out.bone_count, base.bone_count, additive.bone_count});
  float* model_base = RotationScratch(count);
  float* model_out = model_base + 4 * count;
  // Every rotation input is read into scratch before out.rotations is written.
  ModelRotations(model_base, base.rotations, parents, count);
  ApplyRotationStream(model_out, model_base, additive.rotations, alpha, count);
  LocalFromModelRotations(out.rotations, model_out, parents, count);
  AddScaledStream(out.translations, base.translations, additive.translations, alpha, 3 * count);
  ApplyScaleStream(out.scales, base.scales, additive.scales, alpha, 3 * count);
}

void CopyPose(PoseView out, ConstPoseView in, int count) {
  count = ClampCount(count, {out.bone_count, in.bone_count});
  if (count == 0) return;
  const std::size_t n = static_cast<std::size_t>(count);
  std::memmove(out.translations, in.translations, 3 * n * sizeof(float));
  std::memmove(out.rotations, in.rotations, 4 * n * sizeof(float));
  std::memmove(out.scales, in.scales, 3 * n * sizeof(float));
}

void SampleClip(PoseView out, const Clip& clip, float time, int count) {
  const ClipKeyPair keys = clip.KeysAt(time);
  if (keys.frame0 == keys.frame1) {  // one-frame clip: no blend needed
    CopyPose(out, clip.frame(keys.frame0), count);
    return;
  }
  BlendPoses(out, clip.frame(keys.frame0), clip.frame(keys.frame1), keys.alpha, count);
}

}  // namespace anim
