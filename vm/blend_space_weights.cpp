#include "vm/blend_space_weights.h"

#include <algorithm>
#include <map>
#include <utility>

namespace anim {

BoundBlendSpace::BoundBlendSpace(const BlendSpaceDesc& desc)
    : sample_count_(static_cast<int>(desc.sample_count())) {
  auto x = [&](uint16_t s) { return double{desc.positions[2 * std::size_t{s}]}; };
  auto y = [&](uint16_t s) { return double{desc.positions[2 * std::size_t{s} + 1]}; };

  std::map<std::pair<uint16_t, uint16_t>, int> edge_uses;  // undirected edge -> triangles using it
  for (std::size_t t = 0; t + 2 < desc.triangles.size(); t += 3) {
    const uint16_t* c = &desc.triangles[t];
    // Verified: counter-clockwise with an area, so the division is safe.
    const double inverse_area = 1.0 / TwiceTriangleArea(desc, c);
    const double ux = x(c[1]) - x(c[0]), uy = y(c[1]) - y(c[0]);
    const double vx = x(c[2]) - x(c[0]), vy = y(c[2]) - y(c[0]);
    Triangle tri{};
    std::copy(c, c + 3, tri.corner);
    tri.x0 = x(c[0]);
    tri.y0 = y(c[0]);
    // Cramer's rule on d = s u + t v: s = (d x v) / (u x v), t = (u x d) / (u x v).
    tri.du[1] = vy * inverse_area;
    tri.dv[1] = -vx * inverse_area;
    tri.du[2] = -uy * inverse_area;
    tri.dv[2] = ux * inverse_area;
    triangles_.push_back(tri);
    for (int k = 0; k < 3; ++k) {
      const uint16_t a = c[k], b = c[(k + 1) % 3];
      ++edge_uses[{std::min(a, b), std::max(a, b)}];
    }
  }
  // The hull's edges are those of one triangle only, taken in the direction that triangle has them.
  for (std::size_t t = 0; t + 2 < desc.triangles.size(); t += 3) {
    for (int k = 0; k < 3; ++k) {
      const uint16_t a = desc.triangles[t + static_cast<std::size_t>(k)];
      const uint16_t b = desc.triangles[t + static_cast<std::size_t>((k + 1) % 3)];
      if (edge_uses[{std::min(a, b), std::max(a, b)}] != 1) continue;
      const double dx = x(b) - x(a), dy = y(b) - y(a);
      hull_.push_back(Edge{a, b, x(a), y(a), dx, dy, 1.0 / (dx * dx + dy * dy)});
    }
  }

  double min_x = x(0), max_x = min_x, min_y = y(0), max_y = min_y;
  for (uint16_t s = 0; s < sample_count_; ++s) {
    min_x = std::min(min_x, x(s)), max_x = std::max(max_x, x(s));
    min_y = std::min(min_y, y(s)), max_y = std::max(max_y, y(s));
  }
  const double margin = 1000.0 * BlendSpaceExtent(desc);
  min_x_ = min_x - margin, max_x_ = max_x + margin;
  min_y_ = min_y - margin, max_y_ = max_y + margin;
}

void BoundBlendSpace::Weights(float x_in, float y_in, std::span<float> weights) const {
  std::fill(weights.begin(), weights.end(), 0.0f);
  const double x = std::clamp(double{x_in}, min_x_, max_x_);
  const double y = std::clamp(double{y_in}, min_y_, max_y_);

  // The triangle the point is most inside of: the one whose smallest weight is largest. A point on
  // a shared edge is in both, with the same weights; a point outside every one is outside the hull.
  const Triangle* best = nullptr;
  double best_min = 0.0, best_w[3] = {0.0, 0.0, 0.0};
  for (const Triangle& tri : triangles_) {
    const double dx = x - tri.x0, dy = y - tri.y0;
    const double w1 = dx * tri.du[1] + dy * tri.dv[1];
    const double w2 = dx * tri.du[2] + dy * tri.dv[2];
    const double w0 = 1.0 - w1 - w2;
    const double smallest = std::min({w0, w1, w2});
    if (best == nullptr || smallest > best_min) {
      best = &tri, best_min = smallest;
      best_w[0] = w0, best_w[1] = w1, best_w[2] = w2;
      if (smallest >= 0.0) break;
    }
  }
  // Rounding leaves a point on the hull a hair outside every triangle: that is still inside. (A
  // verified layout whose every edge is shared has no hull: its best triangle answers too.)
  constexpr double kOnEdge = -1e-9;
  if (best != nullptr && (best_min >= kOnEdge || hull_.empty())) {
    double sum = 0.0;
    for (double& w : best_w)
      sum += (w = std::max(w, 0.0));
    for (int k = 0; k < 3; ++k)
      weights[best->corner[k]] += static_cast<float>(best_w[k] / sum);
    return;
  }

  // Outside: the nearest point of the hull, on the edge whose clamped projection is closest.
  const Edge* nearest = nullptr;
  double nearest_t = 0.0, nearest_d2 = 0.0;
  for (const Edge& e : hull_) {
    const double t = std::clamp(((x - e.ax) * e.dx + (y - e.ay) * e.dy) * e.inverse_length2, 0.0, 1.0);
    const double px = e.ax + t * e.dx - x, py = e.ay + t * e.dy - y;
    const double d2 = px * px + py * py;
    if (nearest == nullptr || d2 < nearest_d2) nearest = &e, nearest_t = t, nearest_d2 = d2;
  }
  weights[nearest->a] += static_cast<float>(1.0 - nearest_t);
  weights[nearest->b] += static_cast<float>(nearest_t);
}

}  // namespace anim
