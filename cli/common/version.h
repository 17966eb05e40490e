// What every tool prints for --version: the tool's release (the CMake project version), the
// bytecode version it writes and reads (kAnimBytecodeVersion) and the source revision it was built
// from (`git describe --always --dirty` at build time; "unknown" when built outside a git checkout,
// or what -DANIMTC_REVISION=... says). For example:
//   animc 0.2.0
//   bytecode version 2
//   revision e875861-dirty
#pragma once

#include <string>
#include <string_view>

namespace anim::cli {

// The release of the tools and runtime libraries, "0.2.0".
std::string_view ToolVersion();

// The source revision, "e875861", "v0.2.0-3-ge875861-dirty" or "unknown".
std::string_view SourceRevision();

// The three lines above, each ending in a newline but the last.
std::string VersionText(std::string_view tool);

}  // namespace anim::cli
