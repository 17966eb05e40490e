// Loading skeleton and clip documents (JSON or YAML, see docs/asset-formats.md) into runtime assets.
// Every problem in a document is reported to the sink with its file, line and column; when any
// error is found nothing is returned, so an asset is never half-loaded.
#pragma once

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

// Clips are bound to the skeleton they are loaded against: every track must name one of its bones.
std::optional<Clip> LoadClipFile(const std::string& path, const Skeleton& skeleton, DiagnosticSink& diagnostics);
std::optional<Clip> ParseClip(std::string_view text, const std::string& file_name, const Skeleton& skeleton,
                              DiagnosticSink& diagnostics);

}  // namespace anim
