#include <catch2/catch.hpp>

#include "executor/ops/dead_blending.h"
#include "executor/ops/transition_blend.h"
#include "tests/ops/ops_test_rigs.h"
#include "tests/ops/ops_test_util.h"

using namespace anim;
using namespace anim::test;

namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr int kBones = 4;

Pose MovingPose(float time, float phase = 0.0f) {
  Pose pose(kBones);
  for (int i = 0; i < kBones; ++i) {
    const float f = static_cast<float>(i) + phase;
    pose.Set(i, {{0.2f * f - 0.8f * time, std::cos(f + 2 * time), 0.1f},
                 FromAxisAngle(NormalizeOr(Vec3{f, 1, 0.5f}, Vec3{0, 1, 0}), 0.4f * f - 2.0f * time),
                 {1.0f, 1.0f + 0.2f * time, 1.0f}});
  }
  return pose;
}

Pose PoseAtX(float x) {
  Pose pose(1);
  pose.Set(0, {{x, 0, 0}, Quat::Identity(), {1, 1, 1}});
  return pose;
}

// 1D: frames at `history`, then a capture toward x = -5; the outputs of the first two frames.
std::pair<float, float> FirstStep(std::initializer_list<float> history) {
  TransitionBlendState state;
  for (float x : history) {
    Pose frame = PoseAtX(x);
    ApplyDeadBlend(state, frame.view(), 1, false, 0.0f, 1.0f, 0.2f, kDt);
  }
  Pose first = PoseAtX(-5.0f), second = PoseAtX(-5.0f);
  ApplyDeadBlend(state, first.view(), 1, true, 0.0f, 1.0f, 0.2f, kDt);
  ApplyDeadBlend(state, second.view(), 1, false, kDt / 4, 1.0f, 0.2f, kDt);
  return {first.Get(0).translation.x, second.Get(0).translation.x};
}

}  // namespace

TEST_CASE("dead blending is continuous at the seam and exactly the target after the duration",
          "[ops][dead-blend]") {
  TransitionBlendState state;
  const float duration = 0.25f;
  Pose previous;
  for (int frame = 0; frame < 3; ++frame) {
    Pose out = MovingPose(static_cast<float>(frame) * kDt);
    ApplyDeadBlend(state, out.view(), kBones, false, 0.0f, duration, 0.1f, kDt);
    previous = out;
  }
  float elapsed = 0.0f;
  for (int frame = 0; elapsed < duration + 3 * kDt; ++frame, elapsed = static_cast<float>(frame) * kDt) {
    const Pose target = MovingPose(5.0f + elapsed, 0.4f);
    Pose out = target;
    ApplyDeadBlend(state, out.view(), kBones, frame == 0, elapsed, duration, 0.1f, kDt);
    if (frame == 0) {
      for (int i = 0; i < kBones; ++i) {
        RequireNear(out.Get(i).translation, previous.Get(i).translation, 1e-4f);
        RequireSameRotation(out.Get(i).rotation, previous.Get(i).rotation, 1e-4f);
        RequireNear(out.Get(i).scale, previous.Get(i).scale, 1e-4f);
      }
    }
    if (elapsed >= duration) REQUIRE(SameBones(out.view(), target.view(), 0, kBones));
  }
}

TEST_CASE("dead blending extrapolates the source at its seam velocity, from two frames only",
          "[ops][dead-blend]") {
  // Moving +x at 0.02 per frame: the output keeps moving +x although the target is far behind.
  const auto [x0, x1] = FirstStep({0.98f, 1.0f});
  REQUIRE(x0 == Approx(1.0f).margin(1e-5));
  REQUIRE((x1 - x0) / (kDt / 4) == Approx(0.02f / kDt).epsilon(0.15));
  // One frame of history: no velocity to extrapolate, so it only starts fading toward the target.
  const auto [y0, y1] = FirstStep({1.0f});
  REQUIRE(y0 == Approx(1.0f).margin(1e-5));
  REQUIRE(y1 <= y0);
  REQUIRE(y1 > y0 - 0.01f);
}

TEST_CASE("dead blending keeps a rotation turning the way it turned", "[ops][dead-blend]") {
  const Vec3 axis = NormalizeOr(Vec3{1.0f, 0.3f, -0.2f}, Vec3{});
  const auto turned = [&](float angle) {
    Pose pose(1);
    pose.Set(0, {{}, FromAxisAngle(axis, angle), {1, 1, 1}});
    return pose;
  };
  TransitionBlendState state;
  for (float angle : {0.30f, 0.33f}) {
    Pose frame = turned(angle);
    ApplyDeadBlend(state, frame.view(), 1, false, 0.0f, 1.0f, 0.2f, kDt);
  }
  Pose first = turned(-1.0f), second = turned(-1.0f);
  ApplyDeadBlend(state, first.view(), 1, true, 0.0f, 1.0f, 0.2f, kDt);
  ApplyDeadBlend(state, second.view(), 1, false, kDt / 4, 1.0f, 0.2f, kDt);
  Vec3 turn_axis;
  float angle = 0.0f;
  ToAxisAngle(second.Get(0).rotation, turn_axis, angle);
  REQUIRE(Dot(turn_axis, axis) > 0.999f);
  REQUIRE((angle - 0.33f) / (kDt / 4) == Approx(0.03f / kDt).epsilon(0.15));
}

TEST_CASE("dead blending's velocity decays by its half-life and its weight is a smooth step",
          "[ops][dead-blend]") {
  const float half_life = 0.2f;
  // Velocity halves every half-life: the travel over one half-life is half the travel to infinity.
  const float to_infinity = half_life / 0.69314718f;
  REQUIRE(DecayedTravel(half_life, half_life) == Approx(to_infinity / 2).epsilon(1e-4));
  REQUIRE(DecayedTravel(half_life, 100.0f) == Approx(to_infinity).epsilon(1e-4));
  REQUIRE(DecayedTravel(half_life, 1e-4f) == Approx(1e-4f).epsilon(1e-3));
  REQUIRE(DecayedTravel(0.0f, 1.0f) == 0.0f);
  REQUIRE(DecayedTravel(std::nanf(""), 1.0f) == 0.0f);
  float last = 0.0f;
  for (int k = 0; k <= 20; ++k) {
    const float w = DeadBlendWeight(0.5f, 0.025f * static_cast<float>(k));
    REQUIRE(w >= last);
    last = w;
  }
  REQUIRE(DeadBlendWeight(0.5f, 0.0f) == 0.0f);
  REQUIRE(DeadBlendWeight(0.5f, 0.25f) == Approx(0.5f));
  REQUIRE(DeadBlendWeight(0.5f, 0.5f) == 1.0f);
}

TEST_CASE("dead blending reads a q to -q history as no angular velocity", "[ops][dead-blend]") {
  const Quat q = FromAxisAngle(NormalizeOr(Vec3{1, -1, 0.2f}, Vec3{}), 1.9f);
  TransitionBlendState state;
  for (const Quat r : {q, Negate(q)}) {
    Pose frame(1);
    frame.Set(0, {{}, r, {1, 1, 1}});
    ApplyDeadBlend(state, frame.view(), 1, false, 0.0f, 0.5f, 0.2f, kDt);
  }
  Pose target(1);
  ApplyDeadBlend(state, target.view(), 1, true, 0.0f, 0.5f, 0.2f, kDt);
  REQUIRE(Length(state.dead_blend.velocities[0].angular) < 1e-2f);
}

TEST_CASE("dead blending without history or duration is a no-op", "[ops][dead-blend][bad-input]") {
  const Pose target = MovingPose(1.0f);
  TransitionBlendState fresh;
  Pose out = target;
  ApplyDeadBlend(fresh, out.view(), kBones, true, 0.0f, 0.5f, 0.2f, kDt);
  REQUIRE(SameBones(out.view(), target.view(), 0, kBones));
  REQUIRE_FALSE(fresh.dead_blend.active);
  TransitionBlendState empty;
  ApplyDeadBlend(empty, PoseView{}, 4, true, 0.0f, 0.5f, 0.2f, kDt);
  ApplyDeadBlend(empty, PoseView{nullptr, nullptr, nullptr, -3}, 4, true, 0.0f, 0.5f, 0.2f, kDt);
  for (float duration : {0.0f, std::nanf("")}) {
    TransitionBlendState state;
    Pose before = MovingPose(0.0f);
    ApplyDeadBlend(state, before.view(), kBones, false, 0.0f, duration, 0.2f, kDt);
    Pose now = target;
    ApplyDeadBlend(state, now.view(), kBones, true, 0.0f, duration, 0.2f, kDt);
    REQUIRE(SameBones(now.view(), target.view(), 0, kBones));
  }
}
