// Writing a skeleton and its clips as a glTF 2.0 file (docs/import.md, "Writing glTF"): the skeleton
// becomes a skin whose joints are nodes (TRS, or a `matrix` where asked) with its inverse bind
// matrices, every clip an animation with one sampler per channel (LINEAR, STEP or CUBICSPLINE) over
// its key frames. The bytes are made in memory and depend only on the inputs; writing them to files
// is the caller's (the tools' one output policy, docs/cli.md "Output files").
//
// What `ImportGltf` reads back: the same bone names, parents, bind pose and inverse binds, and clips
// whose key frames are the written keys (at the source rate) wherever the source had a key.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "compiler/export/gltf_host.h"
#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"

namespace anim {

enum class GltfContainer {
  Glb,           // one binary .glb: the JSON chunk and the buffer as its BIN chunk
  GltfEmbedded,  // one .gltf JSON, the buffer inline as a base64 `data:` URI
  GltfExternal,  // a .gltf JSON and the buffer as a separate file (GltfWriteOptions::buffer_uri)
};

enum class GltfInterpolation { Linear, Step, CubicSpline };

enum class GltfChannel { Translation, Rotation, Scale };

struct GltfWriteOptions {
  GltfContainer container = GltfContainer::Glb;
  // GltfExternal: the buffer's file name, beside the .gltf (letters, digits, '-', '_' and '.'; not
  // starting with '.'), written to the URI as it is.
  std::string buffer_uri;
  // Every channel's sampler, unless `channel_interpolation` is set and picks one per channel.
  GltfInterpolation interpolation = GltfInterpolation::Linear;
  std::function<GltfInterpolation(int clip, int bone, GltfChannel channel)> channel_interpolation;
  // Bones whose node is written as a column-major `matrix` (the bind-pose local composed in double
  // precision) instead of translation, rotation and scale. glTF animates TRS only, so no clip may
  // track such a bone.
  std::vector<int> matrix_bones;
  // Time of every animation's first key, in seconds (an importer shifts a late start back to 0).
  double start_time = 0.0;
  // The file the skeleton came from (compiler/export/gltf_host.h), to write the clips into instead
  // of a new document: its nodes, meshes and materials stay, its animations make way for the clips,
  // whose channels target the skin's joint nodes. Not with matrix_bones.
  const GltfHost* host = nullptr;
};

// The written file: `document` is the .glb or .gltf; `buffer` is the .bin (GltfExternal only,
// empty otherwise), to be written as options.buffer_uri beside the document.
struct GltfFiles {
  std::string document;
  std::string buffer;
};

// Every clip must be bound to `skeleton` (its content hash). Joints are the skeleton's bones in order
// (node i is bone i, named after it; root bones are the scene's nodes); an animation per clip, in
// order, named after it, keyed at frame k's time start_time + k / sample_rate, with a translation,
// rotation and scale channel for every tracked bone (rotations kept in one hemisphere key to key).
// CUBICSPLINE tangents are finite differences of the neighbouring keys (one-sided at the ends), in
// units per second as glTF specifies. Returns nothing and sets `error` for a clip of another
// skeleton, an animated matrix bone, a bone index out of range, a bad buffer URI, non-finite data, a
// negative or non-finite start time, or a buffer too large for the container (4 GiB).
std::optional<GltfFiles> WriteGltf(const Skeleton& skeleton, const std::vector<const Clip*>& clips,
                                   const GltfWriteOptions& options, std::string& error);

}  // namespace anim
