// How far a clip, sampled as the runtime samples it, strays from the source it was made from: the
// metric of clip_precision.h at every key and at several times between each two keys (where a game
// samples almost every frame).
#pragma once

#include <functional>
#include <vector>

#include "compiler/direct/direct_math.h"
#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"

namespace anim {

// The worst error over a set of times, and where it is.
struct ClipErrorAt {
  double joint = 0.0;   // largest joint distance
  double vertex = 0.0;  // largest virtual vertex distance
  int bone = 0;         // the bone and clip time of the larger of the two
  double time = 0.0;
  double Worst() const { return joint > vertex ? joint : vertex; }
};

struct ClipAccuracy {
  ClipErrorAt at_keys;
  ClipErrorAt between_keys;
  int times_between = 0;  // how many times between keys were measured
  double Worst() const {
    return at_keys.Worst() > between_keys.Worst() ? at_keys.Worst() : between_keys.Worst();
  }
};

// A clip's source: the model matrix of every bone at clip time `time` (seconds from the clip's
// first key).
using ClipSource = std::function<void(double time, std::vector<direct::DMat4>& model)>;

// Samples `clip` with the runtime's kernel at every key and at up to `per_interval` fixed fractions
// of each interval between keys (fewer for a very long clip, at least one), poses it in double and
// measures it against `source`, virtual vertices at `shell`.
ClipAccuracy MeasureClipAccuracy(const Clip& clip, const Skeleton& skeleton, double shell,
                                 const ClipSource& source, int per_interval = 5);

// A dense clip's keys as a source of their own, which is what a clip document means: between keys
// translations and scales lerp and rotations nlerp toward the earlier key's hemisphere, in double;
// stepping channels hold the earlier key.
ClipSource DenseKeysSource(const Clip& dense, const Skeleton& skeleton);

}  // namespace anim
