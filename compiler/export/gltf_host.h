// The glTF file a skeleton was imported from, made ready to carry a new animation, so that what
// `anim-dump export` writes is the character itself, meshes, materials and textures, playing the
// graph's output (docs/cli.md, "anim-dump export"). Its buffers are merged into one and its images
// embedded, so the result is one self-contained file; its own animations are left out, and the data
// only they used (gltf_prune.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "compiler/import/node_transform.h"
#include "executor/math/transform.h"
#include "executor/pose/skeleton.h"

namespace anim {

struct GltfHost {
  std::string json;                  // the document without "animations"; "buffers" is one, its views rebased
  std::string bytes;                 // that buffer: the file's buffers, then its images
  std::vector<int> bone_nodes;       // the node of each bone of the skeleton
  std::vector<gltf::DMat4> unfolds;  // per bone: undoes the nodes folded into its local (import)
  std::vector<char> folded;          // per bone: whether its unfold is not the identity

  // What node `bone`'s local must be for the bone's local to be `local` (the importer folds
  // non-joint ancestors into a bone; this takes them out again).
  Transform NodeLocal(int bone, const Transform& local) const;
};

// Reads skin `skin` of the glTF file at `path` as the host of an animation of `skeleton`, which
// must be that skin as imported (the same bones, names and parents). Sets `error` for a file that
// does not read, a skin that is not the skeleton, or an image or buffer that cannot be embedded.
std::optional<GltfHost> ReadGltfHost(const std::string& path, int skin, const Skeleton& skeleton,
                                     std::string& error);

}  // namespace anim
