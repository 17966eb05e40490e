// Counts the process's heap allocations through operator new, so tests and benchmarks can check
// that a steady state allocates nothing. Linking the animtc_allocation_counter library replaces
// every allocating form of the global operator new (plain, array, nothrow, aligned); pose buffers
// allocate through the aligned form. Direct malloc or aligned_alloc calls are not counted.
#pragma once

#include <cstdint>

namespace anim {

// Allocations through operator new since the process started.
uint64_t HeapAllocationCount();

}  // namespace anim
