#include "compiler/geometry/delaunay.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <vector>

namespace anim::geometry {
namespace {

using Status = Triangulation::Status;

double Cross(const Point2& a, const Point2& b, const Point2& c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

// The area of the convex hull (Andrew's monotone chain), and how many points lie on its boundary.
std::pair<double, int> Hull(std::vector<Point2> p) {
  std::sort(p.begin(), p.end(),
            [](const Point2& a, const Point2& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  std::vector<Point2> h;
  for (int pass = 0; pass < 2; ++pass) {
    const std::size_t base = h.size();
    for (const Point2& q : p) {
      // Keeps collinear boundary points (pops only on a strict right turn).
      while (h.size() >= base + 2 && Cross(h[h.size() - 2], h.back(), q) < -1e-12)
        h.pop_back();
      h.push_back(q);
    }
    h.pop_back();
    std::reverse(p.begin(), p.end());
  }
  double area = 0.0;
  for (std::size_t i = 0; i < h.size(); ++i)
    area += Cross({0, 0}, h[i], h[(i + 1) % h.size()]);
  return {area / 2.0, static_cast<int>(h.size())};
}

const Point2& At(const std::vector<Point2>& p, int i) {
  return p[static_cast<std::size_t>(i)];
}

// What every triangulation must be: counter-clockwise triangles of positive area, smallest index
// first, that tile the convex hull (their areas sum to its area, and there are 2n - 2 - h of them),
// with no point strictly inside any triangle's circumcircle.
void CheckDelaunay(const std::vector<Point2>& p, const Triangulation& t) {
  REQUIRE(t.status == Status::Ok);
  double area = 0.0;
  for (const Triangle& tri : t.triangles) {
    CHECK(tri[0] < tri[1]);
    CHECK(tri[0] < tri[2]);
    const double a = Cross(At(p, tri[0]), At(p, tri[1]), At(p, tri[2])) / 2.0;
    CHECK(a > 0.0);
    area += a;
    const Point2 &A = At(p, tri[0]), &B = At(p, tri[1]), &C = At(p, tri[2]);
    for (std::size_t d = 0; d < p.size(); ++d) {
      const double ax = A.x - p[d].x, ay = A.y - p[d].y, bx = B.x - p[d].x, by = B.y - p[d].y;
      const double cx = C.x - p[d].x, cy = C.y - p[d].y;
      const double in = (ax * ax + ay * ay) * (bx * cy - cx * by) -
                        (bx * bx + by * by) * (ax * cy - cx * ay) + (cx * cx + cy * cy) * (ax * by - bx * ay);
      CHECK(in <= 1e-9);
    }
  }
  const auto [hull_area, hull_points] = Hull(p);
  CHECK(area == Approx(hull_area).epsilon(1e-12));
  CHECK(static_cast<int>(t.triangles.size()) == 2 * static_cast<int>(p.size()) - 2 - hull_points);
}

TEST_CASE("Delaunay: a square is two triangles, a 3x3 grid eight, and both tile the hull") {
  const std::vector<Point2> square = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  const Triangulation two = Delaunay(square);
  CheckDelaunay(square, two);
  CHECK(two.triangles.size() == 2);

  std::vector<Point2> grid;
  for (int y = -1; y <= 1; ++y)
    for (int x = -1; x <= 1; ++x)
      grid.push_back({1.5 * x, 3.0 * y});
  const Triangulation eight = Delaunay(grid);
  CheckDelaunay(grid, eight);
  CHECK(eight.triangles.size() == 8);
}

TEST_CASE("Delaunay: random points, collinear runs on the hull and a collinear start") {
  std::mt19937 random(7);
  std::uniform_real_distribution<double> coordinate(-10.0, 10.0);
  for (int n : {3, 4, 5, 10, 40, 120}) {
    std::vector<Point2> p;
    for (int i = 0; i < n; ++i)
      p.push_back({coordinate(random), coordinate(random)});
    CheckDelaunay(p, Delaunay(p));
  }
  // Three points on the bottom edge, three on the top: the middle ones stay hull vertices.
  const std::vector<Point2> strip = {{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}};
  CheckDelaunay(strip, Delaunay(strip));
  // The first points in x order are on one vertical line, with the next point to either side.
  for (double side : {1.0, -1.0}) {
    const std::vector<Point2> fan = {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {side, 1.5}};
    CheckDelaunay(fan, Delaunay(fan));
  }
}

TEST_CASE("Delaunay: the format's largest layouts, a 16 x 16 grid and 256 random points, stay Delaunay") {
  // A grid is all co-circular quadruples: the worst case for flips that must not undo each other.
  std::vector<Point2> grid;
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 16; ++x)
      grid.push_back({x * 1.0, y * 1.0});
  CheckDelaunay(grid, Delaunay(grid));
  std::mt19937 random(3);
  std::uniform_real_distribution<double> coordinate(-100.0, 100.0);
  std::vector<Point2> scattered;
  for (int i = 0; i < 256; ++i)
    scattered.push_back({coordinate(random), coordinate(random)});
  CheckDelaunay(scattered, Delaunay(scattered));
}

TEST_CASE("Delaunay: the result depends on the layout only, not on units or offsets") {
  std::vector<Point2> grid;
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 3; ++x)
      grid.push_back({x * 1.0, y * 0.5});
  const Triangulation reference = Delaunay(grid);
  CheckDelaunay(grid, reference);
  for (double scale : {1e-6, 1e-3, 1e3, 1e12}) {
    std::vector<Point2> moved;
    for (const Point2& q : grid)
      moved.push_back({q.x * scale + 7.0 * scale, q.y * scale - 3.0 * scale});
    CHECK(Delaunay(moved).triangles == reference.triangles);
  }
}

TEST_CASE("Delaunay: too few, duplicate and collinear points are refused") {
  CHECK(Delaunay(std::vector<Point2>{{0, 0}, {1, 1}}).status == Status::TooFewPoints);
  const Triangulation duplicate = Delaunay(std::vector<Point2>{{0, 0}, {1, 0}, {0, 1}, {1, 1e-8}});
  CHECK(duplicate.status == Status::Duplicate);
  CHECK(duplicate.first == 1);
  CHECK(duplicate.second == 3);
  CHECK(duplicate.triangles.empty());
  CHECK(Delaunay(std::vector<Point2>{{0, 0}, {1, 1}, {3, 3}, {-2, -2}}).status == Status::Collinear);
  // Off the line by 1e-12 of the extent: still one line.
  CHECK(Delaunay(std::vector<Point2>{{0, 0}, {1, 0}, {2, 2e-12}}).status == Status::Collinear);
  CHECK(Delaunay(std::vector<Point2>{{5, 5}, {5, 5}, {5, 5}}).status == Status::Duplicate);
}

}  // namespace
}  // namespace anim::geometry
