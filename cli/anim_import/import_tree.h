// `anim-import --tree`: the skeleton as the importer builds it from the skin, a line per bone
// under its parent (box-drawing branches), with the glTF node it came from, then the animations
// the file holds; to see what a file will give before writing anything.
#pragma once

#include <string>

#include "compiler/import/gltf_importer.h"

namespace anim::import_tool {

std::string ImportTreeText(const GltfImport& imported, const std::string& input, int skin);

}  // namespace anim::import_tool
