// Direct evaluation's 2D blend space weights (docs/semantics.md, blend_space_2d), written again
// from the definition in double precision, apart from the VM's (vm/blend_space_weights.h): the
// triangle holding the point by signed areas, else the nearest point on the hull's boundary, whose
// edges are found here from the triangles again.
#pragma once

#include <vector>

#include "compiler/ir/ir.h"  // BlendSpaceDesc: the IR's blend space table

namespace anim::direct {

class DirectBlendSpace {
 public:
  explicit DirectBlendSpace(const BlendSpaceDesc& desc);

  // Sample `sample`'s weight at (x, y). The weights of every sample are worked out together and
  // kept until (x, y) changes.
  float Weight(int sample, float x, float y);

 private:
  struct Point {
    double x, y;
  };
  void Compute(double x, double y);
  Point At(int sample) const { return points_[static_cast<std::size_t>(sample)]; }

  std::vector<Point> points_;
  std::vector<int> corners_;                   // three per triangle
  std::vector<std::pair<int, int>> boundary_;  // hull edges
  double min_x_, max_x_, min_y_, max_y_;       // the input clamp (the samples' box, grown)
  std::vector<double> weights_;
  float last_x_ = 0.0f, last_y_ = 0.0f;
  bool computed_ = false;
};

}  // namespace anim::direct
