// The mesh-space kernels keep a thread_local scratch that only grows: once warmed up to a bone
// count, calls at that count or below allocate nothing. Counted by the allocation counter this test
// binary links (it replaces the global operator new).
#include <catch2/catch.hpp>

#include <thread>

#include "executor/kernels/pose_kernels.h"
#include "tests/kernels/kernel_test_util.h"
#include "tools/allocation_counter/allocation_counter.h"

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

  const uint64_t before = HeapAllocationCount();
  for (int count : {bones, 40, 7, bones}) {
    MakeAdditiveMesh(delta.view(), source.view(), base.view(), parents.data(), count);
    ApplyAdditiveMesh(out.view(), base.view(), delta.view(), 0.5f, parents.data(), count);
    reference::MakeAdditiveMesh(delta.view(), source.view(), base.view(), parents.data(), count);
    reference::ApplyAdditiveMesh(out.view(), base.view(), delta.view(), 0.5f, parents.data(), count);
    BlendPoses(out.view(), source.view(), base.view(), 0.5f, count);
  }
  const uint64_t after = HeapAllocationCount();
  REQUIRE(after == before);

  // A larger skeleton grows the scratch once, and then it is steady again.
  const Pose big_source = RandomPose(rng, 200);
  const Pose big_base = PartnerPose(rng, big_source);
  const std::vector<int16_t> big_parents = RandomParents(rng, 200);
  Pose big_delta(200);
  const uint64_t before_growth = HeapAllocationCount();
  MakeAdditiveMesh(big_delta.view(), big_source.view(), big_base.view(), big_parents.data(), 200);
  REQUIRE(HeapAllocationCount() > before_growth);
  const uint64_t grown = HeapAllocationCount();
  MakeAdditiveMesh(big_delta.view(), big_source.view(), big_base.view(), big_parents.data(), 200);
  REQUIRE(HeapAllocationCount() == grown);
}

// A thread pool's worker reserves ahead (ReserveThreadExecutor): a new thread then runs the
// mesh-space kernels at the reserved count without growing its scratch.
TEST_CASE("a thread that reserved its kernel scratch runs mesh-space kernels allocating nothing",
          "[kernels][additive]") {
  std::mt19937 rng(43);
  const int bones = 300;
  const Pose source = RandomPose(rng, bones);
  const Pose base = PartnerPose(rng, source);
  const std::vector<int16_t> parents = RandomParents(rng, bones);
  Pose delta(bones), out(bones);
  auto run = [&] {
    MakeAdditiveMesh(delta.view(), source.view(), base.view(), parents.data(), bones);
    ApplyAdditiveMesh(out.view(), base.view(), delta.view(), 0.5f, parents.data(), bones);
  };
  uint64_t cold = 0, reserved = 0;
  std::thread([&] {
    const uint64_t before = HeapAllocationCount();
    run();
    cold = HeapAllocationCount() - before;
  }).join();
  std::thread([&] {
    ReserveKernelScratch(bones);
    const uint64_t before = HeapAllocationCount();
    run();
    reserved = HeapAllocationCount() - before;
  }).join();
  CHECK(cold > 0);
  CHECK(reserved == 0);
}

// The steady-state checks above and in the VM and benchmarks mean something only if a pose buffer
// allocation is counted: poses allocate through the aligned operator new.
TEST_CASE("the allocation counter sees pose buffers grow", "[kernels]") {
  Pose pose;
  const uint64_t before = HeapAllocationCount();
  pose.Resize(100, 0);
  REQUIRE(HeapAllocationCount() == before + 1);
  pose.Resize(50, 0);  // shrinking keeps the storage
  REQUIRE(HeapAllocationCount() == before + 1);
}
