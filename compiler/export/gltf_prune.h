// A glTF file's data cut to what it still uses once something is left out of it (anim-dump export
// writes a character's file without its own animations): the accessors nothing kept reads, the
// buffer views nothing kept reads and the bytes no kept view holds are dropped, and the references
// to what stays are renumbered, so the file carries no dead data.
#pragma once

#include <string>

#include "compiler/export/gltf_bytes.h"

namespace anim::gltf_bytes {

// Cuts `doc`'s accessors and buffer views, over its one buffer `bytes`, to those its meshes, skins,
// nodes and images reference, and `bytes` to what those views hold. A file using an extension not
// known here keeps all its data: the extension might reference some in a way not renumbered here.
void DropUnreferencedData(Json& doc, std::string& bytes);

}  // namespace anim::gltf_bytes
