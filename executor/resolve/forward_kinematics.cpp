#include "executor/resolve/forward_kinematics.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "executor/kernels/bone_lanes.h"
#include "executor/kernels/kernel_common.h"

namespace anim {
namespace {

using simd::Floats;
using simd::kWidth;

// Local matrices of every bone, as FromTransform builds them, kept lane-parallel: group g holds
// kLocalElements lane vectors, element c * 3 + r being column c, row r of the affine upper 3x4
// (row 3 is always 0 0 0 1).
constexpr int kLocalElements = 12;

struct LocalMatrices {
  std::vector<float> elements;  // grows only, so the steady state allocates nothing

  const float* Bone(int bone) const {
    return elements.data() +
           static_cast<std::size_t>(bone / kWidth * kLocalElements * kWidth + bone % kWidth);
  }
};

LocalMatrices& ThreadLocalMatrices() {
  thread_local LocalMatrices scratch;
  return scratch;
}

// FromTransform over one group of lanes, expression for expression.
void LocalGroup(const ConstPoseView& pose, int first, float* out) {
  using namespace simd;
  const Vec3s t = LoadVec3s(pose.translations, first);
  const Quats q = LoadQuats(pose.rotations, first);
  const Vec3s s = LoadVec3s(pose.scales, first);
  const Floats one = Splat(1.0f), two = Splat(2.0f);
  const Floats xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
  const Floats xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
  const Floats wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
  const Floats e[kLocalElements] = {(one - two * (yy + zz)) * s.x,
                                    (two * (xy + wz)) * s.x,
                                    (two * (xz - wy)) * s.x,
                                    (two * (xy - wz)) * s.y,
                                    (one - two * (xx + zz)) * s.y,
                                    (two * (yz + wx)) * s.y,
                                    (two * (xz + wy)) * s.z,
                                    (two * (yz - wx)) * s.z,
                                    (one - two * (xx + yy)) * s.z,
                                    t.x,
                                    t.y,
                                    t.z};
  for (int k = 0; k < kLocalElements; ++k)
    Store(out + k * kWidth, e[k]);
}

void Grow(LocalMatrices& local, int bone_count) {
  const std::size_t floats =
      static_cast<std::size_t>((bone_count + kWidth - 1) / kWidth * kLocalElements * kWidth);
  if (local.elements.size() < floats) local.elements.resize(floats);
}

// Bones the pose view does not hold take their bind-pose locals. A group straddling the pose's
// end is assembled in one block of its own first.
void ComputeLocalMatrices(const Skeleton& skeleton, const ConstPoseView& pose, LocalMatrices& local) {
  const int n = skeleton.bone_count();
  Grow(local, n);
  const int held = std::clamp(pose.bone_count, 0, n);
  const ConstPoseView bind = skeleton.bind_pose().view();
  for (int first = 0; first < n; first += kWidth) {
    float* out = local.elements.data() + static_cast<std::size_t>(first / kWidth * kLocalElements * kWidth);
    if (first + kWidth <= held) {
      LocalGroup(pose, first, out);
    } else if (first >= held) {
      LocalGroup(bind, first, out);
    } else {
      alignas(kSimdAlignment) float block[PoseFloatCount(kPoseBlockBones)] = {};
      const PoseView mixed = PoseViewAt(block, kPoseBlockBones);
      const int offset = first % kPoseBlockBones;  // where the group sits inside its block
      for (int lane = 0; lane < kWidth && first + lane < n; ++lane) {
        const int bone = first + lane;
        SetBoneTransform(mixed, offset + lane, GetBoneTransform(bone < held ? pose : bind, bone));
      }
      LocalGroup(mixed, offset, out);
    }
  }
}

// Where an affine matrix's upper 3x4 elements sit: element (column c, row r) at
// c * column + r * row floats from its first.
struct ElementStrides {
  int column, row;
};
constexpr ElementStrides kLocalStrides{3 * kWidth, kWidth};    // a bone in LocalMatrices
[[maybe_unused]] constexpr ElementStrides kMat4Strides{4, 1};  // a Mat4 (AVX2 skins from pairs instead)

// a * b for affine b. The terms with b's row 3 (0 0 0 1) are a[3] * 0, which adds nothing, and
// a[3] * 1. The terms are summed in pairs, (a0 b0 + a1 b1) + (a2 b2 + a3): in forward kinematics
// this is the critical path (each bone waits for its parent), and a pairwise sum is one addition
// shorter than a running one.
#if defined(ANIM_SIMD_SSE)
struct Columns {
  __m128 c[4];
};

Columns LoadColumns(const Mat4& a) {
  return {{_mm_loadu_ps(a.m[0]), _mm_loadu_ps(a.m[1]), _mm_loadu_ps(a.m[2]), _mm_loadu_ps(a.m[3])}};
}

void StoreColumns(const Columns& a, Mat4& out) {
  for (int c = 0; c < 4; ++c)
    _mm_storeu_ps(out.m[c], a.c[c]);
}

Columns MultiplyAffine(const Columns& a, const float* b, ElementStrides at) {
  Columns r;
  for (int c = 0; c < 4; ++c) {
    const float* e = b + c * at.column;
    const __m128 xy =
        _mm_add_ps(_mm_mul_ps(a.c[0], _mm_set1_ps(e[0])), _mm_mul_ps(a.c[1], _mm_set1_ps(e[at.row])));
    __m128 z = _mm_mul_ps(a.c[2], _mm_set1_ps(e[2 * at.row]));
    if (c == 3) z = _mm_add_ps(z, a.c[3]);
    r.c[c] = _mm_add_ps(xy, z);
  }
  return r;
}

#else
Mat4 MultiplyAffine(const Mat4& a, const float* b, ElementStrides at) {
  Mat4 r;
  for (int c = 0; c < 4; ++c) {
    const float* e = b + c * at.column;
    for (int row = 0; row < 4; ++row) {
      const float z = c == 3 ? a.m[2][row] * e[2 * at.row] + a.m[3][row] : a.m[2][row] * e[2 * at.row];
      r.m[c][row] = (a.m[0][row] * e[0] + a.m[1][row] * e[at.row]) + z;
    }
  }
  return r;
}
#endif

// The affine matrix of the upper 3x4 elements alone: a root's model matrix.
Mat4 FromElements(const float* e, ElementStrides at) {
  Mat4 r;
  for (int c = 0; c < 4; ++c) {
    for (int row = 0; row < 3; ++row)
      r.m[c][row] = e[c * at.column + row * at.row];
  }
  return r;
}

#if defined(ANIM_SIMD_SSE)
// Forward kinematics over every bone into `out_model`; `then(i, model)` sees each bone's model
// columns while they are still in registers. Bones mostly follow their parent directly (chains):
// then the parent's columns are still in registers too, and the chain does not wait for a store to
// come back as a load.
template <typename Then>
void WalkModel(const Skeleton& skeleton, const ConstPoseView& pose, Mat4* out_model, Then then) {
  LocalMatrices& local = ThreadLocalMatrices();
  ComputeLocalMatrices(skeleton, pose, local);
  const std::vector<int16_t>& parents = skeleton.parents();
  Columns model{};
  for (int i = 0; i < skeleton.bone_count(); ++i) {
    const int p = parents[i];
    if (!kernel::HasValidParent(p, i)) {
      out_model[i] = FromElements(local.Bone(i), kLocalStrides);
      model = LoadColumns(out_model[i]);
    } else {
      if (p != i - 1) model = LoadColumns(out_model[p]);
      model = MultiplyAffine(model, local.Bone(i), kLocalStrides);
      StoreColumns(model, out_model[i]);
    }
    then(i, model);
  }
}
#endif

#if defined(ANIM_SIMD_AVX2)
// model * inverse bind for an affine inverse bind held as Skeleton::inverse_bind_pairs: two result
// columns per product, [a_k | a_k] * [b(c0, k) | b(c1, k)], summed as MultiplyAffine sums.
void SkinFromColumns(const Columns& a, const float* pairs, Mat4& out) {
  const __m256 a0 = _mm256_set_m128(a.c[0], a.c[0]);
  const __m256 a1 = _mm256_set_m128(a.c[1], a.c[1]);
  const __m256 a2 = _mm256_set_m128(a.c[2], a.c[2]);
  // a[3] joins column 3 only; column 2 adds -0, which leaves every value (and sign of zero) as is.
  const __m256 a3_in_column_3 = _mm256_insertf128_ps(_mm256_set1_ps(-0.0f), a.c[3], 1);
  const auto product = [&](const float* b) {
    const __m256 xy =
        _mm256_add_ps(_mm256_mul_ps(a0, _mm256_loadu_ps(b)), _mm256_mul_ps(a1, _mm256_loadu_ps(b + 8)));
    return std::pair{xy, _mm256_mul_ps(a2, _mm256_loadu_ps(b + 16))};
  };
  const auto [xy01, z01] = product(pairs);
  const auto [xy23, z23] = product(pairs + 24);
  _mm256_storeu_ps(out.m[0], _mm256_add_ps(xy01, z01));
  _mm256_storeu_ps(out.m[2], _mm256_add_ps(xy23, _mm256_add_ps(z23, a3_in_column_3)));
}
#endif

}  // namespace

void ApplyRootLock(const PoseView& pose, const Skeleton& skeleton, int root_bone) {
  if (root_bone < 0 || root_bone >= std::min(pose.bone_count, skeleton.bone_count())) return;
  const Transform& bind = skeleton.bind_local(root_bone);
  Transform t = GetBoneTransform(pose, root_bone);
  t.translation = bind.translation;
  t.rotation = bind.rotation;
  SetBoneTransform(pose, root_bone, t);
}

void LocalToModel(const Skeleton& skeleton, const ConstPoseView& pose, Mat4* out_model) {
  if (out_model == nullptr) return;
#if defined(ANIM_SIMD_SSE)
  WalkModel(skeleton, pose, out_model, [](int, const Columns&) {});
#else
  LocalMatrices& local = ThreadLocalMatrices();
  ComputeLocalMatrices(skeleton, pose, local);
  const std::vector<int16_t>& parents = skeleton.parents();
  for (int i = 0; i < skeleton.bone_count(); ++i) {
    const int p = parents[i];
    out_model[i] = kernel::HasValidParent(p, i) ? MultiplyAffine(out_model[p], local.Bone(i), kLocalStrides)
                                                : FromElements(local.Bone(i), kLocalStrides);
  }
#endif
}

void ModelToSkinning(const Skeleton& skeleton, const Mat4* model, Mat4* out_skinning) {
  if (model == nullptr || out_skinning == nullptr) return;
  const std::vector<Mat4>& inverse_bind = skeleton.inverse_bind();
  const int n = skeleton.bone_count();
  if (!skeleton.inverse_binds_affine()) {
    for (int i = 0; i < n; ++i)
      out_skinning[i] = model[i] * inverse_bind[i];  // rare (a projective inverse bind): no fast path
    return;
  }
#if defined(ANIM_SIMD_AVX2)
  const float* pairs = skeleton.inverse_bind_pairs().data();
  for (int i = 0; i < n; ++i, pairs += Skeleton::kInverseBindPairFloats)
    SkinFromColumns(LoadColumns(model[i]), pairs, out_skinning[i]);
#elif defined(ANIM_SIMD_SSE)
  for (int i = 0; i < n; ++i)
    StoreColumns(MultiplyAffine(LoadColumns(model[i]), inverse_bind[i].m[0], kMat4Strides), out_skinning[i]);
#else
  for (int i = 0; i < n; ++i)
    out_skinning[i] = MultiplyAffine(model[i], inverse_bind[i].m[0], kMat4Strides);
#endif
}

void ToSkinningMatrices(const Skeleton& skeleton, const ConstPoseView& pose, Mat4* model_scratch,
                        Mat4* out_skinning) {
  if (model_scratch == nullptr || out_skinning == nullptr) return;
#if defined(ANIM_SIMD_AVX2)
  // One pass: each bone's skinning product is independent work the core overlaps with the chain of
  // parent products forward kinematics waits on.
  if (skeleton.inverse_binds_affine()) {
    const float* pairs = skeleton.inverse_bind_pairs().data();
    WalkModel(skeleton, pose, model_scratch, [&](int i, const Columns& model) {
      SkinFromColumns(model, pairs + static_cast<std::ptrdiff_t>(i) * Skeleton::kInverseBindPairFloats,
                      out_skinning[i]);
    });
    return;
  }
#endif
  LocalToModel(skeleton, pose, model_scratch);
  ModelToSkinning(skeleton, model_scratch, out_skinning);
}

void ReserveKinematicsScratch(int bone_count) {
  Grow(ThreadLocalMatrices(), bone_count);
}

void PackSkinning3x4(const Mat4* skinning, int count, Mat3x4* out_packed) {
  if (skinning == nullptr || out_packed == nullptr) return;
  for (int i = 0; i < count; ++i)
    out_packed[i] = PackRows3x4(skinning[i]);
}

}  // namespace anim
