// A progress line on standard error for long runs: shown only when stderr is a terminal and only
// once a run has taken longer than a second (ANIM_DUMP_PROGRESS_DELAY_MS), so pipes, CI logs and
// golden files never see it.
#pragma once

#include <chrono>

namespace anim::dump {

class Progress {
 public:
  Progress(const char* what, int total);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void Update(int done);

 private:
  const char* what_;
  int total_;
  bool enabled_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
};

}  // namespace anim::dump
