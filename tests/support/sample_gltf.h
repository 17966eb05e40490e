// The sample rigs (samples/humanoid, samples/litmus) loaded from their documents, and written as glTF
// files by compiler/export's writer: the glTF files tests import when they must not depend on the
// third-party assets (ANIMTC_GLTF_ASSETS).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "compiler/export/gltf_writer.h"
#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"

namespace anim::test {

struct SampleRig {
  Skeleton skeleton;
  std::vector<Clip> clips;  // the folder's clip documents, in file name order

  std::vector<const Clip*> ClipPointers() const;
};

// samples/<folder>/skeleton.yaml and every samples/<folder>/*.json. Throws std::runtime_error with
// the diagnostics when a document does not load.
SampleRig LoadSampleRig(const std::string& folder);

// WriteGltf, then the document at `path` and, for GltfExternal, the buffer beside it. Throws
// std::runtime_error when the writer refuses or a file cannot be written.
void WriteGltfFile(const std::filesystem::path& path, const Skeleton& skeleton,
                   const std::vector<const Clip*>& clips, const GltfWriteOptions& options);

// The humanoid rig and all its clips (LINEAR samplers) as a .glb at `path`: a small real glTF file
// (71 joints, 7 animations) for tests of the tools.
void WriteHumanoidGlb(const std::filesystem::path& path);

}  // namespace anim::test
