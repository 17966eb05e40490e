// anim-dump profile's text tables and JSON (schemas/dump-profile.schema.json) of a ProfileSummary.
#pragma once

#include <string>

#include "cli/anim_dump/profile_summary.h"

namespace anim::dump {

// Aligned tables: the frames' times, the execute time by task type and by node (with the resolve
// and the executor's overhead), the pool's traffic and the slowest frames.
std::string ProfileText(const ProfileSummary& summary, const std::string& input, bool colour);

std::string ProfileJson(const ProfileSummary& summary, const std::string& input);

}  // namespace anim::dump
