#include "compiler/geometry/delaunay.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <utility>

namespace anim::geometry {
namespace {

// Twice the signed area of (a, b, c): positive when c is left of a -> b.
double Orient(const Point2& a, const Point2& b, const Point2& c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

// Positive when d is inside the circumcircle of the counter-clockwise triangle (a, b, c).
double InCircle(const Point2& a, const Point2& b, const Point2& c, const Point2& d) {
  const double ax = a.x - d.x, ay = a.y - d.y;
  const double bx = b.x - d.x, by = b.y - d.y;
  const double cx = c.x - d.x, cy = c.y - d.y;
  return (ax * ax + ay * ay) * (bx * cy - cx * by) - (bx * bx + by * by) * (ax * cy - cx * ay) +
         (cx * cx + cy * cy) * (ax * by - bx * ay);
}

class Triangulator {
 public:
  // Points are moved into the unit square first, so tolerances are plain numbers and no product
  // overflows or underflows whatever the units.
  explicit Triangulator(std::span<const Point2> points) {
    double min_x = points[0].x, max_x = points[0].x, min_y = points[0].y, max_y = points[0].y;
    for (const Point2& q : points) {
      min_x = std::min(min_x, q.x), max_x = std::max(max_x, q.x);
      min_y = std::min(min_y, q.y), max_y = std::max(max_y, q.y);
    }
    const double extent = std::max(max_x - min_x, max_y - min_y);
    const double scale = extent > 0.0 ? 1.0 / extent : 1.0;
    for (const Point2& q : points)
      p_.push_back({(q.x - min_x) * scale, (q.y - min_y) * scale});
  }

  Triangulation Run() {
    Triangulation out;
    if (FindDuplicate(out)) return out;
    std::vector<int> order(p_.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(),
              [&](int a, int b) { return std::pair(P(a).x, P(a).y) < std::pair(P(b).x, P(b).y); });
    const std::size_t apex = FirstOffLine(order);
    if (apex == order.size()) {
      out.status = Triangulation::Status::Collinear;
      return out;
    }
    StartFan(order, apex);
    for (std::size_t i = apex + 1; i < order.size(); ++i) {
      if (!AddOutside(order[i], out)) return out;
    }
    FlipUntilDelaunay();
    // A flip of a nearly flat quadrilateral, or a sweep bent by the tolerances, shows as a sliver or
    // as triangles that do not tile the hull: the thinnest triangle is then the one to name.
    const Triangle& thinnest =
        *std::min_element(triangles_.begin(), triangles_.end(), [&](const Triangle& x, const Triangle& y) {
          return Orient(P(x[0]), P(x[1]), P(x[2])) < Orient(P(y[0]), P(y[1]), P(y[2]));
        });
    if (!Left(thinnest[0], thinnest[1], thinnest[2]) || !TilesHull()) {
      out.status = Triangulation::Status::Thin;
      out.first = *std::min_element(thinnest.begin(), thinnest.end());
      out.third = *std::max_element(thinnest.begin(), thinnest.end());
      out.second = thinnest[0] + thinnest[1] + thinnest[2] - out.first - out.third;
      return out;
    }
    for (Triangle& t : triangles_)
      std::rotate(t.begin(), std::min_element(t.begin(), t.end()), t.end());
    std::sort(triangles_.begin(), triangles_.end());
    out.triangles = std::move(triangles_);
    return out;
  }

 private:
  const Point2& P(int i) const { return p_[static_cast<std::size_t>(i)]; }
  bool Left(int a, int b, int c) const { return Orient(P(a), P(b), P(c)) > kAreaEpsilon; }
  bool Right(int a, int b, int c) const { return Orient(P(a), P(b), P(c)) < -kAreaEpsilon; }

  bool FindDuplicate(Triangulation& out) const {
    for (std::size_t b = 0; b < p_.size(); ++b)
      for (std::size_t a = 0; a < b; ++a)
        if (std::hypot(p_[a].x - p_[b].x, p_[a].y - p_[b].y) <= kDuplicateDistance) {
          out.status = Triangulation::Status::Duplicate;
          out.first = static_cast<int>(a);
          out.second = static_cast<int>(b);
          return true;
        }
    return false;
  }

  // The position in `order` of the first point off the line through the first two: everything
  // before it is one collinear chain, sorted along the line.
  std::size_t FirstOffLine(const std::vector<int>& order) const {
    // By distance from the line, not area: the first two points may be very close together.
    const double length = std::hypot(P(order[1]).x - P(order[0]).x, P(order[1]).y - P(order[0]).y);
    for (std::size_t k = 2; k < order.size(); ++k)
      if (std::fabs(Orient(P(order[0]), P(order[1]), P(order[k]))) > kAreaEpsilon * length) return k;
    return order.size();
  }

  // The chain order[0 .. apex) and the point order[apex]: one triangle per chain segment.
  void StartFan(const std::vector<int>& order, std::size_t apex) {
    const int q = order[apex];
    const bool left = Left(order[0], order[apex - 1], q);
    for (std::size_t i = 0; i + 1 < apex; ++i) {
      const int a = order[i], b = order[i + 1];
      triangles_.push_back(left ? Triangle{a, b, q} : Triangle{b, a, q});
    }
    // The hull counter-clockwise: along the chain then to q, or to q then back along the chain.
    hull_.push_back(order[0]);
    if (left) {
      for (std::size_t i = 1; i < apex; ++i)
        hull_.push_back(order[i]);
      hull_.push_back(q);
    } else {
      hull_.push_back(q);
      for (std::size_t i = apex - 1; i >= 1; --i)
        hull_.push_back(order[i]);
    }
  }

  // Adds a point beyond the hull (every point comes after the hull's in x order): one triangle per
  // hull edge it sees, and it replaces the vertices between those edges on the hull. False (and
  // `out` Thin) when it sees none: it is on a hull edge within tolerance, which no triangle holds.
  bool AddOutside(int p, Triangulation& out) {
    const std::size_t n = hull_.size();
    auto visible = [&](std::size_t i) { return Right(hull_[i], hull_[(i + 1) % n], p); };
    // Start at an edge that is not visible, so the visible ones are one run after it.
    std::size_t start = 0;
    while (start < n && visible(start))
      ++start;
    std::size_t first = n, last = n;  // the run of visible edges, as edge indices
    for (std::size_t k = 1; k <= n; ++k) {
      const std::size_t i = (start + k) % n;
      if (!visible(i)) continue;
      if (first == n) first = i;
      last = i;
      triangles_.push_back({hull_[i], p, hull_[(i + 1) % n]});
    }
    if (first == n) {
      std::size_t nearest = 0;  // the edge it is on: the one it is least far outside of
      for (std::size_t i = 1; i < n; ++i)
        if (Orient(P(hull_[i]), P(hull_[(i + 1) % n]), P(p)) <
            Orient(P(hull_[nearest]), P(hull_[(nearest + 1) % n]), P(p)))
          nearest = i;
      std::array<int, 3> corners = {hull_[nearest], hull_[(nearest + 1) % n], p};
      std::sort(corners.begin(), corners.end());
      out.status = Triangulation::Status::Thin;
      out.first = corners[0], out.second = corners[1], out.third = corners[2];
      return false;
    }
    // Keep the vertices from the end of the run round to its start, then p.
    std::vector<int> hull;
    for (std::size_t i = (last + 1) % n;; i = (i + 1) % n) {
      hull.push_back(hull_[i]);
      if (i == first) break;
    }
    hull.push_back(p);
    hull_ = std::move(hull);
    return true;
  }

  // Lawson's flips: an edge whose opposite point lies inside a neighbour's circumcircle is swapped
  // for the other diagonal of their quadrilateral, until none does. The edges to look at wait on a
  // stack; a flip updates the edge owners in place and puts the quadrilateral's sides back on it.
  // Flips strictly improve the triangulation, so this ends; the cap only guards the tolerance (a
  // triangulation stopped there is still valid, just not quite Delaunay).
  void FlipUntilDelaunay() {
    std::map<std::pair<int, int>, std::size_t> owner;  // directed edge a -> b: the triangle holding it
    auto edges_of = [&](std::size_t t, auto visit) {
      for (std::size_t k = 0; k < 3; ++k)
        visit(std::pair(triangles_[t][k], triangles_[t][(k + 1) % 3]));
    };
    std::vector<std::pair<int, int>> pending;
    for (std::size_t t = 0; t < triangles_.size(); ++t) {
      edges_of(t, [&](std::pair<int, int> e) {
        owner[e] = t;
        pending.push_back(e);
      });
    }
    auto third = [&](std::size_t t, int a, int b) {
      for (const int v : triangles_[t])
        if (v != a && v != b) return v;
      return a;
    };
    const std::size_t cap = 4 * p_.size() * p_.size() + 16;
    for (std::size_t flips = 0; !pending.empty() && flips < cap;) {
      const auto [a, b] = pending.back();
      pending.pop_back();
      const auto here = owner.find({a, b});
      const auto there = owner.find({b, a});
      if (here == owner.end() || there == owner.end()) continue;  // a hull edge, or flipped away
      const std::size_t t = here->second, u = there->second;
      const int c = third(t, a, b), d = third(u, a, b);
      if (InCircle(P(a), P(b), P(c), P(d)) <= kCircleEpsilon) continue;
      edges_of(t, [&](std::pair<int, int> e) { owner.erase(e); });
      edges_of(u, [&](std::pair<int, int> e) { owner.erase(e); });
      // The quadrilateral a, d, b, c is counter-clockwise; its other diagonal is c - d.
      triangles_[t] = {a, d, c};
      triangles_[u] = {d, b, c};
      edges_of(t, [&](std::pair<int, int> e) { owner[e] = t; });
      edges_of(u, [&](std::pair<int, int> e) { owner[e] = u; });
      pending.insert(pending.end(), {{a, d}, {d, b}, {b, c}, {c, a}});
      ++flips;
    }
  }

  // Whether the triangles tile the points' convex hull: no edge in more than two triangles, and
  // their areas add up to the hull's. Tolerances can bend a sweep's hull a hair; this says so.
  bool TilesHull() const {
    std::map<std::pair<int, int>, int> uses;
    double area = 0.0;
    for (const Triangle& t : triangles_) {
      area += Orient(P(t[0]), P(t[1]), P(t[2]));
      for (std::size_t k = 0; k < 3; ++k)
        if (++uses[std::minmax(t[k], t[(k + 1) % 3])] > 2) return false;
    }
    // Andrew's monotone chain over the points in x order: twice the hull's area.
    std::vector<Point2> sorted(p_);
    std::sort(sorted.begin(), sorted.end(),
              [](const Point2& a, const Point2& b) { return std::pair(a.x, a.y) < std::pair(b.x, b.y); });
    std::vector<Point2> hull;
    for (int pass = 0; pass < 2; ++pass) {
      const std::size_t base = hull.size();
      for (const Point2& q : sorted) {
        while (hull.size() >= base + 2 && Orient(hull[hull.size() - 2], hull.back(), q) <= 0.0)
          hull.pop_back();
        hull.push_back(q);
      }
      hull.pop_back();
      std::reverse(sorted.begin(), sorted.end());
    }
    double hull_area = 0.0;
    for (std::size_t i = 0; i + 2 < hull.size(); ++i)
      hull_area += Orient(hull[0], hull[i + 1], hull[i + 2]);
    return std::fabs(area - hull_area) <= 1e-9 * std::max(1.0, hull_area);
  }

  // In the unit square: the header's tolerances (twice the area, for Orient), and a margin that
  // keeps co-circular points from flipping back and forth.
  static constexpr double kDuplicateDistance = 1e-6;
  static constexpr double kAreaEpsilon = 2e-9;
  static constexpr double kCircleEpsilon = 1e-12;

  std::vector<Point2> p_;
  std::vector<Triangle> triangles_;
  std::vector<int> hull_;  // counter-clockwise
};

}  // namespace

Triangulation Delaunay(std::span<const Point2> points) {
  if (points.size() < 3) {
    Triangulation out;
    out.status = Triangulation::Status::TooFewPoints;
    return out;
  }
  return Triangulator(points).Run();
}

}  // namespace anim::geometry
