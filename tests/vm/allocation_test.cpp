// The steady state allocates nothing: after a warm-up pass over every transition, recording and
// executing frames makes no heap allocation, pose buffers included (counted by the allocation
// counter this binary links); and a thread that reserved what those frames need allocates nothing
// running them for the first time.
#include <catch2/catch.hpp>

#include <algorithm>
#include <thread>

#include "executor/tasks/execute_task_list.h"
#include "tests/vm/vm_runner_fixture.h"
#include "tools/allocation_counter/allocation_counter.h"
#include "vm/build_tasks.h"

namespace anim {
namespace {

// Idle, move (a crossfade), jump (trigger), back to idle (dead blend): every machine path of the
// full program; the aim parameter moves the 2D blend space's point every frame.
template <typename AfterFrame>
void Script(test::VmStepper& vm, AfterFrame after_frame) {
  const float dt = 1.0f / 30.0f;
  for (int frame = 0; frame < 60; ++frame) {
    vm.instance.SetFloat("speed", frame < 10 || frame >= 45 ? 0.0f : 2.0f);
    if (frame == 15) vm.instance.FireTrigger("jump");
    vm.instance.SetVec3("aim", 0.1f * static_cast<float>(frame % 7), 0.5f, 0.2f);
    vm.instance.SetBool("crouch", frame % 3 == 0);
    vm.Step(dt);
    after_frame();
  }
}

void Script(test::VmStepper& vm) {
  Script(vm, [] {});
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

TEST_CASE("A thread that reserved what the frames need runs them for the first time allocating nothing",
          "[vm][allocation]") {
  test::VmRig rig;
  test::VmStepper vm(rig, test::FullProgram(rig));
  // The program's sizes, then the most its frames needed (as anim::crowd::Crowd keeps them).
  ExecutorReserve reserve{.bones = rig.skeleton.bone_count(),
                          .curves = static_cast<int>(vm.program.curves.size()),
                          .blend_slots = static_cast<int>(vm.program.machines.size())};
  std::size_t events = 0;
  Script(vm, [&] {
    reserve.tasks = std::max(reserve.tasks, static_cast<int>(vm.list.tasks.size()));
    reserve.buffers = std::max(reserve.buffers, ThreadExecutorStats().last_peak_buffers);
    events = std::max(events, vm.instance.events.capacity());
  });

  // The instance and its list are warm; only the threads are new.
  uint64_t cold = 0, reserved = 0;
  std::thread([&] {
    const uint64_t before = HeapAllocationCount();
    Script(vm);
    cold = HeapAllocationCount() - before;
  }).join();
  std::thread([&] {
    ReserveThreadBuildTasks(vm.binding, reserve.tasks, events);
    ReserveThreadExecutor(reserve);
    const uint64_t before = HeapAllocationCount();
    Script(vm);
    reserved = HeapAllocationCount() - before;
  }).join();
  CHECK(cold > 0);  // what the reserve is for: a new thread grows its state as it meets the frames
  CHECK(reserved == 0);
}

}  // namespace
}  // namespace anim
