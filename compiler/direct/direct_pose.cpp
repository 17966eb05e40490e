#include "compiler/direct/direct_pose.h"

#include <algorithm>

namespace anim::direct {
namespace {

// 1 / s, or 1 for a scale component too small to invert (the kernels' contract).
double InvertScale(double s) {
  return std::fabs(s) > 1e-12 ? 1.0 / s : 1.0;
}

DTransform BlendBone(const DTransform& a, const DTransform& b, double alpha) {
  return {Mix(a.t, b.t, alpha), Nlerp(a.r, b.r, alpha), Mix(a.s, b.s, alpha)};
}

// Model-space rotations of bones [0, count) from local rotations alone.
std::vector<DQuat> ComposedRotations(const DPose& pose, const DSkeleton& skeleton, int count) {
  std::vector<DQuat> model(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    const int p = skeleton.Parent(i);
    model[i] = p >= 0 ? model[p] * pose.bones[i].r : pose.bones[i].r;
  }
  return model;
}

}  // namespace

DSkeleton::DSkeleton(const Skeleton& skeleton) {
  const int n = skeleton.bone_count();
  parents.assign(skeleton.parents().begin(), skeleton.parents().end());
  bind.bones.resize(static_cast<std::size_t>(n));
  bind_model.resize(static_cast<std::size_t>(n));
  inverse_bind.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    bind.bones[i] = ToDouble(skeleton.bind_local(i));
    const int p = Parent(i);
    const DMat4 local = MatrixOf(bind.bones[i]);
    bind_model[i] = p >= 0 ? bind_model[p] * local : local;
    inverse_bind[i] = ToDouble(skeleton.inverse_bind()[i]);
  }
}

DTransform Neutral(const DSkeleton& skeleton, PoseKind kind, int bone) {
  return kind == PoseKind::Absolute ? skeleton.bind.bones[bone] : DTransform{};
}

void CopyTail(DPose& out, const DPose& from, int count) {
  for (std::size_t i = static_cast<std::size_t>(std::max(count, 0)); i < out.bones.size(); ++i)
    out.bones[i] = from.bones[i];
}

void NeutralTail(DPose& out, const DSkeleton& skeleton, PoseKind kind, int count) {
  for (int i = std::max(count, 0); i < static_cast<int>(out.bones.size()); ++i)
    out.bones[i] = Neutral(skeleton, kind, i);
}

void SampleClip(DPose& out, const Clip& clip, float time, int count) {
  // Which keys: the clip's time wrapped into [0, duration) or clamped to [0, duration], in the
  // clip's own float terms (a looping clip's duration is its last key's time), then the position
  // between keys in double.
  int k0 = 0, k1 = 0;
  double alpha = 0.0;
  const int frames = clip.frame_count();
  if (frames >= 2 && std::isfinite(time)) {
    const float duration = static_cast<float>(frames - 1) / clip.sample_rate();
    float t = time;
    if (clip.looping()) {
      t = std::fmod(t, duration);
      if (t < 0.0f) t += duration;
    } else {
      t = std::clamp(t, 0.0f, duration);
    }
    const double position = static_cast<double>(t) * clip.sample_rate();
    k0 = std::clamp(static_cast<int>(std::floor(position)), 0, frames - 2);
    k1 = k0 + 1;
    alpha = std::clamp(position - k0, 0.0, 1.0);
  }
  const ConstPoseView a = clip.frame(k0), b = clip.frame(k1);
  for (int i = 0; i < count; ++i) {
    out.bones[i] = BlendBone(ToDouble(GetBoneTransform(a, i)), ToDouble(GetBoneTransform(b, i)), alpha);
  }
  out.kind = PoseKind::Absolute;
}

void Blend(DPose& out, const DPose& a, const DPose& b, double alpha, int count) {
  for (int i = 0; i < count; ++i)
    out.bones[i] = BlendBone(a.bones[i], b.bones[i], alpha);
  out.kind = a.kind;
}

void BlendMasked(DPose& out, const DPose& a, const DPose& b, const float* weights, double alpha, int count) {
  for (int i = 0; i < count; ++i)
    out.bones[i] = BlendBone(a.bones[i], b.bones[i], weights != nullptr ? weights[i] * alpha : 0.0);
  out.kind = a.kind;
}

void MakeAdditive(DPose& out, const DPose& source, const DPose& base, bool mesh, const DSkeleton& skeleton,
                  int count) {
  std::vector<DQuat> model_source, model_base;
  if (mesh) {
    model_source = ComposedRotations(source, skeleton, count);
    model_base = ComposedRotations(base, skeleton, count);
  }
  for (int i = 0; i < count; ++i) {
    const DTransform& s = source.bones[i];
    const DTransform& b = base.bones[i];
    const DQuat rotation = mesh ? Unit(model_source[i] * Conj(model_base[i])) : Unit(s.r * Conj(b.r));
    out.bones[i] = {s.t - b.t, rotation,
                    Hadamard(s.s, {InvertScale(b.s.x), InvertScale(b.s.y), InvertScale(b.s.z)})};
  }
  out.kind = mesh ? PoseKind::AdditiveMesh : PoseKind::AdditiveLocal;
}

void ApplyAdditive(DPose& out, const DPose& base, const DPose& additive, double alpha,
                   const DSkeleton& skeleton, int count) {
  const PoseKind kind = base.kind;
  if (additive.kind == PoseKind::Absolute) {
    for (int i = 0; i < count; ++i)
      out.bones[i] = base.bones[i];
    out.kind = kind;
    return;
  }
  const bool mesh = additive.kind == PoseKind::AdditiveMesh;
  std::vector<DQuat> model_base, model_out(static_cast<std::size_t>(mesh ? count : 0));
  if (mesh) model_base = ComposedRotations(base, skeleton, count);
  for (int i = 0; i < count; ++i) {
    const DTransform& b = base.bones[i];
    const DTransform& d = additive.bones[i];
    const DQuat turn = Nlerp(DQuat{}, d.r, alpha);
    DQuat rotation = turn * b.r;
    if (mesh) {
      // Turn the model-space rotation, then express it under the parent's turned rotation.
      model_out[i] = turn * model_base[i];
      const int p = skeleton.Parent(i);
      rotation = Unit(p >= 0 ? Conj(model_out[p]) * model_out[i] : model_out[i]);
    }
    const DVec3 scale{b.s.x * (1.0 + alpha * (d.s.x - 1.0)), b.s.y * (1.0 + alpha * (d.s.y - 1.0)),
                      b.s.z * (1.0 + alpha * (d.s.z - 1.0))};
    out.bones[i] = {b.t + d.t * alpha, rotation, scale};
  }
  out.kind = kind;
}

void LockRoot(DPose& pose, const DSkeleton& skeleton, int root_bone) {
  if (root_bone < 0 || root_bone >= static_cast<int>(pose.bones.size())) return;
  pose.bones[root_bone].t = skeleton.bind.bones[root_bone].t;
  pose.bones[root_bone].r = skeleton.bind.bones[root_bone].r;
}

void ModelMatrices(const DPose& pose, const DSkeleton& skeleton, std::vector<DMat4>& model) {
  const int n = skeleton.bone_count();
  model.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const int p = skeleton.Parent(i);
    const DMat4 local = MatrixOf(pose.bones[i]);
    model[i] = p >= 0 ? model[p] * local : local;
  }
}

void SkinningMatrices(const std::vector<DMat4>& model, const DSkeleton& skeleton,
                      std::vector<DMat4>& skinning) {
  skinning.resize(model.size());
  for (std::size_t i = 0; i < model.size(); ++i)
    skinning[i] = model[i] * skeleton.inverse_bind[i];
}

}  // namespace anim::direct
