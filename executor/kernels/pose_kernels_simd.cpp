// The pose kernels, SIMD over the blocked streams (simd.h picks the lane width at compile time).
// Every kernel walks groups of kWidth bones with one code path: a group loads whole lane vectors
// of each component straight from the streams and stores only the bones below `count` (the last
// group may be partial). A group reads all its inputs before it writes, so `out` may alias any
// input.
#include <algorithm>
#include <cstring>
#include <vector>

#include "executor/kernels/bone_lanes.h"
#include "executor/kernels/clip_sampling_common.h"
#include "executor/kernels/kernel_common.h"
#include "executor/kernels/pose_kernels.h"

namespace anim {
namespace {

using kernel::ClampCount;
using kernel::HasValidParent;
using simd::Floats;
using simd::ForEachGroup;
using simd::Quats;
using simd::Vec3s;

template <typename F>
Vec3s Map3(const Vec3s& a, const Vec3s& b, F f) {
  return {f(a.x, b.x), f(a.y, b.y), f(a.z, b.z)};
}

// a + (b - a) * t
Vec3s Lerp(const Vec3s& a, const Vec3s& b, Floats t) {
  return Map3(a, b, [t](Floats x, Floats y) { return x + (y - x) * t; });
}

// base + delta * t
Vec3s AddScaled(const Vec3s& base, const Vec3s& delta, Floats t) {
  return Map3(base, delta, [t](Floats b, Floats d) { return b + d * t; });
}

// source * SafeReciprocal(base)
Vec3s ScaleDelta(const Vec3s& source, const Vec3s& base) {
  const Floats one = simd::Splat(1.0f);
  const Floats min_scale = simd::Splat(kernel::kMinInvertibleScale);
  return Map3(source, base, [&](Floats s, Floats b) {
    const simd::Mask invertible = simd::Greater(simd::Abs(b), min_scale);
    return s * (one / simd::Select(invertible, b, one));  // 1 where not invertible
  });
}

// base * (1 + t * (delta - 1))
Vec3s ApplyScaleDelta(const Vec3s& base, const Vec3s& delta, Floats t) {
  const Floats one = simd::Splat(1.0f);
  return Map3(base, delta, [&](Floats b, Floats d) { return b * (one + t * (d - one)); });
}

// normalize(source * conjugate(base))
Quats RotationDelta(const Quats& source, const Quats& base) {
  return simd::Normalize(simd::Multiply(source, simd::Conjugate(base)));
}

// nlerp(identity, delta, t) * base
Quats ApplyRotationDelta(const Quats& base, const Quats& delta, Floats t) {
  return simd::Multiply(simd::NlerpFromIdentity(delta, t), base);
}

// One blended group: per-lane weights `t`. The rotations of a group (a long chain through sqrt and
// division) are left for a separate pass: a loop of rotations alone is short enough for the core
// to overlap several groups' chains.
void BlendVectorsGroup(PoseView out, ConstPoseView a, ConstPoseView b, Floats t, int first, int lanes) {
  using namespace simd;
  StoreVec3s(out.translations, first,
             Lerp(LoadVec3s(a.translations, first), LoadVec3s(b.translations, first), t), lanes);
  StoreVec3s(out.scales, first, Lerp(LoadVec3s(a.scales, first), LoadVec3s(b.scales, first), t), lanes);
}
void BlendRotationsGroup(PoseView out, ConstPoseView a, ConstPoseView b, Floats t, int first, int lanes) {
  using namespace simd;
  StoreQuats(out.rotations, first, Nlerp(LoadQuats(a.rotations, first), LoadQuats(b.rotations, first), t),
             lanes);
}

// Translations and scales of an additive delta, the same in local and mesh space.
void MakeDeltaVectors(PoseView out, ConstPoseView source, ConstPoseView base, int first, int lanes) {
  using namespace simd;
  const Vec3s translation = Map3(LoadVec3s(source.translations, first), LoadVec3s(base.translations, first),
                                 [](Floats s, Floats b) { return s - b; });
  StoreVec3s(out.translations, first, translation, lanes);
  StoreVec3s(out.scales, first, ScaleDelta(LoadVec3s(source.scales, first), LoadVec3s(base.scales, first)),
             lanes);
}

void ApplyDeltaVectors(PoseView out, ConstPoseView base, ConstPoseView additive, Floats t, int first,
                       int lanes) {
  using namespace simd;
  StoreVec3s(out.translations, first,
             AddScaled(LoadVec3s(base.translations, first), LoadVec3s(additive.translations, first), t),
             lanes);
  StoreVec3s(out.scales, first,
             ApplyScaleDelta(LoadVec3s(base.scales, first), LoadVec3s(additive.scales, first), t), lanes);
}

// A rotation stream of `count` bones for model-space work. Grows only, so the steady state
// allocates nothing.
float* RotationScratch(int slot, int count) {
  thread_local std::vector<float> scratch[2];
  const std::size_t need = 4 * static_cast<std::size_t>(PaddedBoneCount(count));
  if (scratch[slot].size() < need) scratch[slot].resize(need);
  return scratch[slot].data();
}

// Model-space rotations, parents first: model[i] = model[parent] * local[i]. Each bone depends on
// its parent's result, so this walk goes one quaternion at a time.
void ModelRotations(float* model, const float* local, const int16_t* parents, int count) {
  for (int i = 0; i < count; ++i) {
    const int p = parents[i];
    const Quat q = GetQuat(local, i);
    SetQuat(model, i, HasValidParent(p, i) ? GetQuat(model, p) * q : q);
  }
}

// Local rotations under the parents' model rotations: conjugate(model[parent]) * model[bone], and
// model[bone] itself for a root. The parents' rotations are gathered into one group of lanes.
Quats LocalFromModel(const float* model, const int16_t* parents, int first, int lanes) {
  alignas(32) float gathered[5][simd::kWidth];  // x, y, z, w, and 1 where the bone has a parent
  for (int lane = 0; lane < simd::kWidth; ++lane) {
    const int bone = first + lane;
    const int p = lane < lanes ? parents[bone] : -1;
    const bool has_parent = HasValidParent(p, bone);
    const Quat q = has_parent ? GetQuat(model, p) : Quat::Identity();
    gathered[0][lane] = q.x, gathered[1][lane] = q.y, gathered[2][lane] = q.z, gathered[3][lane] = q.w;
    gathered[4][lane] = has_parent ? 1.0f : 0.0f;
  }
  const Quats parent = {simd::Load(gathered[0]), simd::Load(gathered[1]), simd::Load(gathered[2]),
                        simd::Load(gathered[3])};
  const Quats own = simd::LoadQuats(model, first);
  const Quats local = simd::Multiply(simd::Conjugate(parent), own);
  const simd::Mask child = simd::NotZero(simd::Load(gathered[4]));
  return {simd::Select(child, local.x, own.x), simd::Select(child, local.y, own.y),
          simd::Select(child, local.z, own.z), simd::Select(child, local.w, own.w)};
}

// Copies components of bones [first, last) of one stream: bone by bone up to the first block
// boundary, the whole blocks between in one run (a stream's blocks are contiguous), then the rest.
void CopyStream(float* out, const float* in, int components, int first, int last) {
  const auto copy_bone = [&](int bone) {
    for (int c = 0; c < components; ++c)
      out[StreamIndex(bone, c, components)] = in[StreamIndex(bone, c, components)];
  };
  int bone = first;
  for (; bone < last && bone % kPoseBlockBones != 0; ++bone)
    copy_bone(bone);
  const int whole_end = bone + (last - bone) / kPoseBlockBones * kPoseBlockBones;
  if (whole_end > bone) {
    const int at = StreamIndex(bone, 0, components);
    std::memmove(
        out + at, in + at,
        static_cast<std::size_t>(whole_end - bone) * static_cast<std::size_t>(components) * sizeof(float));
    bone = whole_end;
  }
  for (; bone < last; ++bone)
    copy_bone(bone);
}

// Components x, y, z of lanes [sub, sub + kWidth) of a group's keys in one frame, decoded from
// their ranges as DecodeStoredKey does (clip_keys.h). Lanes past the group's read the bytes after
// it (the arrays are padded) and are never stored.
simd::Vec3s DecodeStoredVectors(const TrackGroup& g, const float* ranges, const uint8_t* frame_keys,
                                int sub) {
  using namespace simd;
  const uint8_t* keys = frame_keys + g.offset;
  const int lanes = g.lanes;
  Floats q[3] = {Splat(0.0f), Splat(0.0f), Splat(0.0f)};  // every format sets them; gcc cannot tell
  switch (g.format) {
    case KeyFormat::Unorm8:
      for (int c = 0; c < 3; ++c)
        q[c] = LoadU8(keys + c * lanes + sub);
      break;
    case KeyFormat::Packed32:
      LoadBitFields3(keys + 4 * sub, &g.bits[0][sub], &g.bits[1][sub], &g.bits[2][sub], q);
      break;
    case KeyFormat::Unorm16:
      for (int c = 0; c < 3; ++c)
        q[c] = LoadU16(keys + 2 * (c * lanes + sub));
      break;
    case KeyFormat::Float32:
      return {LoadFloatBytes(keys + 4 * sub), LoadFloatBytes(keys + 4 * (lanes + sub)),
              LoadFloatBytes(keys + 4 * (2 * lanes + sub))};
  }
  const float* range = ranges + g.range_offset + sub;
  return {Load(range) + Load(range + 3 * lanes) * q[0], Load(range + lanes) + Load(range + 4 * lanes) * q[1],
          Load(range + 2 * lanes) + Load(range + 5 * lanes) * q[2]};
}

// A rotation group's stored quaternions: the rotations (Float32) or their differences from the
// lanes' references, w from x, y, z (never the root of less than 0).
simd::Quats DecodeStoredRotations(const TrackGroup& g, const float* ranges, const uint8_t* frame_keys,
                                  int sub) {
  using namespace simd;
  const Vec3s d = DecodeStoredVectors(g, ranges, frame_keys, sub);
  if (!IsQuantized(g.format))
    return {d.x, d.y, d.z, LoadFloatBytes(frame_keys + g.offset + 4 * (3 * g.lanes + sub))};
  return {d.x, d.y, d.z, Sqrt(Max(Splat(1.0f) - d.x * d.x - d.y * d.y - d.z * d.z, Splat(0.0f)))};
}

#if defined(ANIM_SIMD_AVX2)
static_assert(simd::kWidth == kTrackLanes);
// Moves a group's decoded lanes (`components` vectors, kWidth == kTrackLanes == kPoseBlockBones)
// into their bones below `count`: per pose block the group touches, one permute and one blend
// into the block per component, no lane-by-lane stores.
void WriteGroupLanes(float* stream, int components, const simd::Floats* values, const TrackGroup& g,
                     const BlockWrite* writes, int count) {
  using namespace simd;
  for (int w = 0; w < g.write_count; ++w) {
    const BlockWrite& write = writes[g.first_write + w];
    const int first_bone = write.block * kPoseBlockBones;
    if (first_bone >= count) break;  // blocks in order: the rest lie past the cut too
    const unsigned below_cut =
        count - first_bone >= kPoseBlockBones ? 0xffu : (1u << (count - first_bone)) - 1u;
    const Mask take = LanesOf(write.mask & below_cut);
    const LaneIndex lane_of = LoadLaneIndex(write.lane_of);  // once: a store through `at` may alias it
    float* block = stream + StreamIndex(first_bone, 0, components);
    for (int c = 0; c < components; ++c) {
      float* at = block + c * kPoseBlockBones;
      Store(at, Select(take, PermuteLanes(values[c], lane_of), Load(at)));
    }
  }
}
#else
// Stores lane i of `values` (Components of them) into bone bones[i] of a stream, for the first
// `lanes` lanes and bones below `count`. The component count is fixed so the stores unroll.
template <int Components>
void ScatterLanes(float* stream, const float (*values)[simd::kWidth], const uint16_t* bones, int lanes,
                  int count) {
  for (int i = 0; i < lanes; ++i) {
    const int bone = bones[i];
    if (bone >= count) continue;
    float* at = stream + StreamIndex(bone, 0, Components);
    for (int c = 0; c < Components; ++c)
      at[c * kPoseBlockBones] = values[c][i];
  }
}
#endif

float* StreamOf(const PoseView& pose, TrackChannel channel) {
  return channel == TrackChannel::Translation ? pose.translations
         : channel == TrackChannel::Rotation  ? pose.rotations
                                              : pose.scales;
}

// Lanes [sub, sub + kWidth) of one group of `clip_keys` interpolated between two frames' keys,
// into `values` (x, y, z, and w for a rotation); returns how many components. Stepping lanes take
// StepWeight(alpha). Rotation differences are interpolated first and turned into rotations once.
int InterpolateLanes(const TrackGroup& g, const CompressedKeys& clip_keys, const uint8_t* keys0,
                     const uint8_t* keys1, float alpha, int sub, simd::Floats values[4]) {
  using namespace simd;
  const float* ranges = clip_keys.ranges.data();
  Floats t = Splat(alpha);
  if (g.step_lanes != 0) {
    // Only then an array: filling one lane by lane and loading it whole stalls on store forwarding.
    alignas(32) float weights[kTrackLanes];
    for (int lane = 0; lane < kTrackLanes; ++lane)
      weights[lane] = (g.step_lanes >> lane) & 1u ? kernel::StepWeight(alpha) : alpha;
    t = Load(weights + sub);
  }
  if (g.channel == TrackChannel::Rotation) {
    // On a key, float keys are that key as stored, as a dense clip's are (SampleClip); quantized
    // ones still need the nlerp's normalisation to become a rotation.
    Quats q = alpha == 0.0f && !IsQuantized(g.format)
                  ? DecodeStoredRotations(g, ranges, keys0, sub)
                  : Nlerp(DecodeStoredRotations(g, ranges, keys0, sub),
                          DecodeStoredRotations(g, ranges, keys1, sub), t);
    if (IsQuantized(g.format)) {
      const float* reference = ranges + g.range_offset + 6 * g.lanes + sub;
      q = Multiply({Load(reference), Load(reference + g.lanes), Load(reference + 2 * g.lanes),
                    Load(reference + 3 * g.lanes)},
                   q);
    }
    values[0] = q.x, values[1] = q.y, values[2] = q.z, values[3] = q.w;
    return 4;
  }
  const Vec3s a = DecodeStoredVectors(g, ranges, keys0, sub), b = DecodeStoredVectors(g, ranges, keys1, sub);
  values[0] = a.x + (b.x - a.x) * t, values[1] = a.y + (b.y - a.y) * t, values[2] = a.z + (b.z - a.z) * t;
  return 3;
}

// Every group of `clip_keys` interpolated between two frames' keys and written into its bones
// below `count` of `out`, which holds the clip's base pose.
void SampleTrackGroups(const PoseView& out, const CompressedKeys& clip_keys, const uint8_t* keys0,
                       const uint8_t* keys1, float alpha, int count) {
  using namespace simd;
  const std::size_t groups = clip_keys.groups.size();
#if defined(ANIM_SIMD_AVX2)
  // A group is one lane vector. A few are interpolated before any is written, so their latency
  // chains (decode, nlerp, reference rotation) overlap instead of queueing behind the stores.
  constexpr std::size_t kBatch = 4;
  for (std::size_t first = 0; first < groups; first += kBatch) {
    const std::size_t last = std::min(groups, first + kBatch);
    Floats values[kBatch][4];
    int components[kBatch];
    for (std::size_t i = first; i < last; ++i)
      components[i - first] =
          InterpolateLanes(clip_keys.groups[i], clip_keys, keys0, keys1, alpha, 0, values[i - first]);
    for (std::size_t i = first; i < last; ++i) {
      const TrackGroup& g = clip_keys.groups[i];
      WriteGroupLanes(StreamOf(out, g.channel), components[i - first], values[i - first], g,
                      clip_keys.writes.data(), count);
    }
  }
#else
  for (std::size_t i = 0; i < groups; ++i) {
    const TrackGroup& g = clip_keys.groups[i];
    for (int sub = 0; sub < g.lanes; sub += kWidth) {
      Floats values[4];
      alignas(32) float lanes_of[4][kWidth];
      const int components = InterpolateLanes(g, clip_keys, keys0, keys1, alpha, sub, values);
      for (int c = 0; c < components; ++c)
        Store(lanes_of[c], values[c]);
      const int lanes = std::min(kWidth, g.lanes - sub);
      if (components == 4) {
        ScatterLanes<4>(StreamOf(out, g.channel), lanes_of, g.bones + sub, lanes, count);
      } else {
        ScatterLanes<3>(StreamOf(out, g.channel), lanes_of, g.bones + sub, lanes, count);
      }
    }
  }
#endif
}

}  // namespace

void BlendPoses(const PoseView& out, const ConstPoseView& a, const ConstPoseView& b, float alpha, int count) {
  count = ClampCount(count, {out.bone_count, a.bone_count, b.bone_count});
  const Floats t = simd::Splat(alpha);
  ForEachGroup(count, [&](int first, int lanes) { BlendRotationsGroup(out, a, b, t, first, lanes); });
  ForEachGroup(count, [&](int first, int lanes) { BlendVectorsGroup(out, a, b, t, first, lanes); });
}

int BlendPosesMasked(const PoseView& out, const ConstPoseView& a, const ConstPoseView& b,
                     const float* weights, float alpha, int count) {
  count = ClampCount(count, {out.bone_count, a.bone_count, b.bone_count});
  if (weights == nullptr) {  // no mask: nothing of b is taken
    CopyPose(out, a, count);
    return 0;
  }
  const Floats alpha_lanes = simd::Splat(alpha);
  // The weight table holds exactly the skeleton's bones: read no further than the group's.
  const auto weights_of = [&](int first, int lanes) { return simd::LoadFirst(weights + first, lanes); };
  int weighted = 0;
  ForEachGroup(count, [&](int first, int lanes) {
    const Floats w = weights_of(first, lanes);
    weighted += simd::CountSet(simd::NotZero(w));
    BlendRotationsGroup(out, a, b, w * alpha_lanes, first, lanes);
  });
  ForEachGroup(count, [&](int first, int lanes) {
    BlendVectorsGroup(out, a, b, weights_of(first, lanes) * alpha_lanes, first, lanes);
  });
  return weighted;
}

// Rotations and the vector streams in separate passes, as BlendPoses does.
void MakeAdditiveLocal(const PoseView& out, const ConstPoseView& source, const ConstPoseView& base,
                       int count) {
  count = ClampCount(count, {out.bone_count, source.bone_count, base.bone_count});
  ForEachGroup(count, [&](int first, int lanes) {
    using namespace simd;
    StoreQuats(out.rotations, first,
               RotationDelta(LoadQuats(source.rotations, first), LoadQuats(base.rotations, first)), lanes);
  });
  ForEachGroup(count, [&](int first, int lanes) { MakeDeltaVectors(out, source, base, first, lanes); });
}

void ApplyAdditiveLocal(const PoseView& out, const ConstPoseView& base, const ConstPoseView& additive,
                        float alpha, int count) {
  count = ClampCount(count, {out.bone_count, base.bone_count, additive.bone_count});
  const Floats t = simd::Splat(alpha);
  ForEachGroup(count, [&](int first, int lanes) {
    using namespace simd;
    StoreQuats(out.rotations, first,
               ApplyRotationDelta(LoadQuats(base.rotations, first), LoadQuats(additive.rotations, first), t),
               lanes);
  });
  ForEachGroup(count, [&](int first, int lanes) { ApplyDeltaVectors(out, base, additive, t, first, lanes); });
}

void MakeAdditiveMesh(const PoseView& out, const ConstPoseView& source, const ConstPoseView& base,
                      const int16_t* parents, int count) {
  if (parents == nullptr) return;
  count = ClampCount(count, {out.bone_count, source.bone_count, base.bone_count});
  float* model_source = RotationScratch(0, count);
  float* model_base = RotationScratch(1, count);
  ModelRotations(model_source, source.rotations, parents, count);
  ModelRotations(model_base, base.rotations, parents, count);
  ForEachGroup(count, [&](int first, int lanes) {
    using namespace simd;
    MakeDeltaVectors(out, source, base, first, lanes);
    StoreQuats(out.rotations, first,
               RotationDelta(LoadQuats(model_source, first), LoadQuats(model_base, first)), lanes);
  });
}

void ApplyAdditiveMesh(const PoseView& out, const ConstPoseView& base, const ConstPoseView& additive,
                       float alpha, const int16_t* parents, int count) {
  if (parents == nullptr) return;
  count = ClampCount(count, {out.bone_count, base.bone_count, additive.bone_count});
  const Floats t = simd::Splat(alpha);
  float* model_base = RotationScratch(0, count);
  float* model_out = RotationScratch(1, count);
  // Every rotation input is read into scratch before out.rotations is written.
  ModelRotations(model_base, base.rotations, parents, count);
  ForEachGroup(count, [&](int first, int lanes) {
    using namespace simd;
    StoreQuats(model_out, first,
               ApplyRotationDelta(LoadQuats(model_base, first), LoadQuats(additive.rotations, first), t),
               lanes);
  });
  // Back to local space under each parent's new model rotation, normalised: the model rotations are
  // products down the chain, so their rounding would compound where a result feeds itself back.
  ForEachGroup(count, [&](int first, int lanes) {
    using namespace simd;
    StoreQuats(out.rotations, first, Normalize(LocalFromModel(model_out, parents, first, lanes)), lanes);
    ApplyDeltaVectors(out, base, additive, t, first, lanes);
  });
}

// Whether a view's streams lie back to back as PoseViewAt lays them out, padded for `padded` bones.
template <typename View>
bool IsPackedPose(const View& v, int padded) {
  return v.rotations == v.translations + 3 * padded && v.scales == v.translations + 7 * padded;
}

void CopyBones(const PoseView& out, const ConstPoseView& in, int first, int count) {
  count = ClampCount(count, {out.bone_count, in.bone_count});
  if (first < 0) first = 0;
  if (first >= count) return;
  // Up to the output's last bone, the padding lanes of its last block go too (they are the
  // output's own), so the copy is whole blocks: for two whole poses laid out alike, one run.
  if (count == out.bone_count) {
    const int padded = PaddedBoneCount(count);
    if (first == 0 && PaddedBoneCount(in.bone_count) == padded && IsPackedPose(out, padded) &&
        IsPackedPose(in, padded)) {
      std::memmove(out.translations, in.translations,
                   static_cast<std::size_t>(PoseFloatCount(count)) * sizeof(float));
      return;
    }
    count = padded;
  }
  CopyStream(out.translations, in.translations, 3, first, count);
  CopyStream(out.rotations, in.rotations, 4, first, count);
  CopyStream(out.scales, in.scales, 3, first, count);
}

namespace {

// `count` floats, a whole number of lane vectors (a packed pose is 10 per block of bones), from a
// buffer that does not overlap `out`. Up to 4 KB (about 100 bones), straight vector loads and
// stores, four at a time, take 0.9x the time of a call to memcpy (anim-bench-kernels
// CopyPose/simd against CopyPose/memcpy at 64 and 96 bones); above it, memcpy's wider moves win.
void CopyFloats(float* out, const float* in, int count) {
  static_assert(kPoseBlockBones * 10 % simd::kWidth == 0);
  constexpr int kLoopFloats = 4096 / sizeof(float);
  if (count > kLoopFloats) {
    std::memcpy(out, in, static_cast<std::size_t>(count) * sizeof(float));
    return;
  }
  int i = 0;
  for (; i + 4 * simd::kWidth <= count; i += 4 * simd::kWidth) {
    const Floats v0 = simd::Load(in + i), v1 = simd::Load(in + i + simd::kWidth),
                 v2 = simd::Load(in + i + 2 * simd::kWidth), v3 = simd::Load(in + i + 3 * simd::kWidth);
    simd::Store(out + i, v0);
    simd::Store(out + i + simd::kWidth, v1);
    simd::Store(out + i + 2 * simd::kWidth, v2);
    simd::Store(out + i + 3 * simd::kWidth, v3);
  }
  for (; i < count; i += simd::kWidth)
    simd::Store(out + i, simd::Load(in + i));
}

}  // namespace

void CopyPose(const PoseView& out, const ConstPoseView& in, int count) {
  // The common case first, with nothing in its way: two whole poses laid out alike, one run (a
  // pose copied onto itself is already there).
  const int n = out.bone_count;
  if (count >= n && in.bone_count == n) {
    const int padded = PaddedBoneCount(n);
    if (IsPackedPose(out, padded) && IsPackedPose(in, padded)) {
      if (out.translations != in.translations)
        CopyFloats(out.translations, in.translations, PoseFloatCount(n));
      return;
    }
  }
  CopyBones(out, in, 0, count);
}

void SampleClip(const PoseView& out, const Clip& clip, float time, int count) {
  const ClipKeyPair keys = clip.KeysAt(time);
  const CompressedKeys* compressed = clip.compressed();
  if (compressed == nullptr) {
    // On a key (the last of a clamped clip, a one-frame clip, a pose sampled at its start): that
    // key as stored, with no blend to work out.
    if (keys.frame0 == keys.frame1 || keys.alpha == 0.0f) {
      CopyPose(out, clip.frame(keys.frame0), count);
      return;
    }
    BlendPoses(out, clip.frame(keys.frame0), clip.frame(keys.frame1), keys.alpha, count);
    kernel::ApplyDenseSteps(out, clip, keys, ClampCount(count, {out.bone_count, clip.bone_count()}));
    return;
  }
  count = ClampCount(count, {out.bone_count, clip.bone_count()});
  CopyPose(out, clip.base_pose(), count);
  const uint8_t* keys0 =
      compressed->keys.data() + static_cast<std::size_t>(keys.frame0) * compressed->frame_bytes;
  const uint8_t* keys1 =
      compressed->keys.data() + static_cast<std::size_t>(keys.frame1) * compressed->frame_bytes;
  SampleTrackGroups(out, *compressed, keys0, keys1, keys.alpha, count);
}

void ReserveKernelScratch(int bone_count) {
  RotationScratch(0, bone_count);
  RotationScratch(1, bone_count);
}

}  // namespace anim
