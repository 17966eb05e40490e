// The outermost frame of every tool's main: whatever escapes the tool's own error handling becomes
// one error line on standard error and exit code 2, never an abort. `std::bad_alloc` (a graph or
// a run that needs more memory than the process may have) reads
//   animc: error: out of memory: ...
// and anything else (std::length_error, ...) reads "TOOL: error: internal error: ...".
#pragma once

#include <functional>

namespace anim::cli {

inline constexpr int kExitOutOfMemoryOrInternal = 2;

// Runs `body` and returns its exit code. Also installs a terminate handler that says the same
// thing for an exception that cannot be caught here (one thrown through a noexcept function).
int GuardedMain(const char* tool, const std::function<int()>& body);

}  // namespace anim::cli
