// PoseHistory: frames copied in (Push) or handed over (Adopt). A handover swaps owners, so the
// pose adopted is the very object the caller gave, and the caller gets back the frame that fell
// out at the same size: what lets the executor hand a pool buffer to a seam and keep its pool whole.
#include <catch2/catch.hpp>

#include <memory>
#include <utility>

#include "executor/ops/pose_history.h"

using namespace anim;

namespace {

constexpr float kDt = 1.0f / 30.0f;

// A pose of `bones` bones and `curves` curves whose bone 0 is at (x, 0, 0) and whose curves are x.
std::unique_ptr<Pose> PoseAt(float x, int bones = 3, int curves = 1) {
  auto pose = std::make_unique<Pose>(bones, curves);
  for (int i = 0; i < bones; ++i)
    pose->Set(i, Transform{});
  pose->Set(0, Transform{.translation = {x, 0.0f, 0.0f}});
  for (int c = 0; c < curves; ++c)
    pose->curves()[c] = x;
  return pose;
}

float X(const Pose& pose) {
  return pose.Get(0).translation.x;
}

}  // namespace

TEST_CASE("pose history: Adopt takes the caller's pose and leaves it the frame that fell out") {
  PoseHistory history;
  CHECK(history.frames_held() == 0);
  CHECK(history.latest().bone_count() == 0);

  std::unique_ptr<Pose> first = PoseAt(1.0f);
  first->kind = PoseKind::AdditiveLocal;
  first->root_motion.translation = {0.0f, 0.0f, 2.0f};
  const Pose* first_address = first.get();
  const Pose& latest = history.Adopt(first, kDt);
  CHECK(&latest == first_address);  // the same pose, not a copy
  CHECK(&history.latest() == first_address);
  CHECK(latest.kind == PoseKind::AdditiveLocal);  // kind and root motion go with it
  CHECK(latest.root_motion.translation.z == 2.0f);
  REQUIRE(first != nullptr);
  CHECK(first.get() != first_address);
  CHECK(first->bone_count() == 3);  // the frame given back has the adopted pose's size
  CHECK(first->curve_count() == 1);
  CHECK(history.frames_held() == 1);

  std::unique_ptr<Pose> second = PoseAt(4.0f);
  const Pose* second_address = second.get();
  history.Adopt(second, kDt);
  CHECK(&history.latest() == second_address);
  CHECK(&history.previous() == first_address);  // the first adopted stays put as previous()
  CHECK(history.frames_held() == 2);
  CHECK(history.LinearVelocity(0).x == Approx(3.0f / kDt));
  CHECK(history.CurveVelocity(0) == Approx(3.0f / kDt));

  std::unique_ptr<Pose> third = PoseAt(5.0f);
  history.Adopt(third, kDt);
  CHECK(third.get() == first_address);  // the oldest frame is handed back out
  CHECK(&history.previous() == second_address);
  CHECK(history.frames_held() == 2);
}

TEST_CASE("pose history: a pose of another size starts it over, and what it gives back is that size") {
  PoseHistory history;
  std::unique_ptr<Pose> small = PoseAt(1.0f, 3, 0);
  history.Adopt(small, kDt);
  std::unique_ptr<Pose> again = PoseAt(2.0f, 3, 0);
  history.Adopt(again, kDt);
  REQUIRE(history.frames_held() == 2);

  std::unique_ptr<Pose> big = PoseAt(7.0f, 17, 2);
  history.Adopt(big, kDt);
  CHECK(history.frames_held() == 1);  // no velocity across sizes
  CHECK_FALSE(history.HasVelocity());
  CHECK(X(history.latest()) == 7.0f);
  CHECK(big->bone_count() == 17);
  CHECK(big->curve_count() == 2);
  CHECK(history.previous().bone_count() == 17);

  history.Push(PoseAt(9.0f, 4, 0)->view(), kDt);
  CHECK(history.frames_held() == 1);
  CHECK(history.latest().bone_count() == 4);
  CHECK(X(history.latest()) == 9.0f);
}

TEST_CASE("pose history: copies hold their own frames, moves take them") {
  PoseHistory history;
  history.Push(PoseAt(1.0f)->view(), kDt);
  history.Push(PoseAt(3.0f)->view(), kDt);

  PoseHistory copy = history;
  CHECK(&copy.latest() != &history.latest());
  CHECK(X(copy.latest()) == 3.0f);
  CHECK(X(copy.previous()) == 1.0f);
  CHECK(copy.frames_held() == 2);
  history.Push(PoseAt(8.0f)->view(), kDt);
  CHECK(X(copy.latest()) == 3.0f);  // the copy did not move with the original

  const Pose* latest = &history.latest();
  PoseHistory moved = std::move(history);
  CHECK(&moved.latest() == latest);
  CHECK(X(moved.latest()) == 8.0f);
  PoseHistory assigned;
  assigned = moved;
  CHECK(X(assigned.previous()) == 3.0f);
  CHECK(&assigned.previous() != &moved.previous());
}

TEST_CASE("pose history: Restore sets both frames") {
  PoseHistory history;
  history.Restore(*PoseAt(2.0f), *PoseAt(6.0f), 2, 0.5f);
  CHECK(history.frames_held() == 2);
  CHECK(X(history.latest()) == 6.0f);
  CHECK(X(history.previous()) == 2.0f);
  CHECK(history.LinearVelocity(0).x == Approx(8.0f));
  history.Restore(*PoseAt(1.0f), *PoseAt(1.0f), 5, 0.5f);
  CHECK(history.frames_held() == 2);  // clamped
}
