// The mesh-space kernels keep a thread_local scratch that only grows: once warmed up to a bone
// count, calls at that count or below allocate nothing. Counted by replacing global operator new
// in this test binary.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <new>

#include "executor/kernels/pose_kernels.h"
#include "tests/kernels/kernel_test_util.h"

// Every replaceable form that allocates goes through Allocate, and every form that frees through
// std::free, so memory never crosses between this allocator and the runtime's (ASan checks that).
namespace {
std::atomic<long> g_allocations{0};

void* Allocate(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size == 0 ? 1 : size);
}
}  // namespace

void* operator new(std::size_t size) {
  if (void* p = Allocate(size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
  if (void* p = Allocate(size)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return Allocate(size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return Allocate(size);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}

using namespace anim;
using namespace anim::test;

TEST_CASE("mesh-space kernels allocate nothing once their scratch has grown", "[kernels][additive]") {
  std::mt19937 rng(41);
  const int bones = 67;
  const Pose source = RandomPose(rng, bones);
  const Pose base = PartnerPose(rng, source);
  const std::vector<int16_t> parents = RandomParents(rng, bones);
  Pose delta(bones), out(bones);
  // Warm-up at the largest count grows the scratch of both implementations.
  MakeAdditiveMesh(delta.view(), source.view(), base.view(), parents.data(), bones);
  reference::MakeAdditiveMesh(delta.view(), source.view(), base.view(), parents.data(), bones);

  const long before = g_allocations.load();
  for (int count : {bones, 40, 7, bones}) {
    MakeAdditiveMesh(delta.view(), source.view(), base.view(), parents.data(), count);
    ApplyAdditiveMesh(out.view(), base.view(), delta.view(), 0.5f, parents.data(), count);
    reference::MakeAdditiveMesh(delta.view(), source.view(), base.view(), parents.data(), count);
    reference::ApplyAdditiveMesh(out.view(), base.view(), delta.view(), 0.5f, parents.data(), count);
    BlendPoses(out.view(), source.view(), base.view(), 0.5f, count);
  }
  const long after = g_allocations.load();
  REQUIRE(after == before);

  // A larger skeleton grows the scratch once, and then it is steady again.
  const Pose big_source = RandomPose(rng, 200);
  const Pose big_base = PartnerPose(rng, big_source);
  const std::vector<int16_t> big_parents = RandomParents(rng, 200);
  Pose big_delta(200);
  const long before_growth = g_allocations.load();
  MakeAdditiveMesh(big_delta.view(), big_source.view(), big_base.view(), big_parents.data(), 200);
  REQUIRE(g_allocations.load() > before_growth);
  const long grown = g_allocations.load();
  MakeAdditiveMesh(big_delta.view(), big_source.view(), big_base.view(), big_parents.data(), 200);
  REQUIRE(g_allocations.load() == grown);
}
