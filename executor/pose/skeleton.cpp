#include "executor/pose/skeleton.h"

#include <cstring>
#include <unordered_map>

#include "executor/pose/content_hash.h"

namespace anim {

std::optional<Skeleton> Skeleton::Build(const SkeletonDesc& desc, std::string& error) {
  const int count = static_cast<int>(desc.bones.size());
  if (count == 0) {
    error = "skeleton has no bones";
    return std::nullopt;
  }
  if (count > kMaxBones) {
    error = "skeleton has " + std::to_string(count) + " bones; at most " + std::to_string(kMaxBones) +
            " are supported";
    return std::nullopt;
  }
  std::unordered_map<std::string, int> index_of;
  for (int i = 0; i < count; ++i) {
    const SkeletonDesc::Bone& bone = desc.bones[i];
    if (bone.name.empty()) {
      error = "bone " + std::to_string(i) + " has an empty name";
      return std::nullopt;
    }
    if (!index_of.emplace(bone.name, i).second) {
      error = "duplicate bone name '" + bone.name + "' (bones " + std::to_string(index_of[bone.name]) +
              " and " + std::to_string(i) + ")";
      return std::nullopt;
    }
    if (bone.parent != kNoParent && (bone.parent < 0 || bone.parent >= i)) {
      error = "bone '" + bone.name + "' (index " + std::to_string(i) + ") has parent index " +
              std::to_string(bone.parent) +
              "; bones must be stored parents first (parent index < bone index)";
      return std::nullopt;
    }
  }
  if (desc.low_detail_bone_count < 0 || desc.low_detail_bone_count > count) {
    error = "low-detail bone count " + std::to_string(desc.low_detail_bone_count) + " is outside [0, " +
            std::to_string(count) + "]";
    return std::nullopt;
  }

  Skeleton s;
  s.name_ = desc.name;
  s.low_detail_bone_count_ = desc.low_detail_bone_count == 0 ? count : desc.low_detail_bone_count;
  s.bind_pose_.Resize(count, 0);
  ContentHash hash;
  for (int i = 0; i < count; ++i) {
    const SkeletonDesc::Bone& bone = desc.bones[i];
    Transform local = bone.bind_local;
    local.rotation = Normalize(local.rotation);
    s.names_.push_back(bone.name);
    s.parents_.push_back(static_cast<int16_t>(bone.parent));
    s.bind_locals_.push_back(local);
    s.bind_pose_.Set(i, local);
    const Mat4 local_m = FromTransform(local);
    s.bind_model_.push_back(bone.parent == kNoParent ? local_m : s.bind_model_[bone.parent] * local_m);
    s.inverse_bind_.push_back(bone.inverse_bind ? *bone.inverse_bind : InverseAffine(s.bind_model_.back()));
    const Mat4& inverse_bind = s.inverse_bind_.back();
    s.inverse_binds_affine_ = s.inverse_binds_affine_ && inverse_bind.m[0][3] == 0.0f &&
                              inverse_bind.m[1][3] == 0.0f && inverse_bind.m[2][3] == 0.0f &&
                              inverse_bind.m[3][3] == 1.0f;

    hash.Bytes(bone.name.data(), bone.name.size() + 1);
    hash.Bytes(&bone.parent, sizeof bone.parent);
    for (float f :
         {local.translation.x, local.translation.y, local.translation.z, local.rotation.x, local.rotation.y,
          local.rotation.z, local.rotation.w, local.scale.x, local.scale.y, local.scale.z}) {
      hash.Float(f);
    }
  }
  s.content_hash_ = hash.value();
  if (s.inverse_binds_affine_) {
    s.inverse_bind_pairs_.reserve(static_cast<std::size_t>(count * kInverseBindPairFloats));
    for (const Mat4& m : s.inverse_bind_) {
      for (int pair = 0; pair < 2; ++pair) {
        for (int k = 0; k < 3; ++k) {
          s.inverse_bind_pairs_.insert(s.inverse_bind_pairs_.end(), 4, m.m[2 * pair][k]);
          s.inverse_bind_pairs_.insert(s.inverse_bind_pairs_.end(), 4, m.m[2 * pair + 1][k]);
        }
      }
    }
  }
  return s;
}

int Skeleton::FindBone(std::string_view name) const {
  for (int i = 0; i < bone_count(); ++i) {
    if (names_[i] == name) return i;
  }
  return -1;
}

std::vector<int> Skeleton::Subtree(int bone) const {
  std::vector<int> out;
  if (bone < 0 || bone >= bone_count()) return out;
  std::vector<char> inside(bone_count(), 0);
  inside[bone] = 1;
  out.push_back(bone);
  // Parents first: one forward pass finds every descendant.
  for (int i = bone + 1; i < bone_count(); ++i) {
    if (parents_[i] != kNoParent && inside[parents_[i]]) {
      inside[i] = 1;
      out.push_back(i);
    }
  }
  return out;
}

}  // namespace anim
