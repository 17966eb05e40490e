#include "cli/common/tool_main.h"

#include <unistd.h>

#include <cstring>
#include <exception>
#include <new>
#include <string>

namespace anim::cli {
namespace {

const char* g_tool = "tool";

// Writes without allocating: the heap may be exhausted.
void WriteError(const char* what, const char* detail) {
  const char* parts[] = {g_tool, ": error: ", what, detail ? detail : ""};
  for (const char* part : parts) {
    std::size_t left = std::strlen(part);
    while (left > 0) {
      const ssize_t n = ::write(STDERR_FILENO, part, left);
      if (n <= 0) return;
      part += n;
      left -= static_cast<std::size_t>(n);
    }
  }
  [[maybe_unused]] const ssize_t n = ::write(STDERR_FILENO, "\n", 1);
}

constexpr const char* kOutOfMemory =
    "out of memory: the input needs more memory than this process may allocate";

// Reports the exception in flight, if any. Returns false when there is none.
bool ReportCurrentException() {
  const std::exception_ptr current = std::current_exception();
  if (!current) return false;
  try {
    std::rethrow_exception(current);
  } catch (const std::bad_alloc&) {
    WriteError(kOutOfMemory, nullptr);
  } catch (const std::exception& e) {
    WriteError("internal error: ", e.what());
  } catch (...) {
    WriteError("internal error: an unknown exception", nullptr);
  }
  return true;
}

[[noreturn]] void OnTerminate() {
  if (!ReportCurrentException()) WriteError("internal error: std::terminate was called", nullptr);
  ::_exit(kExitOutOfMemoryOrInternal);
}

}  // namespace

int GuardedMain(const char* tool, const std::function<int()>& body) {
  g_tool = tool;
  std::set_terminate(OnTerminate);
  try {
    return body();
  } catch (...) {
    ReportCurrentException();
    return kExitOutOfMemoryOrInternal;
  }
}

}  // namespace anim::cli
