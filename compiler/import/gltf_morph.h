// glTF morph-target weights (glTF 2.0 section 3.7.2.2) as clip curves (docs/import.md, "Morph
// weights"): how many weights a `weights` channel holds per key, and what each curve is named.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "compiler/import/gltf_model.h"

namespace anim::gltf {

// The number of morph targets of `node`'s mesh: the weights a `weights` channel on the node holds
// per key. 0 when the node has no mesh (or an index past the last), the mesh has no targets, or its
// primitives disagree on how many they have (the spec requires them to agree; such weights cannot
// be read).
int MorphTargetCount(const tinygltf::Model& model, int node);

// How many curves the file's morph weights make: the morph targets of every node that a `weights`
// channel of any animation animates (what MorphCurveNames names), counted without building them.
std::size_t MorphCurveCount(const tinygltf::Model& model);

// The curve name of each morph target of every node that a `weights` channel of any animation
// animates, indexed by node (empty for the others). Computed over the whole file, so a target's
// curve has the same name in every clip:
//   1. target i is named after the mesh's `extras.targetNames[i]` when that is a non-empty string,
//      else "<mesh name>.morph<i>" (the node's name when the mesh has none, "node_<n>" when neither
//      has one);
//   2. a name that more than one target would get becomes "<node name>.<name>" for every target that
//      would get it (none is preferred; "node_<n>" for an unnamed node);
//   3. a name that is still taken gets the first free suffix of "_2", "_3", ..., in node order, then
//      target order.
std::vector<std::vector<std::string>> MorphCurveNames(const tinygltf::Model& model);

}  // namespace anim::gltf
