// A skeleton: bones stored parents first (parent[i] < i), so any prefix of the bone array is a
// valid partial hierarchy. That is what lets the LOD cut be a plain bone count.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "executor/math/mat4.h"
#include "executor/pose/pose.h"

namespace anim {

inline constexpr int kNoParent = -1;
// Bone indices are int16 in tasks and bytecode, which bounds the skeleton size.
inline constexpr int kMaxBones = 32767;

// What a skeleton is built from, in file order.
struct SkeletonDesc {
  struct Bone {
    std::string name;
    int parent = kNoParent;
    Transform bind_local;
    std::optional<Mat4> inverse_bind;  // derived from the bind pose when absent
  };
  std::string name;
  std::vector<Bone> bones;
  int low_detail_bone_count = 0;  // 0: the LOD cut keeps every bone
};

class Skeleton {
 public:
  // Validates `desc` and builds the skeleton. On failure returns nullopt and sets `error` to a
  // message naming the offending bone.
  static std::optional<Skeleton> Build(const SkeletonDesc& desc, std::string& error);

  const std::string& name() const { return name_; }
  int bone_count() const { return static_cast<int>(names_.size()); }
  const std::string& bone_name(int bone) const { return names_[bone]; }
  int parent(int bone) const { return parents_[bone]; }
  const std::vector<int16_t>& parents() const { return parents_; }
  // The bone with this name, or -1.
  int FindBone(std::string_view name) const;

  const Pose& bind_pose() const { return bind_pose_; }
  const Transform& bind_local(int bone) const { return bind_locals_[bone]; }
  const std::vector<Mat4>& inverse_bind() const { return inverse_bind_; }
  // Whether every inverse bind matrix is affine (last row exactly 0 0 0 1), so skinning may skip
  // the products by that row.
  bool inverse_binds_affine() const { return inverse_binds_affine_; }
  // The affine inverse binds' upper 3x4 laid out for multiplying two columns at once (8 lanes):
  // per bone kInverseBindPairFloats floats, for column pairs (0, 1) then (2, 3) and rows k = 0..2,
  // element (c0, k) four times then element (c1, k) four times. Empty unless inverse_binds_affine().
  static constexpr int kInverseBindPairFloats = 48;
  const std::vector<float>& inverse_bind_pairs() const { return inverse_bind_pairs_; }
  // Bind-pose model-space matrices (forward kinematics of the bind pose).
  const std::vector<Mat4>& bind_model() const { return bind_model_; }

  // The LOD cut: how many leading bones a low-detail evaluation samples and blends.
  int low_detail_bone_count() const { return low_detail_bone_count_; }

  // FNV-1a over names, parents and bind pose: compiled programs record it to detect a mismatch.
  uint64_t content_hash() const { return content_hash_; }

  // Bones in the subtree rooted at `bone` (itself included): a contiguous-or-not set, so a list.
  std::vector<int> Subtree(int bone) const;

 private:
  std::string name_;
  std::vector<std::string> names_;
  std::vector<int16_t> parents_;
  std::vector<Transform> bind_locals_;
  std::vector<Mat4> bind_model_;
  std::vector<Mat4> inverse_bind_;
  bool inverse_binds_affine_ = true;
  std::vector<float> inverse_bind_pairs_;
  Pose bind_pose_;
  int low_detail_bone_count_ = 0;
  uint64_t content_hash_ = 0;
};

}  // namespace anim
