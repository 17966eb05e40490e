// Checks that a Program computes what its IR graph says, independently of how codegen scheduled
// and allocated it: the IR is evaluated directly, the Program is run instruction by instruction;
// scalar registers hold numbers (parameters at their defaults, time_in_state and state_progress at
// fixed stand-ins), pose registers hold interned symbols of the pose expression that wrote them.
// Every read of an unwritten register, every state pose or condition register that does not hold
// its IR value at machine_update / machine_record, and a wrong output is reported.
#pragma once

#include <string>
#include <vector>

#include "compiler/ir/ir.h"
#include "vm/bytecode/program.h"

namespace anim::test {

std::vector<std::string> CheckProgramMatchesGraph(const ir::Graph& graph, const Program& program);

}  // namespace anim::test
