// Writing animc's results: a file is written to a temporary next to it and renamed into place, so
// a reader (or a build system) never sees a half-written output; "-" is standard output.
#pragma once

#include <span>
#include <string>

namespace anim::animc {

// False with `error` set when the file cannot be written; the destination is then untouched.
bool WriteOutput(const std::string& path, std::span<const char> bytes, std::string& error);

}  // namespace anim::animc
