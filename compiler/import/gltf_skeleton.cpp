#include "compiler/import/gltf_skeleton.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>

#include "compiler/import/gltf_accessor.h"

namespace anim::gltf {

namespace {

// Parents-first order that keeps the skin's order where it already is one: each joint is emitted
// after its joint ancestors.
void Emit(int joint, const std::vector<int>& joint_parent, std::vector<char>& emitted,
          std::vector<int>& order) {
  if (emitted[static_cast<std::size_t>(joint)]) return;
  if (joint_parent[static_cast<std::size_t>(joint)] != -1) {
    Emit(joint_parent[static_cast<std::size_t>(joint)], joint_parent, emitted, order);
  }
  emitted[static_cast<std::size_t>(joint)] = 1;
  order.push_back(joint);
}

}  // namespace

Transform BoneLocal(const SkinRig& rig, int bone, const NodeTrs& trs, double& skew) {
  skew = 0;
  if (!rig.folded[static_cast<std::size_t>(bone)]) return ToTransform(trs);
  return ToTransform(DecomposeMatrix(rig.fold[static_cast<std::size_t>(bone)] * ComposeTrs(trs), skew));
}

std::optional<SkinRig> BuildSkinRig(const LoadedModel& loaded, int skin, const std::string& skeleton_name,
                                    const std::string& file, DiagnosticSink& diagnostics) {
  const tinygltf::Model& model = loaded.model;
  const SourceLocation where{file, 0, 0};
  if (model.skins.empty()) {
    diagnostics.Error("I201", where, "the file has no skin: there is no skeleton to import");
    return std::nullopt;
  }
  if (skin < 0 || static_cast<std::size_t>(skin) >= model.skins.size()) {
    diagnostics.Error("I201", where,
                      "skin " + std::to_string(skin) + " does not exist (the file has " +
                          std::to_string(model.skins.size()) + " skins, numbered from 0)");
    return std::nullopt;
  }
  const tinygltf::Skin& source = model.skins[static_cast<std::size_t>(skin)];
  const std::size_t node_count = model.nodes.size();
  if (source.joints.empty()) {
    diagnostics.Error("I201", where, "skin " + std::to_string(skin) + " has no joints");
    return std::nullopt;
  }
  if (source.joints.size() > static_cast<std::size_t>(kMaxBones)) {
    diagnostics.Error(
        "I205", where,
        "skin " + std::to_string(skin) + " has more than " + std::to_string(kMaxBones) + " joints");
    return std::nullopt;
  }
  SkinRig rig;
  rig.node_bone.assign(node_count, -1);
  std::vector<int> skin_slot(node_count, -1);  // index in skin.joints, for the inverse bind matrices
  for (std::size_t j = 0; j < source.joints.size(); ++j) {
    const int node = source.joints[j];
    if (node < 0 || static_cast<std::size_t>(node) >= node_count) {
      diagnostics.Error("I203", where,
                        "skin " + std::to_string(skin) + " joint " + std::to_string(j) + " names node " +
                            std::to_string(node) + ", which does not exist");
      return std::nullopt;
    }
    if (skin_slot[static_cast<std::size_t>(node)] != -1) {
      diagnostics.Error("I202", where,
                        "skin " + std::to_string(skin) + " lists node " + std::to_string(node) +
                            " twice (joints " + std::to_string(skin_slot[static_cast<std::size_t>(node)]) +
                            " and " + std::to_string(j) + ")");
      return std::nullopt;
    }
    skin_slot[static_cast<std::size_t>(node)] = static_cast<int>(j);
  }

  // Each joint's nearest joint ancestor, and the nodes in between (folded into its local).
  std::vector<int> joint_parent(node_count, -1);
  std::vector<DMat4> fold(node_count);
  std::vector<char> has_fold(node_count, 0);
  for (int node : source.joints) {
    DMat4 above;  // product of the non-joint nodes between `node` and its joint ancestor
    int at = loaded.node_parent[static_cast<std::size_t>(node)];
    while (at != -1 && skin_slot[static_cast<std::size_t>(at)] == -1) {
      above = loaded.rest_matrix[static_cast<std::size_t>(at)] * above;
      at = loaded.node_parent[static_cast<std::size_t>(at)];
    }
    joint_parent[static_cast<std::size_t>(node)] = at;
    fold[static_cast<std::size_t>(node)] = above;
    has_fold[static_cast<std::size_t>(node)] = IsIdentity(above) ? 0 : 1;
  }
  std::vector<char> emitted(node_count, 0);
  for (int node : source.joints)
    Emit(node, joint_parent, emitted, rig.bone_node);

  std::vector<float> inverse_binds;
  if (source.inverseBindMatrices >= 0) {
    AccessorError error;
    auto data = ReadFloatAccessor(model, source.inverseBindMatrices, 16, error);
    if (!data) {
      diagnostics.Error(error.code, where,
                        "skin " + std::to_string(skin) + " inverse bind matrices: " + error.message);
      return std::nullopt;
    }
    if (data->size() < source.joints.size() * 16) {
      diagnostics.Error("I203", where,
                        "skin " + std::to_string(skin) + " has " + std::to_string(data->size() / 16) +
                            " inverse bind matrices for " + std::to_string(source.joints.size()) + " joints");
      return std::nullopt;
    }
    inverse_binds = std::move(*data);
  }

  rig.desc.name = skeleton_name;
  std::map<std::string, int> first_with_name;
  for (std::size_t b = 0; b < rig.bone_node.size(); ++b) {
    const int node = rig.bone_node[b];
    rig.node_bone[static_cast<std::size_t>(node)] = static_cast<int>(b);
  }
  for (std::size_t b = 0; b < rig.bone_node.size(); ++b) {
    const int node = rig.bone_node[b];
    const std::size_t n = static_cast<std::size_t>(node);
    SkeletonDesc::Bone bone;
    bone.name = model.nodes[n].name.empty() ? "joint_" + std::to_string(node) : model.nodes[n].name;
    if (auto [it, inserted] = first_with_name.emplace(bone.name, node); !inserted) {
      const std::string unique = bone.name + "_" + std::to_string(node);
      diagnostics.Warning("I210", where,
                          "joint name '" + bone.name + "' is used by nodes " + std::to_string(it->second) +
                              " and " + std::to_string(node) + "; the second is imported as '" + unique +
                              "'");
      bone.name = unique;
    }
    bone.parent =
        joint_parent[n] == -1 ? kNoParent : rig.node_bone[static_cast<std::size_t>(joint_parent[n])];
    rig.fold.push_back(fold[n]);
    rig.folded.push_back(has_fold[n] != 0);
    double skew = 0;
    bone.bind_local = BoneLocal(rig, static_cast<int>(b), loaded.rest[n], skew);
    // Node transforms are read in double; one past float's range (1e68) would be an infinite bind.
    const Transform& bind = bone.bind_local;
    const float values[] = {bind.translation.x, bind.translation.y, bind.translation.z, bind.rotation.x,
                            bind.rotation.y,    bind.rotation.z,    bind.rotation.w,    bind.scale.x,
                            bind.scale.y,       bind.scale.z};
    if (!std::all_of(std::begin(values), std::end(values), [](float v) { return std::isfinite(v); })) {
      diagnostics.Error("I203", where,
                        "joint '" + bone.name + "' has a rest transform past the range of a float");
      return std::nullopt;
    }
    if (loaded.rest_skew[n] > 1e-4) {
      diagnostics.Warning("I208", where,
                          "joint '" + bone.name +
                              "' has a sheared matrix; it is approximated by translation, rotation "
                              "and scale (error " +
                              std::to_string(loaded.rest_skew[n]) + ")");
    }
    if (skew > 1e-4) {
      diagnostics.Warning("I208", where,
                          "the nodes above joint '" + bone.name +
                              "' hold a shear (non-uniform scale under rotation); it is approximated by "
                              "translation, rotation and scale (error " +
                              std::to_string(skew) + ")");
    }
    if (!inverse_binds.empty()) {
      Mat4 m;
      const float* src = inverse_binds.data() + static_cast<std::size_t>(skin_slot[n]) * 16;
      for (int c = 0; c < 4; ++c) {
        for (int r = 0; r < 4; ++r)
          m.m[c][r] = src[c * 4 + r];
      }
      bone.inverse_bind = m;
    } else {
      bone.inverse_bind = Mat4::Identity();  // glTF: absent inverse bind matrices are identities
    }
    rig.desc.bones.push_back(std::move(bone));
  }
  return rig;
}

}  // namespace anim::gltf
