// A local-space pose in blocked structure-of-arrays form ("AoSoA"): translations, rotations and
// scales are three float streams, each a run of blocks of kPoseBlockBones bones. Inside a block a
// stream is component-major: the x of its 8 bones, then their y, and so on. A SIMD kernel loads 8
// bones' x (or any other component) with one load and never transposes; a stream is padded to whole
// blocks, so a view always addresses whole blocks and a kernel may read a block's padding lanes.
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <utility>

#include "executor/math/transform.h"
#include "executor/pose/aligned_floats.h"

namespace anim {

// Bones per SIMD block. Streams are padded to a multiple of this many bones.
inline constexpr int kPoseBlockBones = 8;

// Where component `c` of `bone` lives in a stream of `components` floats per bone (3 for
// translations and scales, 4 for rotations).
// Shifts and masks, not division: on paths GCC predicts cold it divides by a constant with idiv
// (26 cycles), and bones are looked up on every task's path. Bones are never negative.
constexpr int StreamIndex(int bone, int c, int components) {
  static_assert((kPoseBlockBones & (kPoseBlockBones - 1)) == 0, "blocks are a power of two bones");
  constexpr int kBlockShift = std::countr_zero(static_cast<unsigned>(kPoseBlockBones));
  return (bone >> kBlockShift) * (kPoseBlockBones * components) + c * kPoseBlockBones +
         (bone & (kPoseBlockBones - 1));
}

// A mask, not a division (as StreamIndex): a pose view is made on every task's path.
constexpr int PaddedBoneCount(int bone_count) {
  return (bone_count + kPoseBlockBones - 1) & -kPoseBlockBones;
}

// Floats one pose occupies: 3 translation + 4 rotation + 3 scale floats per padded bone.
constexpr int PoseFloatCount(int bone_count) {
  return PaddedBoneCount(bone_count) * 10;
}

// Whether a pose holds absolute local transforms or an additive delta, and in which space.
enum class PoseKind : std::uint8_t { Absolute, AdditiveLocal, AdditiveMesh };

// Non-owning mutable access to a pose's streams. Kernels take views, so clip key frames and pooled
// buffers share one code path. Beside the bones a pose may carry named float curves
// (docs/semantics.md, "Curves"): one value per curve of the program's curve table. Kernels touch
// only the bones; the task runner and the transition ops carry the curves.
struct PoseView {
  float* translations = nullptr;  // x y z per bone
  float* rotations = nullptr;     // x y z w per bone
  float* scales = nullptr;        // x y z per bone
  int bone_count = 0;
  float* curves = nullptr;
  int curve_count = 0;
};

struct ConstPoseView {
  const float* translations = nullptr;
  const float* rotations = nullptr;
  const float* scales = nullptr;
  int bone_count = 0;
  const float* curves = nullptr;
  int curve_count = 0;

  ConstPoseView() = default;
  ConstPoseView(const float* t, const float* r, const float* s, int n, const float* c = nullptr, int cn = 0)
      : translations(t), rotations(r), scales(s), bone_count(n), curves(c), curve_count(cn) {}
  ConstPoseView(const PoseView& v)  // NOLINT(google-explicit-constructor): views narrow freely
      : translations(v.translations),
        rotations(v.rotations),
        scales(v.scales),
        bone_count(v.bone_count),
        curves(v.curves),
        curve_count(v.curve_count) {}
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

// One bone's vector or quaternion out of (into) a stream.
inline Vec3 GetVec3(const float* stream, int bone) {
  const float* b = stream + StreamIndex(bone, 0, 3);
  return {b[0], b[kPoseBlockBones], b[2 * kPoseBlockBones]};
}
inline Quat GetQuat(const float* stream, int bone) {
  const float* b = stream + StreamIndex(bone, 0, 4);
  return {b[0], b[kPoseBlockBones], b[2 * kPoseBlockBones], b[3 * kPoseBlockBones]};
}
inline void SetVec3(float* stream, int bone, Vec3 v) {
  float* b = stream + StreamIndex(bone, 0, 3);
  b[0] = v.x, b[kPoseBlockBones] = v.y, b[2 * kPoseBlockBones] = v.z;
}
inline void SetQuat(float* stream, int bone, Quat q) {
  float* b = stream + StreamIndex(bone, 0, 4);
  b[0] = q.x, b[kPoseBlockBones] = q.y, b[2 * kPoseBlockBones] = q.z, b[3 * kPoseBlockBones] = q.w;
}

inline Transform GetBoneTransform(ConstPoseView p, int bone) {
  return {GetVec3(p.translations, bone), GetQuat(p.rotations, bone), GetVec3(p.scales, bone)};
}

inline void SetBoneTransform(PoseView p, int bone, const Transform& x) {
  SetVec3(p.translations, bone, x.translation);
  SetQuat(p.rotations, bone, x.rotation);
  SetVec3(p.scales, bone, x.scale);
}

// `dst` becomes `src`'s curves: the ones both have, and 0 for any more `dst` has.
inline void CopyCurves(std::span<float> dst, ConstPoseView src) {
  for (std::size_t c = 0; c < dst.size(); ++c)
    dst[c] = static_cast<int>(c) < src.curve_count ? src.curves[c] : 0.0f;
}
inline void CopyCurves(PoseView dst, ConstPoseView src) {
  CopyCurves(std::span<float>(dst.curves, static_cast<std::size_t>(dst.curve_count)), src);
}

// An owning pose buffer: the bones' streams, then its curves. Resizing only allocates when it grows
// past the largest size seen, and always resets the metadata, so a pooled buffer never carries a
// previous user's kind. The pose keeps its view, which every task and kernel call asks for.
class Pose {
 public:
  Pose() = default;
  explicit Pose(int bone_count, int curve_count = 0) { Resize(bone_count, curve_count); }
  Pose(const Pose& other) : kind(other.kind), root_motion(other.root_motion), storage_(other.storage_) {
    Point(other.bone_count(), other.curve_count());
  }
  Pose& operator=(const Pose& other) {
    if (this != &other) {
      kind = other.kind;
      root_motion = other.root_motion;
      storage_ = other.storage_;
      Point(other.bone_count(), other.curve_count());
    }
    return *this;
  }
  // Moves swap, so both poses stay whole (the moved-from one holds the other's old contents).
  Pose(Pose&& other) noexcept { swap(other); }
  Pose& operator=(Pose&& other) noexcept {
    swap(other);
    return *this;
  }
  void swap(Pose& other) noexcept {
    std::swap(kind, other.kind);
    std::swap(root_motion, other.root_motion);
    std::swap(storage_, other.storage_);
    // Each view is pointed afresh rather than swapped: swapping the padded struct through the stack
    // costs a failed store forward.
    const int bones = bone_count(), curves = curve_count();
    Point(other.bone_count(), other.curve_count());
    other.Point(bones, curves);
  }
  // Room for `bone_count` bones and `curve_count` curves, the size unchanged. What it held is lost
  // when the storage grows: for buffers about to be written whole (a pool's free ones).
  void Reserve(int bone_count, int curve_count) {
    ReserveStorage(bone_count, curve_count > 0 ? curve_count : 0);
    Point(this->bone_count(), this->curve_count());
  }

  void Resize(int bone_count, int curve_count) {
    curve_count = curve_count > 0 ? curve_count : 0;
    ReserveStorage(bone_count, curve_count);
    Point(bone_count, curve_count);
    kind = PoseKind::Absolute;
    root_motion = Transform{};
  }

  int bone_count() const { return view_.bone_count; }
  int curve_count() const { return view_.curve_count; }
  const PoseView& view() { return view_; }
  const ConstPoseView& view() const { return const_view_; }
  float* curves() { return view_.curves; }
  const float* curves() const { return view_.curves; }

  Transform Get(int bone) const { return GetBoneTransform(view(), bone); }
  void Set(int bone, const Transform& t) { SetBoneTransform(view(), bone, t); }

  PoseKind kind = PoseKind::Absolute;
  // The root motion this pose carries for its frame (executor/ops/root_motion.h): a delta beside
  // the bones, the identity when none.
  Transform root_motion{};

 private:
  void ReserveStorage(int bone_count, int curve_count) {
    storage_.Reserve(static_cast<std::size_t>(PoseFloatCount(bone_count)) +
                     static_cast<std::size_t>(curve_count));
  }
  void Point(int bone_count, int curve_count) {
    view_ = PoseViewAt(storage_.data(), bone_count);
    view_.curves = storage_.data() + PoseFloatCount(bone_count);
    view_.curve_count = curve_count;
    const_view_ = view_;
  }

  AlignedFloats storage_;
  PoseView view_;  // into storage_: kept by Resize, copies and moves
  // view_ again, so a kernel's const input binds to it rather than to a copy made for every call.
  ConstPoseView const_view_;
};

}  // namespace anim
