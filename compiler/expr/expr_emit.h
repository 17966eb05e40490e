// Checked expression to IR values. A constant expression becomes one Const value; otherwise each
// operator and call becomes one value, and each parameter or state value is read once per graph
// (the leaf cache) however many expressions use it.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "compiler/expr/expr.h"
#include "compiler/ir/ir.h"

namespace anim::expr {

struct LeafCache {
  std::vector<ir::ValueId> params;                                  // by parameter index; kNoValue until read
  std::map<std::pair<ir::Op, uint16_t>, ir::ValueId> state_values;  // (TimeInState|StateProgress, machine)
};

struct EmitContext {
  ir::Graph& graph;
  LeafCache& leaves;
  std::string node;      // Value::node of every value emitted
  std::string file;      // Value::location's file
  uint16_t machine = 0;  // the machine whose state values a transition condition reads
};

ir::ValueId EmitExpression(const Expr& expr, EmitContext& context);

}  // namespace anim::expr
