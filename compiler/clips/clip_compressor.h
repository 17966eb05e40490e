// Compression of a dense clip into the compressed encoding (executor/pose/clip_keys.h), driven by
// the model-space error of clip_precision.h: each track is classified as default (the bind pose),
// constant or animated, and each animated track gets the smallest key format (8-bit components, one
// 32-bit word split per component by its range, 16-bit or float components) that keeps every bone
// within the bound at every key
// (docs/asset-formats.md, "Clip encodings").
#pragma once

#include <array>

#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"

namespace anim {

struct CompressionOutcome {
  int default_tracks = 0;
  int constant_tracks = 0;
  std::array<int, 4> animated_tracks{};  // by KeyFormat
  // The worst error at the keys against the dense clip, where it is (bone, frame), and whether it
  // is within the bound (only a bound below float rounding is not).
  double worst_error = 0.0;
  int worst_bone = 0;
  int worst_frame = 0;
  bool within_bound = true;
};

// A compressed copy of `clip` (of `skeleton`) whose every key is within `bound` of the dense key by
// the metric of pose_error.h, virtual vertices at `shell`. A clip already compressed is copied.
Clip CompressClip(const Clip& clip, const Skeleton& skeleton, double shell, double bound,
                  CompressionOutcome* outcome = nullptr);

}  // namespace anim
