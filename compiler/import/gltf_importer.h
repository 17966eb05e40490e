// Importing a glTF 2.0 file (.gltf or .glb): one skin becomes a Skeleton, every animation a Clip
// resampled at a uniform rate (docs/import.md). Problems are compiler diagnostics with codes I2xx
// and the file name (no line numbers: .glb is binary); nothing is returned when any error occurs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compiler/diag/diagnostics.h"
#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"

namespace anim {

inline constexpr double kMaxGltfSampleRate = 10000.0;
// A source's own key rate is used up to this (denser sources are thinned to it) ...
inline constexpr double kMaxSourceKeyRate = 240.0;
// ... and an animation whose tracks hold one key each (no key rate of its own) gets this one.
inline constexpr double kFallbackGltfSampleRate = 30.0;

struct GltfImportOptions {
  int skin = 0;  // which skin of the file becomes the skeleton
  // Target key rate in Hz, adjusted per clip to span it exactly. 0: each animation's own key rate
  // (gltf::SourceKeyRate), so every source key lands on a frame.
  double sample_rate = 0.0;
  std::string skeleton_name;  // empty: the file's stem
  // Key data all the file's clips together may hold (a graph passes what its budget has left).
  std::uint64_t max_key_bytes = std::uint64_t{1} << 30;
};

// What happened to one animation on the way to its clip.
struct GltfClipReport {
  std::string source_name;  // the animation's name in the file (may be empty)
  int animation_index = 0;
  double source_start = 0.0;        // its earliest key time; the clip starts there
  double max_position_error = 0.0;  // model-space resampling error at the source key times
  int skipped_channels = 0;         // morph weights and non-joint targets
};

struct GltfImport {
  Skeleton skeleton;
  std::vector<Clip> clips;              // one per animation, in file order, uniquely named
  std::vector<GltfClipReport> reports;  // parallel to `clips`
  std::vector<int> bone_nodes;          // the glTF node of each bone
  double bind_height = 0.0;             // largest extent of the bind-pose joint positions
};

std::optional<GltfImport> ImportGltf(const std::string& path, const GltfImportOptions& options,
                                     DiagnosticSink& diagnostics);

}  // namespace anim
