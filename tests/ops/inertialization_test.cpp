#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "executor/ops/inertialization.h"
#include "executor/ops/transition_blend.h"
#include "tests/ops/ops_test_rigs.h"
#include "tests/ops/ops_test_util.h"

using namespace anim;
using namespace anim::test;

namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr int kBones = 5;

// A pose that moves with `time`: every channel of every bone differs and changes.
Pose MovingPose(float time, float phase = 0.0f) {
  Pose pose(kBones);
  for (int i = 0; i < kBones; ++i) {
    const float f = static_cast<float>(i) + phase;
    const Vec3 axis = NormalizeOr(Vec3{1.0f + f, 0.5f, -f}, Vec3{1, 0, 0});
    pose.Set(i, {{0.1f * f + 0.5f * time, std::sin(f + time), 0.2f * time},
                 FromAxisAngle(axis, 0.3f * f + 1.5f * time),
                 {1.0f + 0.1f * time, 1.0f, 1.0f - 0.05f * f * time}});
  }
  return pose;
}

// One-bone pose at x along +x.
Pose PoseAtX(float x) {
  Pose pose(1);
  pose.Set(0, {{x, 0, 0}, Quat::Identity(), {1, 1, 1}});
  return pose;
}

void RequirePosesNear(const Pose& a, const Pose& b, float eps) {
  for (int i = 0; i < a.bone_count(); ++i) {
    RequireNear(a.Get(i).translation, b.Get(i).translation, eps);
    RequireSameRotation(a.Get(i).rotation, b.Get(i).rotation, eps);
    RequireNear(a.Get(i).scale, b.Get(i).scale, eps);
  }
}

// Feeds 1D frames x0, x1, ... without a capture, then captures toward x = 0. Returns the outputs
// from the capture frame on, one per kDt, until past `duration`.
std::vector<float> Run1D(std::initializer_list<float> history, float duration, float history_dt = kDt) {
  TransitionBlendState state;
  for (float x : history) {
    Pose frame = PoseAtX(x);
    ApplyInertialization(state, frame.view(), 1, false, 0.0f, duration, history_dt);
  }
  std::vector<float> out;
  for (int frame = 0; static_cast<float>(frame - 2) * kDt <= duration; ++frame) {
    Pose target = PoseAtX(0.0f);
    ApplyInertialization(state, target.view(), 1, frame == 0, static_cast<float>(frame) * kDt, duration, kDt);
    out.push_back(target.Get(0).translation.x);
  }
  return out;
}

}  // namespace

TEST_CASE("inertialization is continuous at the seam and exactly the target after the duration",
          "[ops][inertialization]") {
  TransitionBlendState state;
  const float duration = 0.3f;
  Pose previous;
  for (int frame = 0; frame < 3; ++frame) {
    Pose out = MovingPose(static_cast<float>(frame) * kDt);
    const Pose target = out;
    ApplyInertialization(state, out.view(), kBones, false, 0.0f, duration, kDt);
    REQUIRE(SameBones(out.view(), target.view(), 0, kBones));  // inactive: the target passes through
    previous = out;
  }
  float elapsed = 0.0f;
  for (int frame = 0; elapsed < duration + 3 * kDt; ++frame, elapsed = static_cast<float>(frame) * kDt) {
    const Pose target = MovingPose(2.0f + elapsed, 0.7f);
    Pose out = target;
    ApplyInertialization(state, out.view(), kBones, frame == 0, elapsed, duration, kDt);
    if (frame == 0) RequirePosesNear(out, previous, 1e-4f);
    if (elapsed >= duration) {
      REQUIRE(SameBones(out.view(), target.view(), 0, kBones));
    } else {
      REQUIRE_FALSE(SameBones(out.view(), target.view(), 0, kBones));
    }
  }
  REQUIRE_FALSE(state.inertialization.active);
}

TEST_CASE("inertialization approaches a 1D target monotonically without overshoot",
          "[ops][inertialization]") {
  const float duration = 0.5f;
  // Toward the target slowly, toward it fast (the decay shortens), away from it, at rest.
  for (auto history : {std::initializer_list<float>{1.03f, 1.0f}, std::initializer_list<float>{1.4f, 1.0f},
                       std::initializer_list<float>{0.95f, 1.0f}, std::initializer_list<float>{1.0f, 1.0f}}) {
    const std::vector<float> xs = Run1D(history, duration);
    REQUIRE(xs.front() == Approx(1.0f).margin(1e-6));
    for (std::size_t i = 1; i < xs.size(); ++i) {
      INFO("frame " << i);
      REQUIRE(xs[i] <= xs[i - 1]);
      REQUIRE(xs[i] >= 0.0f);
      if (static_cast<float>(i) * kDt >= duration) REQUIRE(xs[i] == 0.0f);
    }
  }
  // The seam velocity is captured: the first step follows the quintic that starts at the history's speed.
  const float v0 = -0.03f / kDt;
  const std::vector<float> xs = Run1D({1.03f, 1.0f}, duration);
  REQUIRE(xs[1] == Approx(InertialDecay(1.0f, v0, duration, kDt)).margin(1e-5));
  REQUIRE(xs[1] < InertialDecay(1.0f, 0.0f, duration, kDt) - 1e-3f);
}

TEST_CASE("inertialization carries a rotation's seam velocity with the right sign",
          "[ops][inertialization]") {
  const float duration = 0.5f;
  const Vec3 axis = NormalizeOr(Vec3{0.2f, 1.0f, 0.4f}, Vec3{});
  const auto turned = [&](float angle) {
    Pose pose(1);
    pose.Set(0, {{}, FromAxisAngle(axis, angle), {1, 1, 1}});
    return pose;
  };
  for (const float step : {-0.03f, 0.03f}) {  // toward the target, then away from it
    TransitionBlendState state;
    for (float angle : {0.3f - step, 0.3f}) {
      Pose frame = turned(angle);
      ApplyInertialization(state, frame.view(), 1, false, 0.0f, duration, kDt);
    }
    Pose first = turned(0.0f), second = turned(0.0f);
    ApplyInertialization(state, first.view(), 1, true, 0.0f, duration, kDt);
    ApplyInertialization(state, second.view(), 1, false, kDt, duration, kDt);
    RequireSameRotation(first.Get(0).rotation, FromAxisAngle(axis, 0.3f), 1e-5f);
    const float expected = InertialDecay(0.3f, step / kDt, duration, kDt);
    RequireSameRotation(second.Get(0).rotation, FromAxisAngle(axis, expected), 1e-5f);
  }
}

TEST_CASE("the quintic decay never overshoots for any offset and velocity", "[ops][inertialization]") {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> offset(0.001f, 5.0f), velocity(-60.0f, 60.0f), duration(0.05f, 1.0f);
  for (int trial = 0; trial < 2000; ++trial) {
    const float x0 = offset(rng), v0 = velocity(rng), d = duration(rng);
    float last = x0;
    REQUIRE(InertialDecay(x0, v0, d, 0.0f) == x0);
    for (int k = 1; k <= 100; ++k) {
      const float x = InertialDecay(x0, v0, d, d * static_cast<float>(k) / 100.0f);
      REQUIRE(x >= 0.0f);
      REQUIRE(x <= last + 2e-5f * x0);  // float rounding of the polynomial, never a real rise
      last = x;
    }
    REQUIRE(InertialDecay(x0, v0, d, d) == 0.0f);
    // It starts at the seam's rate when that points toward zero, at rest otherwise.
    const float decay_time = v0 < 0.0f ? std::min(d, -5.0f * x0 / v0) : d;  // Bollo's shortened decay
    const float h = 1e-3f * decay_time;
    const float start_rate = (InertialDecay(x0, v0, d, h) - x0) / h;
    REQUIRE(start_rate == Approx(v0 < 0.0f ? v0 : 0.0f).margin(0.02f * std::fabs(v0) + 0.05f * x0 / d));
  }
  REQUIRE(InertialDecay(-1.0f, 0.0f, 1.0f, 0.5f) == 0.0f);
  REQUIRE(InertialDecay(1.0f, 0.0f, std::nanf(""), 0.5f) == 0.0f);
}

TEST_CASE("inertialization takes no velocity from a one-frame history", "[ops][inertialization]") {
  const float duration = 0.5f;
  // One frame: the seam starts from rest.
  const std::vector<float> one = Run1D({1.0f}, duration);
  const std::vector<float> two = Run1D({1.3f, 1.0f}, duration);
  for (std::size_t i = 0; i < one.size(); ++i) {
    REQUIRE(one[i] == Approx(InertialDecay(1.0f, 0.0f, duration, static_cast<float>(i) * kDt)).margin(1e-6));
  }
  REQUIRE(two[1] < one[1] - 1e-3f);

  // A history that held two frames of another skeleton starts over: one frame, no velocity.
  TransitionBlendState state;
  Pose wide = MovingPose(0.0f);
  ApplyInertialization(state, wide.view(), kBones, false, 0.0f, duration, kDt);
  ApplyInertialization(state, wide.view(), kBones, false, 0.0f, duration, kDt);
  Pose last = PoseAtX(1.0f);
  ApplyInertialization(state, last.view(), 1, false, 0.0f, duration, kDt);
  REQUIRE(state.history.frames_held() == 1);
  Pose target = PoseAtX(0.0f);
  ApplyInertialization(state, target.view(), 1, true, 0.0f, duration, kDt);
  REQUIRE(state.inertialization.bones[0].translation.curve.v0 == 0.0f);
  REQUIRE(state.inertialization.bones[0].rotation.curve.v0 == 0.0f);
}

TEST_CASE("inertialization reads q and -q as the same rotation", "[ops][inertialization]") {
  const Quat q = FromAxisAngle(NormalizeOr(Vec3{0.3f, 1, -0.2f}, Vec3{}), 2.5f);
  const auto with_rotation = [](Quat r) {
    Pose pose(1);
    pose.Set(0, {{}, r, {1, 1, 1}});
    return pose;
  };
  // Target -q after q: no offset at all.
  TransitionBlendState state;
  for (int i = 0; i < 2; ++i) {
    Pose frame = with_rotation(q);
    ApplyInertialization(state, frame.view(), 1, false, 0.0f, 0.5f, kDt);
  }
  Pose flipped = with_rotation(Negate(q));
  ApplyInertialization(state, flipped.view(), 1, true, 0.0f, 0.5f, kDt);
  REQUIRE(state.inertialization.bones[0].rotation.curve.x0 < 1e-3f);
  REQUIRE(state.inertialization.bones[0].rotation.curve.v0 == Approx(0.0f).margin(1e-2));
  RequireSameRotation(flipped.Get(0).rotation, q, 1e-3f);

  // History q then -q: no angular velocity, so the capture matches a history at rest.
  TransitionBlendState a, b;
  Pose qa = with_rotation(q), qb = with_rotation(Negate(q)), qc = with_rotation(q), qd = with_rotation(q);
  ApplyInertialization(a, qa.view(), 1, false, 0.0f, 0.5f, kDt);
  ApplyInertialization(a, qb.view(), 1, false, 0.0f, 0.5f, kDt);
  REQUIRE(Length(a.history.AngularVelocity(0)) < 1e-2f);  // not a full turn in one frame
  ApplyInertialization(b, qc.view(), 1, false, 0.0f, 0.5f, kDt);
  ApplyInertialization(b, qd.view(), 1, false, 0.0f, 0.5f, kDt);
  Pose ta = with_rotation(Quat::Identity()), tb = with_rotation(Quat::Identity());
  ApplyInertialization(a, ta.view(), 1, true, 0.0f, 0.5f, kDt);
  ApplyInertialization(b, tb.view(), 1, true, 0.0f, 0.5f, kDt);
  REQUIRE(std::fabs(a.inertialization.bones[0].rotation.curve.v0) < 1e-2f);
  REQUIRE(a.inertialization.bones[0].rotation.curve.x0 ==
          Approx(b.inertialization.bones[0].rotation.curve.x0).margin(1e-5));
}

TEST_CASE("inertialization without history or duration is a no-op", "[ops][inertialization][bad-input]") {
  TransitionBlendState fresh;
  const Pose target = MovingPose(1.0f);
  Pose out = target;
  ApplyInertialization(fresh, out.view(), kBones, true, 0.0f, 0.5f, kDt);
  REQUIRE(SameBones(out.view(), target.view(), 0, kBones));
  REQUIRE_FALSE(fresh.inertialization.active);
  REQUIRE(fresh.history.frames_held() == 1);  // but the output is recorded

  for (float duration : {0.0f, -1.0f, std::nanf("")}) {
    TransitionBlendState state;
    Pose before = MovingPose(0.0f);
    ApplyInertialization(state, before.view(), kBones, false, 0.0f, duration, kDt);
    Pose now = target;
    ApplyInertialization(state, now.view(), kBones, true, 0.0f, duration, kDt);
    REQUIRE(SameBones(now.view(), target.view(), 0, kBones));
  }
  // Empty and malformed views and counts are survived, not trusted.
  TransitionBlendState empty;
  ApplyInertialization(empty, PoseView{}, 4, true, 0.0f, 0.5f, kDt);
  ApplyInertialization(empty, PoseView{nullptr, nullptr, nullptr, -3}, 4, true, 0.0f, 0.5f, kDt);
  Pose negative_count = target;
  ApplyInertialization(empty, negative_count.view(), -2, true, 0.0f, 0.5f, kDt);
  REQUIRE(SameBones(negative_count.view(), target.view(), 0, kBones));
  // A NaN elapsed time ends the blend: the target, never a NaN pose.
  TransitionBlendState state;
  Pose before = MovingPose(0.0f);
  ApplyInertialization(state, before.view(), kBones, false, 0.0f, 0.5f, kDt);
  Pose now = target;
  ApplyInertialization(state, now.view(), kBones, true, std::nanf(""), 0.5f, kDt);
  REQUIRE(SameBones(now.view(), target.view(), 0, kBones));
}

TEST_CASE("inertialization allocates only on first use", "[ops][inertialization]") {
  TransitionBlendState state;
  const float* history_data = nullptr;
  const InertialBone* bones_data = nullptr;
  for (int frame = 0; frame < 20; ++frame) {
    Pose out = MovingPose(static_cast<float>(frame) * kDt, frame >= 10 ? 1.0f : 0.0f);
    const bool capture = frame == 5 || frame == 10 || frame == 15;
    ApplyInertialization(state, out.view(), kBones, capture, static_cast<float>(frame % 5) * kDt, 0.2f, kDt);
    if (frame == 6) {
      history_data = state.history.latest().view().translations;
      bones_data = state.inertialization.bones.data();
    }
  }
  const float* a = state.history.latest().view().translations;
  const float* b = state.history.previous().view().translations;
  REQUIRE((a == history_data || b == history_data));
  REQUIRE(state.inertialization.bones.data() == bones_data);
}
