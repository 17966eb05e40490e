// JSON description of a Program (`animc --emit json`): header fields, decoded instructions with
// named operands and their debug entries, and every table. Stable key order, for diffing.
#pragma once

#include <string>

#include "vm/bytecode/program.h"

namespace anim::codegen {

std::string ProgramToJson(const Program& program);

}  // namespace anim::codegen
