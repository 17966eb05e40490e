// `anim-dump export` (docs/cli.md): the graph's output over a range of frames as an animated glTF
// 2.0 file a viewer plays. The skeleton is the file's skin, its joints the node hierarchy; one
// animation keys every bone at every frame (LINEAR), its time 0 the range's first frame. The
// instance's root, where root motion took the character, places the skeleton's top bones, so an
// extracted motion walks the character through the scene. A skeleton imported from glTF brings its
// file's meshes.
#pragma once

#include <cstdint>
#include <string>

#include "cli/anim_dump/dump_input.h"
#include "cli/anim_dump/frame_capture.h"
#include "compiler/export/gltf_writer.h"

namespace anim::dump {

// The keys an export may hold while it is made (a pose per frame), so a long scenario is one clear
// error rather than gigabytes: 256 MiB, about 50 minutes of the 71-bone humanoid at 30 Hz.
inline constexpr std::uint64_t kMaxExportKeyBytes = std::uint64_t{256} << 20;

// Plays `range` and returns the file: a .glb, or a .gltf with its buffer embedded. `name` names the
// animation. With `with_meshes`, a skeleton imported from a glTF file is written into that file, so
// its meshes, materials and textures come along (its own animations do not). Throws InputError.
std::string ExportGltf(const DumpInput& input, const FrameRange& range, const std::string& name,
                       GltfContainer container, bool with_meshes);

}  // namespace anim::dump
