// The steady state allocates nothing: after a warm-up pass over every transition, recording and
// executing frames makes no heap allocation. This binary replaces the global operator new to count.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <new>

#include "tests/vm/vm_runner_fixture.h"

namespace {
std::atomic<uint64_t> g_allocations{0};
}

void* operator new(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
  return operator new(size);
}
// The nothrow forms too, so every delete below frees what this file's malloc gave (sanitizers check).
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size == 0 ? 1 : size);
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept {
  return operator new(size, tag);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  std::free(p);
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

namespace anim {
namespace {

// Idle, move, jump (trigger), back to idle (dead blend): every machine path of the full program.
void Script(test::VmStepper& vm) {
  const float dt = 1.0f / 30.0f;
  for (int frame = 0; frame < 60; ++frame) {
    vm.instance.SetFloat("speed", frame < 10 || frame >= 45 ? 0.0f : 2.0f);
    if (frame == 15) vm.instance.FireTrigger("jump");
    vm.instance.SetVec3("aim", 0.1f * static_cast<float>(frame % 7), 0.5f, 0.2f);
    vm.instance.SetBool("crouch", frame % 3 == 0);
    vm.Step(dt);
  }
}

TEST_CASE("BuildTasks and ExecuteTaskList allocate nothing after warm-up", "[vm][allocation]") {
  test::VmRig rig;
  test::VmStepper vm(rig, test::FullProgram(rig));
  Script(vm);  // warm-up: vectors, pools and blend states reach their sizes
  const std::size_t capacity = vm.list.tasks.capacity();
  const uint64_t before = g_allocations.load();
  Script(vm);
  const uint64_t allocations = g_allocations.load() - before;  // read before Catch's macros allocate
  CHECK(allocations == 0);
  CHECK(vm.list.tasks.capacity() == capacity);
  CHECK(vm.instance.machines[0].current == 0);
}

}  // namespace
}  // namespace anim
