// Counts heap allocations made by the process, so benchmarks can report allocations per frame.
// Linking allocation_counter.cpp replaces the global operator new.
#pragma once

#include <cstdint>

namespace anim::bench {

uint64_t AllocationCount();

}  // namespace anim::bench
