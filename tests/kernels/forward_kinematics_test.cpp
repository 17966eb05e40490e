// Forward kinematics, skinning matrices, 3x4 packing and root lock.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>

#include "executor/kernels/pose_kernels.h"
#include "executor/resolve/forward_kinematics.h"
#include "tests/kernels/kernel_test_util.h"

using namespace anim;
using namespace anim::test;

namespace {

void RequireNear(Vec3 a, Vec3 b, float eps = kTolerance) {
  INFO("(" << a.x << ", " << a.y << ", " << a.z << ") vs (" << b.x << ", " << b.y << ", " << b.z << ")");
  REQUIRE(Distance(a, b) <= eps);
}

void RequireNear(const Mat4& a, const Mat4& b, float eps = kTolerance) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r)
      REQUIRE(a.m[c][r] == Approx(b.m[c][r]).margin(eps));
  }
}

// root at (0, 1, 0); child and grandchild each one unit along their parent's x.
Skeleton ThreeBoneChain() {
  return BuildSkeleton({-1, 0, 1},
                       {{{0, 1, 0}, {}, {1, 1, 1}}, {{1, 0, 0}, {}, {1, 1, 1}}, {{1, 0, 0}, {}, {1, 1, 1}}});
}

}  // namespace

TEST_CASE("forward kinematics composes a 3-bone chain as computed by hand", "[resolve]") {
  const Skeleton skeleton = ThreeBoneChain();
  Pose pose = skeleton.bind_pose();
  const Quat quarter_z = FromAxisAngle({0, 0, 1}, kPi / 2);
  pose.Set(0, {{0, 1, 0}, quarter_z, {2, 2, 2}});  // turn x onto y, double everything below
  pose.Set(1, {{1, 0, 0}, quarter_z, {1, 1, 1}});
  std::vector<Mat4> model(3);
  LocalToModel(skeleton, pose.view(), model.data());
  // Child: root + R90 * 2 * (1,0,0) = (0,1,0) + (0,2,0).
  // Grandchild: child + R90 * 2 * R90 * (1,0,0) = (0,3,0) + R90 * (0,2,0) = (0,3,0) + (-2,0,0).
  RequireNear(model[0].Translation(), {0, 1, 0});
  RequireNear(model[1].Translation(), {0, 3, 0});
  RequireNear(model[2].Translation(), {-2, 3, 0});
  // The grandchild's x axis has turned half a turn and doubled.
  RequireNear(TransformVector(model[2], {1, 0, 0}), {-2, 0, 0});
  RequireNear(TransformPoint(model[2], {0.5f, 0, 0}), {-3, 3, 0});
}

TEST_CASE("skinning matrices are the identity at bind pose and move bind-space points with the bones",
          "[resolve]") {
  const Skeleton skeleton = ThreeBoneChain();
  std::vector<Mat4> model(3), skinning(3), one_pass(3), scratch(3);
  ToSkinningMatrices(skeleton, skeleton.bind_pose().view(), scratch.data(), skinning.data());
  for (const Mat4& m : skinning)
    RequireNear(m, Mat4::Identity());

  Pose pose = skeleton.bind_pose();
  pose.Set(1, {{1, 0, 0}, FromAxisAngle({0, 0, 1}, kPi / 2), {1, 1, 1}});
  LocalToModel(skeleton, pose.view(), model.data());
  ModelToSkinning(skeleton, model.data(), skinning.data());
  ToSkinningMatrices(skeleton, pose.view(), scratch.data(), one_pass.data());
  for (int i = 0; i < 3; ++i) {
    RequireNear(one_pass[i], skinning[i]);
    RequireNear(scratch[i], model[i]);
  }
  // A vertex at the grandchild's bind position (2, 1, 0) follows the bent child to (1, 2, 0).
  RequireNear(TransformPoint(skinning[2], {2, 1, 0}), {1, 2, 0});
  RequireNear(TransformPoint(skinning[0], {2, 1, 0}), {2, 1, 0});  // the root did not move
}

TEST_CASE("skinning is model times inverse bind, affine inverse binds or not", "[resolve]") {
  // Eleven bones (a partial second block of lanes), each turned and scaled differently.
  const int n = 11;
  std::vector<int> parents;
  std::vector<Transform> bind;
  for (int i = 0; i < n; ++i) {
    parents.push_back(i - 1);
    bind.push_back({{0.1f * static_cast<float>(i), 1, 0},
                    FromAxisAngle({0, 1, 1}, 0.2f * static_cast<float>(i)),
                    {1, 1.5f, 1}});
  }
  SkeletonDesc desc;
  desc.name = "projective";
  for (int i = 0; i < n; ++i)
    desc.bones.push_back({"bone" + std::to_string(i), parents[i], bind[i], std::nullopt});
  // One inverse bind with a projective last row: skinning must not assume 0 0 0 1 there.
  Mat4 projective;
  projective.m[0][3] = 0.25f;
  desc.bones[7].inverse_bind = projective;
  std::string error;
  const std::optional<Skeleton> odd = Skeleton::Build(desc, error);
  REQUIRE(odd.has_value());
  const Skeleton affine = BuildSkeleton(parents, bind);
  REQUIRE(affine.inverse_binds_affine());
  REQUIRE_FALSE(odd->inverse_binds_affine());

  for (const Skeleton* skeleton : {&affine, &*odd}) {
    Pose pose = skeleton->bind_pose();
    for (int i = 0; i < n; ++i)
      pose.Set(i, {{0, 0.5f, 0.1f * static_cast<float>(i)}, FromAxisAngle({1, 0, 0}, 0.3f), {1, 1, 2}});
    std::vector<Mat4> model(n), skinning(n);
    LocalToModel(*skeleton, pose.view(), model.data());
    ModelToSkinning(*skeleton, model.data(), skinning.data());
    for (int i = 0; i < n; ++i) {
      INFO("bone " << i);
      RequireNear(skinning[i], model[i] * skeleton->inverse_bind()[i], 1e-6f);
    }
  }
}

TEST_CASE("forward kinematics walks bones past the LOD cut against their animated parents",
          "[resolve][lod]") {
  // Five bones in a chain along x; the LOD cut keeps three.
  std::vector<Transform> bind(5, Transform{{1, 0, 0}, {}, {1, 1, 1}});
  const Skeleton skeleton = BuildSkeleton({-1, 0, 1, 2, 3}, bind, 3);
  const int cut = skeleton.low_detail_bone_count();
  REQUIRE(cut == 3);
  Pose animated = skeleton.bind_pose();
  for (int i = 0; i < 5; ++i)
    animated.Set(i, {{1, 0, 0}, FromAxisAngle({0, 1, 0}, kPi / 2), {1, 1, 1}});
  Pose pose = skeleton.bind_pose();
  BlendPoses(pose.view(), skeleton.bind_pose().view(), animated.view(), 1.0f, cut);
  // The tail past the cut still holds the bind pose...
  for (int i = cut; i < 5; ++i)
    REQUIRE(pose.Get(i) == skeleton.bind_local(i));
  // ...and still hangs off its animated parent: bone 3 sits one unit along bone 2's turned x axis.
  std::vector<Mat4> model(5);
  LocalToModel(skeleton, pose.view(), model.data());
  const Vec3 parent_x = TransformVector(model[2], {1, 0, 0});
  RequireNear(model[3].Translation(), model[2].Translation() + parent_x);
  RequireNear(model[4].Translation(), model[2].Translation() + parent_x * 2.0f);
  // Three quarter turns about y take x to +z: the tail bends with the parents, not along bind x.
  RequireNear(parent_x, {0, 0, 1});
  REQUIRE(Distance(model[3].Translation(), skeleton.bind_model()[3].Translation()) > 1.0f);
}

TEST_CASE("a pose view shorter than the skeleton takes bind locals for the missing bones",
          "[resolve][bad-input]") {
  const Skeleton skeleton = ThreeBoneChain();
  Pose two(2);
  two.Set(0, {{0, 5, 0}, {}, {1, 1, 1}});
  two.Set(1, skeleton.bind_local(1));
  std::vector<Mat4> model(3);
  LocalToModel(skeleton, two.view(), model.data());
  RequireNear(model[2].Translation(), {2, 5, 0});
  ToSkinningMatrices(skeleton, two.view(), nullptr, model.data());  // ignored, not a crash
  LocalToModel(skeleton, two.view(), nullptr);
}

TEST_CASE("root lock pins the root's translation and rotation to the bind pose, keeping its scale",
          "[resolve]") {
  const Skeleton skeleton = ThreeBoneChain();
  Pose pose = skeleton.bind_pose();
  const Transform moved_root{{4, 5, 6}, FromAxisAngle({1, 0, 0}, 0.7f), {3, 3, 3}};
  const Transform moved_child{{2, 0, 0}, FromAxisAngle({0, 1, 0}, 0.2f), {1, 1, 1}};
  pose.Set(0, moved_root);
  pose.Set(1, moved_child);
  ApplyRootLock(pose.view(), skeleton, 0);
  REQUIRE(pose.Get(0).translation == skeleton.bind_local(0).translation);
  REQUIRE(pose.Get(0).rotation == skeleton.bind_local(0).rotation);
  REQUIRE(pose.Get(0).scale == moved_root.scale);
  REQUIRE(pose.Get(1) == moved_child);

  // Another bone can be the locked one; out-of-range bones change nothing.
  ApplyRootLock(pose.view(), skeleton, 1);
  REQUIRE(pose.Get(1).translation == skeleton.bind_local(1).translation);
  const Pose before = pose;
  for (int bad : {-1, 3, 1000}) {
    ApplyRootLock(pose.view(), skeleton, bad);
    REQUIRE(TailIdentical(before, pose, 0));
  }
}

TEST_CASE("3x4 packing keeps the top three rows of each skinning matrix", "[resolve]") {
  std::mt19937 rng(31);
  std::vector<Mat4> skinning;
  for (int i = 0; i < 5; ++i) {
    skinning.push_back(
        FromTransform({RandomVec3(rng, -3, 3), RandomUnitQuat(rng), RandomVec3(rng, 0.5f, 2.0f)}));
  }
  std::vector<Mat3x4> packed(6);
  packed[5].rows[0][0] = 99.0f;
  PackSkinning3x4(skinning.data(), 5, packed.data());
  for (int i = 0; i < 5; ++i) {
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 4; ++c)
        REQUIRE(packed[i].rows[r][c] == skinning[i].m[c][r]);
    }
    // Row-major rows: each row's dot with (p, 1) is one coordinate of the transformed point.
    const Vec3 p{0.3f, -0.7f, 1.1f};
    const Vec3 moved = TransformPoint(skinning[i], p);
    const float* row0 = packed[i].rows[0];
    REQUIRE(row0[0] * p.x + row0[1] * p.y + row0[2] * p.z + row0[3] == Approx(moved.x).margin(kTolerance));
  }
  REQUIRE(packed[5].rows[0][0] == 99.0f);  // nothing written past count
  PackSkinning3x4(skinning.data(), -1, packed.data());
  REQUIRE(packed[0].rows[0][3] == skinning[0].m[3][0]);
}

namespace {

// An independent scalar computation in double: a bone's matrix from the rotated, scaled basis
// vectors (q v q*), model = parent model * local, and affine inverses by cofactors.
using DMat = std::array<std::array<double, 4>, 4>;  // [row][column]

DMat LocalMatrix(const Transform& t) {
  const double x = t.rotation.x, y = t.rotation.y, z = t.rotation.z, w = t.rotation.w;
  const auto rotate = [&](double vx, double vy, double vz) {
    // q v q* = v + 2w (u x v) + 2 u x (u x v)
    const double cx = y * vz - z * vy, cy = z * vx - x * vz, cz = x * vy - y * vx;
    return std::array<double, 3>{vx + 2 * (w * cx + y * cz - z * cy), vy + 2 * (w * cy + z * cx - x * cz),
                                 vz + 2 * (w * cz + x * cy - y * cx)};
  };
  const std::array<double, 3> axes[3] = {rotate(t.scale.x, 0, 0), rotate(0, t.scale.y, 0),
                                         rotate(0, 0, t.scale.z)};
  DMat m{};
  for (int c = 0; c < 3; ++c) {
    for (int r = 0; r < 3; ++r)
      m[r][c] = axes[c][r];
  }
  m[0][3] = t.translation.x, m[1][3] = t.translation.y, m[2][3] = t.translation.z, m[3][3] = 1;
  return m;
}

DMat Product(const DMat& a, const DMat& b) {
  DMat p{};
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) {
      for (int k = 0; k < 4; ++k)
        p[r][c] += a[r][k] * b[k][c];
    }
  }
  return p;
}

DMat AffineInverse(const DMat& m) {
  const double a = m[0][0], b = m[0][1], c = m[0][2], d = m[1][0], e = m[1][1], f = m[1][2], g = m[2][0],
               h = m[2][1], i = m[2][2];
  const double det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  DMat inv{};
  inv[0][0] = (e * i - f * h) / det, inv[0][1] = (c * h - b * i) / det, inv[0][2] = (b * f - c * e) / det;
  inv[1][0] = (f * g - d * i) / det, inv[1][1] = (a * i - c * g) / det, inv[1][2] = (c * d - a * f) / det;
  inv[2][0] = (d * h - e * g) / det, inv[2][1] = (b * g - a * h) / det, inv[2][2] = (a * e - b * d) / det;
  for (int r = 0; r < 3; ++r)
    inv[r][3] = -(inv[r][0] * m[0][3] + inv[r][1] * m[1][3] + inv[r][2] * m[2][3]);
  inv[3][3] = 1;
  return inv;
}

std::vector<DMat> ModelMatrices(const std::vector<int>& parents, const std::vector<Transform>& locals) {
  std::vector<DMat> model(parents.size());
  for (std::size_t i = 0; i < parents.size(); ++i)
    model[i] = parents[i] < 0 ? LocalMatrix(locals[i]) : Product(model[parents[i]], LocalMatrix(locals[i]));
  return model;
}

}  // namespace

TEST_CASE(
    "forward kinematics and skinning match an independent double computation: non-uniform and "
    "negative scale, a 300-bone chain, branches",
    "[resolve]") {
  std::mt19937 rng(12);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  const int n = 300;
  std::vector<int> parents;
  std::vector<Transform> bind, animated;
  for (int i = 0; i < n; ++i) {
    // A long chain, with a branch off an earlier bone every seventh bone.
    parents.push_back(i == 0 ? -1 : (i % 7 == 0 ? i / 2 : i - 1));
    const auto scale = [&](int k) {
      Vec3 s{1.0f + 0.15f * unit(rng), 1.0f + 0.15f * unit(rng), 1.0f + 0.15f * unit(rng)};
      if (k % 11 == 5) s.x = -s.x;  // mirrored bones
      if (k % 13 == 3) s = s * -1.0f;
      return s;
    };
    bind.push_back({{0.1f * unit(rng), 0.2f, 0.1f * unit(rng)},
                    FromAxisAngle(RandomUnitVector(rng), 0.3f * unit(rng)),
                    scale(i)});
    animated.push_back({bind.back().translation + Vec3{0.02f * unit(rng), 0, 0},
                        FromAxisAngle(RandomUnitVector(rng), 0.4f * unit(rng)) * bind.back().rotation,
                        scale(i + 1)});
  }
  const Skeleton skeleton = BuildSkeleton(parents, bind);
  Pose pose(n);
  for (int i = 0; i < n; ++i)
    pose.Set(i, animated[i]);
  std::vector<Mat4> model(n), skinning(n);
  ToSkinningMatrices(skeleton, pose.view(), model.data(), skinning.data());

  const std::vector<DMat> expected_model = ModelMatrices(parents, animated);
  const std::vector<DMat> bind_model = ModelMatrices(parents, bind);
  for (int i = 0; i < n; ++i) {
    const DMat expected_skinning = Product(expected_model[i], AffineInverse(bind_model[i]));
    // Float rounding grows with the depth and with the magnitudes the chain reaches.
    double size = 1.0;
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 4; ++c)
        size = std::max({size, std::fabs(expected_model[i][r][c]), std::fabs(expected_skinning[r][c])});
    }
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 4; ++c) {
        INFO("bone " << i << " row " << r << " column " << c);
        REQUIRE(model[i].m[c][r] == Approx(expected_model[i][r][c]).margin(2e-5 * size));
        REQUIRE(skinning[i].m[c][r] == Approx(expected_skinning[r][c]).margin(2e-5 * size));
      }
    }
  }
}
