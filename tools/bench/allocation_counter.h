// Counts the process's heap allocations through operator new, so benchmarks can report allocations
// per frame. Linking allocation_counter.cpp replaces every allocating form of the global operator
// new (plain, array, nothrow, aligned). Direct malloc or aligned_alloc calls are not counted.
#pragma once

#include <cstdint>

namespace anim::bench {

uint64_t AllocationCount();

}  // namespace anim::bench
