// The steady state allocates nothing: after a warm-up pass over every transition, recording and
// executing frames makes no heap allocation, pose buffers included (counted by the allocation
// counter this binary links).
#include <catch2/catch.hpp>

#include "tests/vm/vm_runner_fixture.h"
#include "tools/allocation_counter/allocation_counter.h"

namespace anim {
namespace {

// Idle, move (a crossfade), jump (trigger), back to idle (dead blend): every machine path of the
// full program; the aim parameter moves the 2D blend space's point every frame.
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
  const uint64_t before = HeapAllocationCount();
  Script(vm);
  const uint64_t allocations = HeapAllocationCount() - before;  // read before Catch's macros allocate
  CHECK(allocations == 0);
  CHECK(vm.list.tasks.capacity() == capacity);
  CHECK(vm.instance.machines[0].current == 0);
}

}  // namespace
}  // namespace anim
