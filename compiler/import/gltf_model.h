// Loading a .gltf or .glb file with tinygltf, after checking a binary container's header ourselves
// (a truncated .glb is reported, never read past its end), and the node hierarchy's parent links.
#pragma once

#include <tiny_gltf.h>

#include <memory>
#include <string>
#include <vector>

#include "compiler/diag/diagnostics.h"
#include "compiler/import/node_transform.h"

namespace anim::gltf {

struct LoadedModel {
  tinygltf::Model model;
  std::vector<int> node_parent;    // parent node of every node, -1 for a scene root
  std::vector<NodeTrs> rest;       // every node's local transform as TRS (a matrix decomposed)
  std::vector<DMat4> rest_matrix;  // every node's local transform as authored, shear included
  std::vector<double> rest_skew;   // the shear a node's matrix loses as TRS (0 for TRS nodes)
  std::string json;                // the document as written (a .glb's JSON chunk)
  std::string base_dir;            // where its relative URIs lead
};

// Reads and parses `path` (a .glb when it starts with the binary magic, else glTF JSON). Problems
// are I200 (unreadable, truncated, not glTF), I202 (the nodes do not form a forest), I203 (a child
// index out of range) and I204 (a non-finite node transform); then nothing is returned.
std::unique_ptr<LoadedModel> LoadGltfModel(const std::string& path, DiagnosticSink& diagnostics);

}  // namespace anim::gltf
