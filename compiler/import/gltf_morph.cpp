#include "compiler/import/gltf_morph.h"

#include <map>
#include <set>

namespace anim::gltf {

namespace {

std::string NodeName(const tinygltf::Model& model, int node) {
  const std::string& name = model.nodes[static_cast<std::size_t>(node)].name;
  return name.empty() ? "node_" + std::to_string(node) : name;
}

// Rule 1 of MorphCurveNames: the mesh's own name for target `i`, or one made from the mesh or node.
std::string TargetName(const tinygltf::Model& model, int node, int i) {
  const tinygltf::Mesh& mesh =
      model.meshes[static_cast<std::size_t>(model.nodes[static_cast<std::size_t>(node)].mesh)];
  // extras are free-form: anything but an array of strings is not target names.
  if (mesh.extras.IsObject() && mesh.extras.Has("targetNames")) {
    const tinygltf::Value& names = mesh.extras.Get("targetNames");
    if (names.IsArray() && i < static_cast<int>(names.ArrayLen()) && names.Get(i).IsString() &&
        !names.Get(i).Get<std::string>().empty()) {
      return names.Get(i).Get<std::string>();
    }
  }
  return (mesh.name.empty() ? NodeName(model, node) : mesh.name) + ".morph" + std::to_string(i);
}

// Nodes a `weights` channel of some animation animates and whose weights can be read, ascending.
std::set<int> MorphAnimatedNodes(const tinygltf::Model& model) {
  std::set<int> nodes;
  for (const tinygltf::Animation& animation : model.animations) {
    for (const tinygltf::AnimationChannel& channel : animation.channels) {
      if (channel.target_path == "weights" && MorphTargetCount(model, channel.target_node) > 0)
        nodes.insert(channel.target_node);
    }
  }
  return nodes;
}

}  // namespace

int MorphTargetCount(const tinygltf::Model& model, int node) {
  if (node < 0 || static_cast<std::size_t>(node) >= model.nodes.size()) return 0;
  const int mesh = model.nodes[static_cast<std::size_t>(node)].mesh;
  if (mesh < 0 || static_cast<std::size_t>(mesh) >= model.meshes.size()) return 0;
  const std::vector<tinygltf::Primitive>& primitives =
      model.meshes[static_cast<std::size_t>(mesh)].primitives;
  if (primitives.empty()) return 0;
  const std::size_t targets = primitives.front().targets.size();
  for (const tinygltf::Primitive& primitive : primitives) {
    if (primitive.targets.size() != targets) return 0;
  }
  return static_cast<int>(targets);
}

std::size_t MorphCurveCount(const tinygltf::Model& model) {
  std::size_t count = 0;
  for (int node : MorphAnimatedNodes(model))
    count += static_cast<std::size_t>(MorphTargetCount(model, node));
  return count;
}

std::vector<std::vector<std::string>> MorphCurveNames(const tinygltf::Model& model) {
  std::vector<std::vector<std::string>> names(model.nodes.size());
  const std::set<int> nodes = MorphAnimatedNodes(model);
  std::map<std::string, int> uses;
  for (int node : nodes) {
    auto& node_names = names[static_cast<std::size_t>(node)];
    for (int i = 0; i < MorphTargetCount(model, node); ++i) {
      node_names.push_back(TargetName(model, node, i));
      ++uses[node_names.back()];
    }
  }
  std::set<std::string> taken;
  std::map<std::string, int> next_suffix;  // per name, where to go on looking for a free suffix
  for (int node : nodes) {
    for (std::string& name : names[static_cast<std::size_t>(node)]) {
      if (uses[name] > 1) name = NodeName(model, node) + "." + name;
      const std::string base = name;
      for (int& k = next_suffix.try_emplace(base, 2).first->second; !taken.insert(name).second; ++k)
        name = base + "_" + std::to_string(k);
    }
  }
  return names;
}

}  // namespace anim::gltf
