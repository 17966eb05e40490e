#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "executor/math/mat4.h"
#include "executor/math/quat.h"

using namespace anim;

namespace {

constexpr float kPi = 3.14159265358979f;

Quat RandomUnitQuat(std::mt19937& rng) {
  std::normal_distribution<float> n(0.0f, 1.0f);
  return Normalize(Quat{n(rng), n(rng), n(rng), n(rng)});
}

void RequireSameRotation(Quat a, Quat b, float eps = 1e-5f) {
  REQUIRE(std::fabs(std::fabs(Dot(a, b)) - 1.0f) < eps);
}

void RequireNear(Vec3 a, Vec3 b, float eps = 1e-5f) {
  REQUIRE(a.x == Approx(b.x).margin(eps));
  REQUIRE(a.y == Approx(b.y).margin(eps));
  REQUIRE(a.z == Approx(b.z).margin(eps));
}

}  // namespace

TEST_CASE("quaternion product composes rotations right to left", "[math]") {
  const Quat a = FromAxisAngle({0, 0, 1}, kPi / 2);  // z: x -> y
  const Quat b = FromAxisAngle({1, 0, 0}, kPi / 2);  // x: y -> z
  // (a * b) applies b first: y -> z, and z stays z under a.
  RequireNear(Rotate(a * b, {0, 1, 0}), {0, 0, 1});
  RequireNear(Rotate(a, Rotate(b, {0, 1, 0})), {0, 0, 1});
}

TEST_CASE("inverse undoes a rotation and normalise survives a zero quaternion", "[math]") {
  std::mt19937 rng(7);
  for (int i = 0; i < 100; ++i) {
    const Quat q = RandomUnitQuat(rng);
    RequireSameRotation(q * Inverse(q), Quat::Identity());
  }
  REQUIRE(Normalize(Quat{0, 0, 0, 0}) == Quat::Identity());
  RequireSameRotation(Normalize(Inverse(Quat{0, 0, 0, 2})), Quat::Identity());
  REQUIRE(Inverse(Quat{0, 0, 0, 2}).w == 0.5f);  // conjugate over squared length
}

TEST_CASE("nlerp aligns hemispheres, so q and -q blend to q", "[math]") {
  std::mt19937 rng(11);
  for (int i = 0; i < 100; ++i) {
    const Quat q = RandomUnitQuat(rng);
    for (float t : {-0.5f, 0.0f, 0.3f, 1.0f, 1.7f}) {
      RequireSameRotation(Nlerp(q, Negate(q), t), q);
      RequireSameRotation(Slerp(q, Negate(q), t), q);
    }
  }
}

TEST_CASE("slerp follows the shorter arc at constant speed and extrapolates past 1", "[math]") {
  const Quat a = Quat::Identity();
  const Quat b = FromAxisAngle({0, 1, 0}, 1.0f);
  for (float t : {-0.5f, 0.25f, 0.5f, 1.0f, 1.7f}) {
    RequireSameRotation(Slerp(a, b, t), FromAxisAngle({0, 1, 0}, t));
  }
  // Opposite-hemisphere input: the arc to -b is the same short arc.
  RequireSameRotation(Slerp(a, Negate(b), 0.5f), FromAxisAngle({0, 1, 0}, 0.5f));
}

TEST_CASE("shortest arc reads a full turn as no rotation and 180 degrees as pi", "[math]") {
  const Quat full_turn = FromAxisAngle({0, 0, 1}, 2 * kPi);  // w = -1
  REQUIRE(Length(ToRotationVector(full_turn)) < 1e-5f);
  const Quat half_turn = FromAxisAngle({0, 0, 1}, kPi);
  REQUIRE(Length(ToRotationVector(half_turn)) == Approx(kPi).margin(1e-5));
  const Quat near_identity = FromAxisAngle({1, 0, 0}, 1e-6f);
  REQUIRE(Length(ToRotationVector(near_identity)) == Approx(1e-6f).margin(1e-6));
  RequireSameRotation(FromRotationVector(ToRotationVector(half_turn)), half_turn);
}

TEST_CASE("from-to rotation handles parallel and opposite vectors", "[math]") {
  RequireNear(Rotate(FromToRotation({1, 0, 0}, {0, 1, 0}), {1, 0, 0}), {0, 1, 0});
  RequireNear(Rotate(FromToRotation({1, 0, 0}, {1, 0, 0}), {1, 0, 0}), {1, 0, 0});
  RequireNear(Rotate(FromToRotation({1, 0, 0}, {-1, 0, 0}), {1, 0, 0}), {-1, 0, 0});
}

TEST_CASE("matrix from TRS matches transforming a point, and inverts", "[math]") {
  std::mt19937 rng(3);
  const Transform t{{1, 2, 3}, RandomUnitQuat(rng), {2, 0.5f, 1.5f}};
  const Mat4 m = FromTransform(t);
  const Vec3 p{0.3f, -1.2f, 4.0f};
  RequireNear(TransformPoint(m, p), TransformPoint(t, p));
  RequireNear(TransformPoint(InverseAffine(m), TransformPoint(m, p)), p, 1e-4f);
  const Transform uniform{{1, 2, 3}, t.rotation, {2, 2, 2}};
  RequireSameRotation(RotationOf(FromTransform(uniform)), t.rotation);
}

TEST_CASE("3x4 packing keeps the top three rows", "[math]") {
  const Mat4 m = FromTransform({{4, 5, 6}, FromAxisAngle({0, 0, 1}, 0.5f), {1, 1, 1}});
  const Mat3x4 p = PackRows3x4(m);
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 4; ++c)
      REQUIRE(p.rows[r][c] == m.m[c][r]);
  }
  REQUIRE(p.rows[0][3] == 4.0f);
  REQUIRE(p.rows[2][3] == 6.0f);
}
