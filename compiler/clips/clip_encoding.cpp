#include "compiler/clips/clip_encoding.h"

#include <algorithm>

namespace anim {

std::string_view EncodingName(ClipEncoding encoding) {
  return encoding == ClipEncoding::Dense ? "dense" : "compressed";
}

std::optional<ClipEncoding> ParseEncoding(std::string_view name) {
  if (name == "dense") return ClipEncoding::Dense;
  if (name == "compressed") return ClipEncoding::Compressed;
  return std::nullopt;
}

ClipPrecision PrecisionFor(const ClipEncodingOptions& options, const Skeleton& skeleton) {
  ClipPrecision precision = DefaultClipPrecision(SkeletonHeight(skeleton));
  if (options.precision > 0.0) precision.precision = options.precision;
  return precision;
}

Clip EncodeClip(const Clip& dense, const Skeleton& skeleton, const ClipEncodingOptions& options,
                double source_error, const ClipSource& source, ClipEncodingReport* report) {
  const ClipPrecision precision = PrecisionFor(options, skeleton);
  // The dense error may already use up most of the precision; the keys then stay within a tenth
  // of it, which the error report shows against the source.
  const double bound = 0.95 * std::max(precision.precision - source_error, 0.1 * precision.precision);
  CompressionOutcome outcome;
  Clip clip = options.encoding == ClipEncoding::Compressed
                  ? CompressClip(dense, skeleton, precision.shell, bound, &outcome)
                  : dense;
  // A bound finer than float keys can hold (a precision of 1e-12) keeps the clip dense: exact.
  if (!outcome.within_bound) clip = dense;
  if (report != nullptr) {
    report->encoding = clip.encoding();
    report->bytes = clip.key_bytes();
    report->dense_bytes = dense.key_bytes();
    report->height = SkeletonHeight(skeleton);
    report->precision = precision;
    report->compression_bound = options.encoding == ClipEncoding::Compressed ? bound : 0.0;
    report->compression = outcome;
    report->accuracy = MeasureClipAccuracy(clip, skeleton, precision.shell, source);
  }
  return clip;
}

}  // namespace anim
