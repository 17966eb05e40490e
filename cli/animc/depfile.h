// Make-syntax dependency files (`--depfile`), as Ninja (`deps = gcc`) and Make read them:
// `target: input input ...`, with spaces, '#' and '$' escaped.
#pragma once

#include <string>
#include <vector>

namespace anim::animc {

std::string FormatDepfile(const std::string& target, const std::vector<std::string>& inputs);

}  // namespace anim::animc
