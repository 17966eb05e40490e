#include "compiler/direct/direct_pose.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace anim::direct {
namespace {

// 1 / s, or 1 for a scale component too small to invert (the kernels' contract).
double InvertScale(double s) {
  return std::fabs(s) > 1e-12 ? 1.0 / s : 1.0;
}

double CurveOf(const DPose& pose, std::size_t curve) {
  return curve < pose.curves.size() ? pose.curves[curve] : 0.0;
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

// Which keys a time falls between (docs/semantics.md, "Clip sampling"): the time wrapped into
// [0, duration) or clamped to [0, duration] in the clip's own float terms (a looping clip's
// duration is its last key's time), then the position between keys in double; a position within
// a ten-thousandth of a frame of a key is that key.
struct ClipPosition {
  int k0 = 0, k1 = 0;
  double alpha = 0.0;
};
ClipPosition PositionIn(const Clip& clip, float time) {
  const int frames = clip.frame_count();
  if (frames < 2 || !std::isfinite(time)) return {};
  const float duration = static_cast<float>(frames - 1) / clip.sample_rate();
  float t = time;
  if (clip.looping()) {
    t = std::fmod(t, duration);
    if (t < 0.0f) t += duration;
  } else {
    t = std::clamp(t, 0.0f, duration);
  }
  const double position = static_cast<double>(t) * clip.sample_rate();
  const double key = std::round(position);
  if (std::fabs(position - key) < 1e-4) {
    const int k = std::clamp(static_cast<int>(key), 0, frames - 1);
    return k == frames - 1 ? ClipPosition{k - 1, k, 1.0} : ClipPosition{k, k + 1, 0.0};
  }
  const int k0 = std::clamp(static_cast<int>(std::floor(position)), 0, frames - 2);
  return {k0, k0 + 1, std::clamp(position - k0, 0.0, 1.0)};
}

// Component c of lane `lane` of a group's key in the frame whose keys start at `frame`, read from
// its bytes: the integer q for the quantized formats, the value for floats.
double StoredValue(const TrackGroup& g, const uint8_t* frame, int c, int lane) {
  const uint8_t* keys = frame + g.offset;
  const int at = c * g.lanes + lane;
  switch (g.format) {
    case KeyFormat::Unorm8:
      return keys[at];
    case KeyFormat::Packed32: {
      const uint8_t* bytes = keys + 4 * lane;
      uint64_t word = bytes[0] | bytes[1] << 8 | bytes[2] << 16 | static_cast<uint64_t>(bytes[3]) << 24;
      for (int before = 0; before < c; ++before)
        word >>= g.bits[before][lane];
      return static_cast<double>(word & ((uint64_t{1} << g.bits[c][lane]) - 1));
    }
    case KeyFormat::Unorm16:
      return keys[2 * at] | keys[2 * at + 1] << 8;
    case KeyFormat::Float32:
      break;
  }
  float v = 0.0f;
  std::memcpy(&v, keys + 4 * at, sizeof v);
  return v;
}

void SetChannel(DTransform& bone, TrackChannel channel, const double v[4]) {
  switch (channel) {
    case TrackChannel::Translation:
      bone.t = {v[0], v[1], v[2]};
      return;
    case TrackChannel::Rotation:
      bone.r = {v[0], v[1], v[2], v[3]};
      return;
    case TrackChannel::Scale:
      bone.s = {v[0], v[1], v[2]};
      return;
  }
}

// Key frame k of a clip of either encoding, every bone, in double: a dense clip's frame as stored,
// a compressed clip's decoded here from its bytes (docs/asset-formats.md, "Clip encodings"), from
// its base pose (the bind pose with the constant tracks) up.
void ReadClipKey(DPose& key, const Clip& clip, int k) {
  const int n = clip.bone_count();
  key.bones.resize(static_cast<std::size_t>(n));
  const CompressedKeys* compressed = clip.compressed();
  if (compressed == nullptr) {
    for (int i = 0; i < n; ++i)
      key.bones[i] = ToDouble(GetBoneTransform(clip.frame(k), i));
    return;
  }
  for (int i = 0; i < n; ++i)
    key.bones[i] = ToDouble(GetBoneTransform(clip.base_pose(), i));
  const uint8_t* frame = compressed->keys.data() + static_cast<std::size_t>(k) * compressed->frame_bytes;
  for (const TrackGroup& g : compressed->groups) {
    const bool rotation = g.channel == TrackChannel::Rotation;
    const bool quantized = g.format != KeyFormat::Float32;
    const float* range = compressed->ranges.data() + g.range_offset;
    for (int lane = 0; lane < g.lanes; ++lane) {
      double v[4] = {0, 0, 0, 0};
      for (int c = 0; c < (rotation && !quantized ? 4 : 3); ++c) {
        const double stored = StoredValue(g, frame, c, lane);
        v[c] = quantized ? range[c * g.lanes + lane] + range[(3 + c) * g.lanes + lane] * stored : stored;
      }
      if (rotation && quantized) {  // the stored difference from the track's reference rotation
        const DQuat d = {v[0], v[1], v[2],
                         std::sqrt(std::max(0.0, 1.0 - v[0] * v[0] - v[1] * v[1] - v[2] * v[2]))};
        const auto ref = [&](int c) { return static_cast<double>(range[(6 + c) * g.lanes + lane]); };
        const DQuat q = DQuat{ref(0), ref(1), ref(2), ref(3)} * d;
        v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w;
      }
      if (g.bones[lane] < n) SetChannel(key.bones[g.bones[lane]], g.channel, v);
    }
  }
}

// Two key frames' worth of scratch per thread: direct evaluation samples many clips a frame.
DPose& ClipKeyScratch(int slot) {
  thread_local DPose scratch[2];
  return scratch[slot];
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
  const ClipPosition at = PositionIn(clip, time);
  DPose& key0 = ClipKeyScratch(0);
  DPose& key1 = ClipKeyScratch(1);
  ReadClipKey(key0, clip, at.k0);
  ReadClipKey(key1, clip, at.k1);
  const double step_alpha = at.alpha >= 1.0 ? 1.0 : 0.0;
  for (int i = 0; i < count; ++i) {
    const DTransform& a = key0.bones[i];
    const DTransform& b = key1.bones[i];
    const auto weight = [&](TrackChannel c) { return clip.IsStep(i, c) ? step_alpha : at.alpha; };
    out.bones[i] = {Mix(a.t, b.t, weight(TrackChannel::Translation)),
                    Nlerp(a.r, b.r, weight(TrackChannel::Rotation)),
                    Mix(a.s, b.s, weight(TrackChannel::Scale))};
  }
  out.kind = PoseKind::Absolute;
}

DTransform SampleBoneUnwrapped(const Clip& clip, int bone, float time) {
  const int frames = clip.frame_count();
  DPose& key0 = ClipKeyScratch(0);
  if (frames < 2 || !(time > 0.0f)) {
    ReadClipKey(key0, clip, 0);
    return key0.bones[bone];
  }
  double position = std::min(static_cast<double>(time) * clip.sample_rate(), frames - 1.0);
  const double key = std::round(position);
  if (std::fabs(position - key) < 1e-4)
    position = key;  // within 1e-4 of a frame: that key, as sampling has it
  const int k0 = std::min(static_cast<int>(position), frames - 2);
  const double alpha = position - k0;
  DPose& key1 = ClipKeyScratch(1);
  ReadClipKey(key0, clip, k0);
  ReadClipKey(key1, clip, k0 + 1);
  const DTransform& a = key0.bones[bone];
  const DTransform& b = key1.bones[bone];
  const auto weight = [&](TrackChannel c) { return clip.IsStep(bone, c) && alpha < 1.0 ? 0.0 : alpha; };
  return {Mix(a.t, b.t, weight(TrackChannel::Translation)), Nlerp(a.r, b.r, weight(TrackChannel::Rotation)),
          Mix(a.s, b.s, weight(TrackChannel::Scale))};
}

void Blend(DPose& out, const DPose& a, const DPose& b, double alpha, int count) {
  for (int i = 0; i < count; ++i)
    out.bones[i] = BlendBone(a.bones[i], b.bones[i], alpha);
  for (std::size_t c = 0; c < out.curves.size(); ++c)
    out.curves[c] = CurveOf(a, c) + (CurveOf(b, c) - CurveOf(a, c)) * alpha;
  out.kind = a.kind;
}

void BlendMasked(DPose& out, const DPose& a, const DPose& b, const float* weights,
                 const std::vector<float>& curve_weights, double alpha, int count) {
  for (int i = 0; i < count; ++i)
    out.bones[i] = BlendBone(a.bones[i], b.bones[i], weights != nullptr ? weights[i] * alpha : 0.0);
  for (std::size_t c = 0; c < out.curves.size(); ++c) {
    const double w =
        curve_weights.empty() ? alpha : alpha * (c < curve_weights.size() ? curve_weights[c] : 0.0);
    out.curves[c] = CurveOf(a, c) + (CurveOf(b, c) - CurveOf(a, c)) * w;
  }
  out.kind = a.kind;
}

void SampleCurves(DPose& out, const Clip& clip, const std::vector<int>& targets, float time) {
  std::fill(out.curves.begin(), out.curves.end(), 0.0);
  const ClipPosition at = PositionIn(clip, time);
  const std::vector<ClipCurve>& curves = clip.curves();
  for (std::size_t i = 0; i < curves.size() && i < targets.size(); ++i) {
    const int target = targets[i];
    if (target < 0 || target >= static_cast<int>(out.curves.size()) || curves[i].keys.empty()) continue;
    const auto last = static_cast<int>(curves[i].keys.size()) - 1;
    const double k0 = curves[i].keys[std::min(at.k0, last)];
    const double k1 = curves[i].keys[std::min(at.k1, last)];
    const double alpha = curves[i].step ? (at.alpha >= 1.0 ? 1.0 : 0.0) : at.alpha;
    out.curves[static_cast<std::size_t>(target)] = k0 + (k1 - k0) * alpha;
  }
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
  for (std::size_t c = 0; c < out.curves.size(); ++c)
    out.curves[c] = CurveOf(source, c) - CurveOf(base, c);
  out.kind = mesh ? PoseKind::AdditiveMesh : PoseKind::AdditiveLocal;
}

void ApplyAdditive(DPose& out, const DPose& base, const DPose& additive, double alpha,
                   const DSkeleton& skeleton, int count) {
  const PoseKind kind = base.kind;
  if (additive.kind == PoseKind::Absolute) {
    for (int i = 0; i < count; ++i)
      out.bones[i] = base.bones[i];
    for (std::size_t c = 0; c < out.curves.size(); ++c)
      out.curves[c] = CurveOf(base, c);
    out.kind = kind;
    return;
  }
  for (std::size_t c = 0; c < out.curves.size(); ++c)
    out.curves[c] = CurveOf(base, c) + alpha * CurveOf(additive, c);
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
