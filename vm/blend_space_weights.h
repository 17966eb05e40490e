// The runtime half of a 2D blend space (docs/semantics.md, blend_space_2d): the compiler's triangles
// turned into barycentric coefficients once at bind time, and each sample's weight at (x, y). Inside
// the hull the weights are barycentric in the triangle holding the point; outside, the point is
// moved to the nearest point of the hull, where two neighbouring samples share the weight.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "vm/bytecode/program.h"

namespace anim {

class BoundBlendSpace {
 public:
  explicit BoundBlendSpace(const BlendSpaceDesc& desc);

  int sample_count() const { return sample_count_; }
  // Every sample's weight at (x, y) into `weights` (sample_count() of them): at most three are not
  // zero, and they sum to 1. Finite inputs give finite weights whatever their size.
  void Weights(float x, float y, std::span<float> weights) const;

 private:
  // Corner k's weight is 1 - the others' for k = 0, and dx * du[k] + dy * dv[k] for k = 1, 2, where
  // (dx, dy) is the point less corner 0. In double: the coefficients of a thin triangle are large
  // and their terms cancel, which float would round to nonsense (the weights are worked out only
  // when the point moves, so the precision costs little).
  struct Triangle {
    uint16_t corner[3];
    double x0, y0;
    double du[3], dv[3];
  };
  // A hull edge from sample a to sample b, counter-clockwise round the hull.
  struct Edge {
    uint16_t a, b;
    double ax, ay, dx, dy, inverse_length2;
  };

  int sample_count_ = 0;
  std::vector<Triangle> triangles_;
  std::vector<Edge> hull_;
  // Inputs are clamped into the samples' bounding box grown by a thousand times its size: far
  // enough that the nearest hull point does not change in practice, near enough that no product
  // overflows.
  double min_x_ = 0.0, max_x_ = 0.0, min_y_ = 0.0, max_y_ = 0.0;
};

}  // namespace anim
