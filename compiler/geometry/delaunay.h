// Delaunay triangulation of a few points in the plane, for 2D blend spaces: done once at compile
// time, so it favours robustness and a deterministic result over speed. Points are swept in x
// order into a fan triangulation of their convex hull, then edges are flipped until every triangle's
// circumcircle is empty (co-circular points, as on a grid, keep the first triangulation found).
#pragma once

#include <array>
#include <span>
#include <vector>

namespace anim::geometry {

struct Point2 {
  double x = 0.0, y = 0.0;
};

// A triangle's three point indices, counter-clockwise, the smallest index first.
using Triangle = std::array<int, 3>;

struct Triangulation {
  enum class Status {
    Ok,
    TooFewPoints,  // fewer than three points
    Duplicate,     // points `first` and `second` are at the same place (within tolerance)
    Collinear,     // every point is on one line (within tolerance)
    Thin,          // points `first` < `second` < `third` make a triangle too thin to weigh by
  };
  Status status = Status::Ok;
  int first = -1, second = -1, third = -1;  // Duplicate: the earlier and the later point; Thin
  std::vector<Triangle> triangles;          // Ok: sorted, covering the points' convex hull
};

// Tolerances are relative to the points' extent E (the larger side of their bounding box): two
// points closer than 1e-6 E are duplicates, three points whose triangle has an area below 1e-9 E^2
// are on one line, and no triangle of the result is that thin (else the result is Thin).
Triangulation Delaunay(std::span<const Point2> points);

}  // namespace anim::geometry
