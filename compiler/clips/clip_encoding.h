// Holding a clip in the encoding asked for (docs/asset-formats.md, "Clip encodings"): what clip
// documents, graphs and the importer call once they have a dense clip and know its source.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "compiler/clips/clip_accuracy.h"
#include "compiler/clips/clip_compressor.h"
#include "compiler/clips/clip_precision.h"

namespace anim {

struct ClipEncodingOptions {
  ClipEncoding encoding = ClipEncoding::Compressed;
  double precision = 0.0;  // skeleton units; 0: the default for the skeleton's height
};

// "dense" or "compressed", and back (nullopt for anything else).
std::string_view EncodingName(ClipEncoding encoding);
std::optional<ClipEncoding> ParseEncoding(std::string_view name);

// What encoding a clip did: its bytes against the dense form's, the compressor's track counts, and
// its error against its source.
struct ClipEncodingReport {
  ClipEncoding encoding = ClipEncoding::Dense;
  std::size_t bytes = 0;
  std::size_t dense_bytes = 0;
  double height = 0.0;  // SkeletonHeight, which errors are read against
  ClipPrecision precision;
  double compression_bound = 0.0;  // what the compressor was allowed at the keys
  CompressionOutcome compression;  // compressed only
  ClipAccuracy accuracy;           // against the source, measured only when a report is asked for
};

// The precision options ask for, for this skeleton.
ClipPrecision PrecisionFor(const ClipEncodingOptions& options, const Skeleton& skeleton);

// `dense` in the encoding `options` ask for. Compressing, the keys may stray from the dense ones by
// what the precision leaves once the dense clip's own error against its source (`source_error`,
// measured by the caller) is taken off, less a twentieth for the interpolation between keys; a clip
// the compressor cannot bring within that stays dense. With a report, the result is measured
// against `source`.
Clip EncodeClip(const Clip& dense, const Skeleton& skeleton, const ClipEncodingOptions& options,
                double source_error, const ClipSource& source, ClipEncodingReport* report = nullptr);

}  // namespace anim
