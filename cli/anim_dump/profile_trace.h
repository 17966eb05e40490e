// anim-dump profile --format trace: Chrome trace-event JSON (Perfetto, chrome://tracing) of one
// timed play, the one whose execute time is the median of the repeats. One track: a slice per
// frame holding its recording and its execution, which holds a slice per executed task (its
// measured step) and the resolve. Times are the play's own, from its first measured frame.
#pragma once

#include <string>

#include "cli/anim_dump/profile_run.h"

namespace anim::dump {

std::string ProfileTrace(const ProfileRun& run, const std::string& input);

}  // namespace anim::dump
