// Human-readable disassembly (`animc --emit asm`): a summary header, one instruction per line with
// its offset and named operands and its graph node and source line as a comment, then every table
// (parameters, clips, clocks, scopes, machines with states and transitions, masks, bones,
// snapshots). Any Program can be printed, verified or not.
#pragma once

#include <string>

#include "vm/bytecode/program.h"

namespace anim::codegen {

std::string Disassemble(const Program& program);

}  // namespace anim::codegen
