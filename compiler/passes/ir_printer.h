// Text form of the IR (`animc --emit ir`): one value per line with its type, operands, table
// references, scope and source node, then the tables the values index.
#pragma once

#include <string>

#include "compiler/ir/ir.h"

namespace anim::ir {

std::string PrintGraph(const Graph& graph);

}  // namespace anim::ir
