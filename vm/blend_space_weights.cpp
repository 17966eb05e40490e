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
    tri.x0 = static_cast<float>(x(c[0]));
    tri.y0 = static_cast<float>(y(c[0]));
    // Cramer's rule on d = s u + t v: s = (d x v) / (u x v), t = (u x d) / (u x v).
    tri.du[1] = static_cast<float>(vy * inverse_area);
    tri.dv[1] = static_cast<float>(-vx * inverse_area);
    tri.du[2] = static_cast<float>(-uy * inverse_area);
    tri.dv[2] = static_cast<float>(ux * inverse_area);
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
      hull_.push_back(Edge{a, b, static_cast<float>(x(a)), static_cast<float>(y(a)), static_cast<float>(dx),
                           static_cast<float>(dy), static_cast<float>(1.0 / (dx * dx + dy * dy))});
    }
  }

  double min_x = x(0), max_x = min_x, min_y = y(0), max_y = min_y;
  for (uint16_t s = 0; s < sample_count_; ++s) {
    min_x = std::min(min_x, x(s)), max_x = std::max(max_x, x(s));
    min_y = std::min(min_y, y(s)), max_y = std::max(max_y, y(s));
  }
  const double margin = 1000.0 * BlendSpaceExtent(desc);
  min_x_ = static_cast<float>(min_x - margin), max_x_ = static_cast<float>(max_x + margin);
  min_y_ = static_cast<float>(min_y - margin), max_y_ = static_cast<float>(max_y + margin);
}

void BoundBlendSpace::Weights(float x, float y, std::span<float> weights) const {
  std::fill(weights.begin(), weights.end(), 0.0f);
  x = std::clamp(x, min_x_, max_x_);
  y = std::clamp(y, min_y_, max_y_);

  // The triangle the point is most inside of: the one whose smallest weight is largest. A point on
  // a shared edge is in both, with the same weights; a point outside every one is outside the hull.
  const Triangle* best = nullptr;
  float best_min = 0.0f, best_w[3] = {0.0f, 0.0f, 0.0f};
  for (const Triangle& tri : triangles_) {
    const float dx = x - tri.x0, dy = y - tri.y0;
    const float w1 = dx * tri.du[1] + dy * tri.dv[1];
    const float w2 = dx * tri.du[2] + dy * tri.dv[2];
    const float w0 = 1.0f - w1 - w2;
    const float smallest = std::min({w0, w1, w2});
    if (best == nullptr || smallest > best_min) {
      best = &tri, best_min = smallest;
      best_w[0] = w0, best_w[1] = w1, best_w[2] = w2;
      if (smallest >= 0.0f) break;
    }
  }
  // Rounding leaves a point on the hull a hair outside every triangle: that is still inside. (A
  // verified layout whose every edge is shared has no hull: its best triangle answers too.)
  constexpr float kOnEdge = -1e-5f;
  if (best != nullptr && (best_min >= kOnEdge || hull_.empty())) {
    float sum = 0.0f;
    for (float& w : best_w)
      sum += (w = std::max(w, 0.0f));
    for (int k = 0; k < 3; ++k)
      weights[best->corner[k]] += best_w[k] / sum;
    return;
  }

  // Outside: the nearest point of the hull, on the edge whose clamped projection is closest.
  const Edge* nearest = nullptr;
  float nearest_t = 0.0f, nearest_d2 = 0.0f;
  for (const Edge& e : hull_) {
    const float t = std::clamp(((x - e.ax) * e.dx + (y - e.ay) * e.dy) * e.inverse_length2, 0.0f, 1.0f);
    const float px = e.ax + t * e.dx - x, py = e.ay + t * e.dy - y;
    const float d2 = px * px + py * py;
    if (nearest == nullptr || d2 < nearest_d2) nearest = &e, nearest_t = t, nearest_d2 = d2;
  }
  weights[nearest->a] += 1.0f - nearest_t;
  weights[nearest->b] += nearest_t;
}

}  // namespace anim
