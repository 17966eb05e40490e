// The log every tool writes its errors and warnings to: standard error, each line "TOOL: LEVEL:
// message", the level coloured only when standard error is a terminal and NO_COLOR is not set
// (https://no-color.org: present and not empty).
#pragma once

namespace anim::cli {

// Makes that log spdlog's default.
void InstallToolLogger(const char* tool);

// Whether NO_COLOR asks for no colour.
bool NoColorRequested();

}  // namespace anim::cli
