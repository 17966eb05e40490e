// Where a graph's skeleton came from, kept past loading so `anim-dump export` can write the graph's
// output into that file with its meshes (compiler/export/gltf_host.h).
#pragma once

#include <string>

namespace anim {

struct SkeletonOrigin {
  std::string gltf;  // the glTF file whose skin it is; empty for a skeleton document
  int skin = 0;
};

}  // namespace anim
