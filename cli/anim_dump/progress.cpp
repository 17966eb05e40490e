#include "cli/anim_dump/progress.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace anim::dump {
namespace {

// ANIM_DUMP_PROGRESS_DELAY_MS overrides the one-second delay (tests set 0).
std::chrono::milliseconds Delay() {
  const char* value = std::getenv("ANIM_DUMP_PROGRESS_DELAY_MS");
  return std::chrono::milliseconds(value != nullptr ? std::atoi(value) : 1000);
}

}  // namespace

Progress::Progress(const char* what, int total)
    : what_(what),
      total_(total),
      enabled_(isatty(STDERR_FILENO) == 1),
      start_(std::chrono::steady_clock::now()) {}

Progress::~Progress() {
  if (shown_) std::fprintf(stderr, "\r\033[K");
}

void Progress::Update(int done) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - start_ < Delay() || now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  shown_ = true;
  std::fprintf(stderr, "\ranim-dump: %s %d/%d (%d%%)", what_, done, total_,
               total_ > 0 ? 100 * done / total_ : 100);
  std::fflush(stderr);
}

}  // namespace anim::dump
