#include "executor/resolve/forward_kinematics.h"

#include <algorithm>

#if defined(ANIM_SIMD_SSE)
#include <immintrin.h>
#endif

namespace anim {
namespace {

// a * b for column-major matrices: each result column is a's columns weighted by one column of b.
Mat4 Multiply(const Mat4& a, const Mat4& b) {
#if defined(ANIM_SIMD_SSE)
  const __m128 a0 = _mm_loadu_ps(a.m[0]);
  const __m128 a1 = _mm_loadu_ps(a.m[1]);
  const __m128 a2 = _mm_loadu_ps(a.m[2]);
  const __m128 a3 = _mm_loadu_ps(a.m[3]);
  Mat4 r;
  for (int c = 0; c < 4; ++c) {
    const __m128 x = _mm_mul_ps(a0, _mm_set1_ps(b.m[c][0]));
    const __m128 y = _mm_mul_ps(a1, _mm_set1_ps(b.m[c][1]));
    const __m128 z = _mm_mul_ps(a2, _mm_set1_ps(b.m[c][2]));
    const __m128 w = _mm_mul_ps(a3, _mm_set1_ps(b.m[c][3]));
    _mm_storeu_ps(r.m[c], _mm_add_ps(_mm_add_ps(x, y), _mm_add_ps(z, w)));
  }
  return r;
#else
  return a * b;
#endif
}

// Bone `i`'s local transform: from the pose where it has the bone, else the bind pose.
Mat4 LocalMatrix(const Skeleton& skeleton, ConstPoseView pose, int i) {
  return FromTransform(i < pose.bone_count ? GetBoneTransform(pose, i) : skeleton.bind_local(i));
}

Mat4 ModelMatrix(const Skeleton& skeleton, ConstPoseView pose, const Mat4* model, int i) {
  const int p = skeleton.parent(i);
  const Mat4 local = LocalMatrix(skeleton, pose, i);
  return p == kNoParent ? local : Multiply(model[p], local);
}

}  // namespace

void ApplyRootLock(PoseView pose, const Skeleton& skeleton, int root_bone) {
  if (root_bone < 0 || root_bone >= std::min(pose.bone_count, skeleton.bone_count())) return;
  const Transform& bind = skeleton.bind_local(root_bone);
  Transform t = GetBoneTransform(pose, root_bone);
  t.translation = bind.translation;
  t.rotation = bind.rotation;
  SetBoneTransform(pose, root_bone, t);
}

void LocalToModel(const Skeleton& skeleton, ConstPoseView pose, Mat4* out_model) {
  if (out_model == nullptr) return;
  for (int i = 0; i < skeleton.bone_count(); ++i)
    out_model[i] = ModelMatrix(skeleton, pose, out_model, i);
}

void ModelToSkinning(const Skeleton& skeleton, const Mat4* model, Mat4* out_skinning) {
  if (model == nullptr || out_skinning == nullptr) return;
  const std::vector<Mat4>& inverse_bind = skeleton.inverse_bind();
  for (int i = 0; i < skeleton.bone_count(); ++i)
    out_skinning[i] = Multiply(model[i], inverse_bind[i]);
}

void ToSkinningMatrices(const Skeleton& skeleton, ConstPoseView pose, Mat4* model_scratch,
                        Mat4* out_skinning) {
  if (model_scratch == nullptr || out_skinning == nullptr) return;
  const std::vector<Mat4>& inverse_bind = skeleton.inverse_bind();
  for (int i = 0; i < skeleton.bone_count(); ++i) {
    model_scratch[i] = ModelMatrix(skeleton, pose, model_scratch, i);
    out_skinning[i] = Multiply(model_scratch[i], inverse_bind[i]);
  }
}

void PackSkinning3x4(const Mat4* skinning, int count, Mat3x4* out_packed) {
  if (skinning == nullptr || out_packed == nullptr) return;
  for (int i = 0; i < count; ++i)
    out_packed[i] = PackRows3x4(skinning[i]);
}

}  // namespace anim
