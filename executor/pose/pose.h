// A local-space pose in structure-of-arrays form: translations, rotations and scales as flat float
// streams, each padded to a whole number of SIMD blocks so kernels can run on them as streams.
#pragma once

#include <cstdint>

#include "executor/math/transform.h"
#include "executor/pose/aligned_floats.h"

namespace anim {

// Bones per SIMD block. Streams are padded to a multiple of this many bones.
inline constexpr int kPoseBlockBones = 8;

constexpr int PaddedBoneCount(int bone_count) {
  return (bone_count + kPoseBlockBones - 1) / kPoseBlockBones * kPoseBlockBones;
}

// Floats one pose occupies: 3 translation + 4 rotation + 3 scale floats per padded bone.
constexpr int PoseFloatCount(int bone_count) { return PaddedBoneCount(bone_count) * 10; }

// Whether a pose holds absolute local transforms or an additive delta, and in which space.
enum class PoseKind : std::uint8_t { Absolute, AdditiveLocal, AdditiveMesh };

// Non-owning mutable access to a pose's streams. Kernels take views, so clip key frames and pooled
// buffers share one code path.
struct PoseView {
  float* translations = nullptr;  // x y z per bone
  float* rotations = nullptr;     // x y z w per bone
  float* scales = nullptr;        // x y z per bone
  int bone_count = 0;
};

struct ConstPoseView {
  const float* translations = nullptr;
  const float* rotations = nullptr;
  const float* scales = nullptr;
  int bone_count = 0;

  ConstPoseView() = default;
  ConstPoseView(const float* t, const float* r, const float* s, int n)
      : translations(t), rotations(r), scales(s), bone_count(n) {}
  ConstPoseView(const PoseView& v)  // NOLINT(google-explicit-constructor): views narrow freely
      : translations(v.translations), rotations(v.rotations), scales(v.scales), bone_count(v.bone_count) {}
};

// The view of a pose laid out at `base` (PoseFloatCount(bone_count) floats).
inline PoseView PoseViewAt(float* base, int bone_count) {
  const int padded = PaddedBoneCount(bone_count);
  return {base, base + 3 * padded, base + 7 * padded, bone_count};
}
inline ConstPoseView PoseViewAt(const float* base, int bone_count) {
  const int padded = PaddedBoneCount(bone_count);
  return {base, base + 3 * padded, base + 7 * padded, bone_count};
}

inline Transform GetBoneTransform(ConstPoseView p, int bone) {
  const float* t = p.translations + 3 * bone;
  const float* r = p.rotations + 4 * bone;
  const float* s = p.scales + 3 * bone;
  return {{t[0], t[1], t[2]}, {r[0], r[1], r[2], r[3]}, {s[0], s[1], s[2]}};
}

inline void SetBoneTransform(PoseView p, int bone, const Transform& x) {
  float* t = p.translations + 3 * bone;
  float* r = p.rotations + 4 * bone;
  float* s = p.scales + 3 * bone;
  t[0] = x.translation.x, t[1] = x.translation.y, t[2] = x.translation.z;
  r[0] = x.rotation.x, r[1] = x.rotation.y, r[2] = x.rotation.z, r[3] = x.rotation.w;
  s[0] = x.scale.x, s[1] = x.scale.y, s[2] = x.scale.z;
}

// An owning pose buffer. Resizing only allocates when it grows past the largest size seen, and
// always resets the metadata, so a pooled buffer never carries a previous user's kind.
class Pose {
 public:
  Pose() = default;
  explicit Pose(int bone_count) { Resize(bone_count); }

  void Resize(int bone_count) {
    storage_.Reserve(static_cast<std::size_t>(PoseFloatCount(bone_count)));
    bone_count_ = bone_count;
    kind = PoseKind::Absolute;
  }

  int bone_count() const { return bone_count_; }
  PoseView view() { return PoseViewAt(storage_.data(), bone_count_); }
  ConstPoseView view() const { return PoseViewAt(storage_.data(), bone_count_); }

  Transform Get(int bone) const { return GetBoneTransform(view(), bone); }
  void Set(int bone, const Transform& t) { SetBoneTransform(view(), bone, t); }

  PoseKind kind = PoseKind::Absolute;

 private:
  AlignedFloats storage_;
  int bone_count_ = 0;
};

}  // namespace anim
