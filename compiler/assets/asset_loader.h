// Loading skeleton and clip documents (JSON or YAML, see docs/asset-formats.md) into runtime assets.
// Every problem in a document is reported to the sink with its file, line and column; when any
// error is found nothing is returned, so an asset is never half-loaded.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "compiler/diag/diagnostics.h"
#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"

namespace anim {

std::optional<Skeleton> LoadSkeletonFile(const std::string& path, DiagnosticSink& diagnostics);
std::optional<Skeleton> ParseSkeleton(std::string_view text, const std::string& file_name,
                                      DiagnosticSink& diagnostics);

// Key data one clip may hold, and all the clips of one graph together: a small file must not be
// able to ask for an unbounded allocation (frame_count: 1e15).
inline constexpr std::uint64_t kMaxClipKeyBytes = 1ull << 30;

// How a graph holds its clips, over what each document says (docs/graph-format.md).
struct ClipEncodingOverride {
  std::optional<ClipEncoding> encoding;  // the document's own `encoding` when absent
  double precision = 0.0;                // the document's own `precision` when 0
};

// Clips are bound to the skeleton they are loaded against: every track must name one of its bones.
// `max_key_bytes` is what the clip may hold in its dense form (a graph passes what its budget has
// left). The clip comes back in the encoding its document (or `held_as`) asks for, compressed when
// neither says (docs/asset-formats.md, "Clip encodings").
std::optional<Clip> LoadClipFile(const std::string& path, const Skeleton& skeleton,
                                 DiagnosticSink& diagnostics, std::uint64_t max_key_bytes = kMaxClipKeyBytes,
                                 const ClipEncodingOverride& held_as = {});
std::optional<Clip> ParseClip(std::string_view text, const std::string& file_name, const Skeleton& skeleton,
                              DiagnosticSink& diagnostics, std::uint64_t max_key_bytes = kMaxClipKeyBytes,
                              const ClipEncodingOverride& held_as = {});

}  // namespace anim
