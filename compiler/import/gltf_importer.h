// Importing a glTF 2.0 file (.gltf or .glb): one skin becomes a Skeleton, every animation a Clip
// resampled at a uniform rate (docs/import.md). Problems are compiler diagnostics with codes I2xx
// and the file name (no line numbers: .glb is binary); nothing is returned when any error occurs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compiler/clips/clip_encoding.h"
#include "compiler/diag/diagnostics.h"
#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"

namespace anim {

inline constexpr double kMaxGltfSampleRate = 10000.0;
// A source's own key rate is used up to this (denser sources are thinned to it) ...
inline constexpr double kMaxSourceKeyRate = 240.0;
// ... and an animation whose tracks hold one key each (no key rate of its own) gets this one.
// Following the source between keys, a rate is raised up to this.
inline constexpr double kMaxFollowingKeyRate = 960.0;
inline constexpr double kFallbackGltfSampleRate = 30.0;
// The curves a file's morph weights may make, all animations together: programs index a pose's
// curves with 16 bits, and a few bytes of JSON (many nodes showing one mesh of many targets) must
// not make millions of curves.
inline constexpr std::size_t kMaxGltfMorphCurves = 65535;

struct GltfImportOptions {
  int skin = 0;  // which skin of the file becomes the skeleton
  // Target key rate in Hz, adjusted per clip to span it exactly. 0: each animation's own key rate
  // (gltf::SourceKeyRate), so every source key lands on a frame, doubled while the clip strays
  // from the source between keys by more than half the precision (up to kMaxFollowingKeyRate)
  // unless `follow_source` is off.
  double sample_rate = 0.0;
  bool follow_source = true;
  std::string skeleton_name;  // empty: the file's stem
  // Key data all the file's clips together may hold in their dense form (a graph passes what its
  // budget has left).
  std::uint64_t max_key_bytes = std::uint64_t{1} << 30;
  ClipEncodingOptions encoding;  // how the clips are held, and the precision they keep
  bool measure = false;          // measure each clip against its source (GltfClipReport::encoding)
  bool keep_dense = false;       // also return the dense clips (GltfImport::dense_clips)
  // Foot bones whose foot-downs become sync markers foot_l and foot_r (compiler/import/foot_markers.h),
  // in that order; empty: none. A marker of either name the file gives is replaced.
  std::vector<std::string> marker_feet;
};

// What happened to one animation on the way to its clip.
struct GltfClipReport {
  std::string source_name;  // the animation's name in the file (may be empty)
  int animation_index = 0;
  double source_start = 0.0;     // its earliest key time; the clip starts there
  double source_key_rate = 0.0;  // the rate the keys were first taken at (or the one asked for)
  double dense_error = 0.0;      // the dense clip's worst error against the source, at the final rate
  int skipped_channels = 0;      // non-joint targets, and morph weights of nodes without morph targets
  int morph_channels = 0;        // morph-weight channels imported ...
  int curves = 0;                // ... as this many curves (one per morph target)
  ClipEncodingReport encoding;   // bytes and track counts; the accuracy only with `measure`
};

struct GltfImport {
  Skeleton skeleton;
  std::vector<Clip> clips;              // one per animation, in file order, uniquely named
  std::vector<Clip> dense_clips;        // their dense form, with `keep_dense`
  std::vector<GltfClipReport> reports;  // parallel to `clips`
  std::vector<int> bone_nodes;          // the glTF node of each bone
  double bind_height = 0.0;             // SkeletonHeight: what errors are read against
};

std::optional<GltfImport> ImportGltf(const std::string& path, const GltfImportOptions& options,
                                     DiagnosticSink& diagnostics);

}  // namespace anim
