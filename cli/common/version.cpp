#include "cli/common/version.h"

#include "animtc_revision.h"  // generated at build time by cmake/animtc_revision.cmake
#include "vm/bytecode/opcodes.h"

#ifndef ANIMTC_VERSION
#error "ANIMTC_VERSION is defined by cli/common/CMakeLists.txt from the project version"
#endif

namespace anim::cli {

std::string_view ToolVersion() {
  return ANIMTC_VERSION;
}

std::string_view SourceRevision() {
  return ANIMTC_REVISION;
}

std::string VersionText(std::string_view tool) {
  std::string text(tool);
  text += ' ';
  text += ToolVersion();
  text += "\nbytecode version " + std::to_string(kAnimBytecodeVersion) + "\nrevision ";
  text += SourceRevision();
  return text;
}

}  // namespace anim::cli
