#include "compiler/direct/direct_blend_space.h"

#include <algorithm>
#include <limits>
#include <set>

namespace anim::direct {
namespace {

// Twice the signed area of (a, b, c).
template <typename P>
double Area(P a, P b, P c) {
  return (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
}

}  // namespace

DirectBlendSpace::DirectBlendSpace(const BlendSpaceDesc& desc) {
  for (std::size_t i = 0; i + 1 < desc.positions.size(); i += 2)
    points_.push_back({desc.positions[i], desc.positions[i + 1]});
  corners_.assign(desc.triangles.begin(), desc.triangles.end());
  // An edge is on the boundary when no other triangle has it (in either direction).
  std::multiset<std::pair<int, int>> undirected;
  for (std::size_t t = 0; t + 2 < corners_.size(); t += 3)
    for (std::size_t k = 0; k < 3; ++k) {
      const int a = corners_[t + k], b = corners_[t + (k + 1) % 3];
      undirected.insert({std::min(a, b), std::max(a, b)});
    }
  for (std::size_t t = 0; t + 2 < corners_.size(); t += 3)
    for (std::size_t k = 0; k < 3; ++k) {
      const int a = corners_[t + k], b = corners_[t + (k + 1) % 3];
      if (undirected.count({std::min(a, b), std::max(a, b)}) == 1) boundary_.push_back({a, b});
    }
  min_x_ = max_x_ = points_[0].x;
  min_y_ = max_y_ = points_[0].y;
  for (const Point& p : points_) {
    min_x_ = std::min(min_x_, p.x), max_x_ = std::max(max_x_, p.x);
    min_y_ = std::min(min_y_, p.y), max_y_ = std::max(max_y_, p.y);
  }
  const double grow = 1000.0 * std::max(max_x_ - min_x_, max_y_ - min_y_);
  min_x_ -= grow, max_x_ += grow, min_y_ -= grow, max_y_ += grow;
  weights_.assign(points_.size(), 0.0);
}

float DirectBlendSpace::Weight(int sample, float x, float y) {
  if (!computed_ || x != last_x_ || y != last_y_) {
    Compute(std::clamp(double{x}, min_x_, max_x_), std::clamp(double{y}, min_y_, max_y_));
    last_x_ = x, last_y_ = y, computed_ = true;
  }
  return static_cast<float>(weights_[static_cast<std::size_t>(sample)]);
}

void DirectBlendSpace::Compute(double x, double y) {
  std::fill(weights_.begin(), weights_.end(), 0.0);
  const Point p{x, y};
  // Barycentric weights are the areas of the sub-triangles the point makes with each edge.
  std::size_t best = corners_.size();
  double best_smallest = -std::numeric_limits<double>::infinity(), best_w[3] = {0, 0, 0};
  for (std::size_t t = 0; t + 2 < corners_.size(); t += 3) {
    const Point a = At(corners_[t]), b = At(corners_[t + 1]), c = At(corners_[t + 2]);
    const double whole = Area(a, b, c);
    const double w[3] = {Area(p, b, c) / whole, Area(a, p, c) / whole, Area(a, b, p) / whole};
    const double smallest = std::min({w[0], w[1], w[2]});
    if (smallest > best_smallest) {
      best = t, best_smallest = smallest;
      std::copy(w, w + 3, best_w);
    }
  }
  if (best_smallest >= -1e-9 || boundary_.empty()) {
    double sum = 0.0;
    for (double& w : best_w)
      sum += (w = std::max(w, 0.0));
    for (std::size_t k = 0; k < 3; ++k)
      weights_[static_cast<std::size_t>(corners_[best + k])] += best_w[k] / sum;
    return;
  }
  // Outside the hull: the closest point of the boundary splits its edge's weight between the ends.
  double nearest = std::numeric_limits<double>::infinity(), share = 0.0;
  std::pair<int, int> edge;
  for (const auto& [a, b] : boundary_) {
    const Point pa = At(a), pb = At(b);
    const double ex = pb.x - pa.x, ey = pb.y - pa.y;
    const double s = std::clamp(((x - pa.x) * ex + (y - pa.y) * ey) / (ex * ex + ey * ey), 0.0, 1.0);
    const double dx = pa.x + s * ex - x, dy = pa.y + s * ey - y;
    const double distance = dx * dx + dy * dy;
    if (distance < nearest) nearest = distance, share = s, edge = {a, b};
  }
  weights_[static_cast<std::size_t>(edge.first)] += 1.0 - share;
  weights_[static_cast<std::size_t>(edge.second)] += share;
}

}  // namespace anim::direct
