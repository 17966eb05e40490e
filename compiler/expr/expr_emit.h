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
  std::vector<ir::ValueId> params;  // by parameter index; kNoValue until read
  // (TimeInState|StateProgress, machine) and (StateTime|StateClockProgress, scope)
  std::map<std::pair<ir::Op, uint16_t>, ir::ValueId> state_values;
};

struct EmitContext {
  ir::Graph& graph;
  LeafCache& leaves;
  std::string node;  // Value::node of every value emitted
  std::string file;  // Value::location's file
  // A transition's condition reads the state values of its machine's current state; any other
  // expression those of the state its node runs in, `scope` (never the root: lowering reports E017).
  bool condition = false;
  uint16_t machine = 0;
  uint16_t scope = 0;
  bool no_state = false;  // a node nothing uses, in no state: its state values read 0 (it is removed)
};

// The first node reading time_in_state or state_progress, or null.
const ExprNode* FirstStateRead(const Expr& expr);

ir::ValueId EmitExpression(const Expr& expr, EmitContext& context);

}  // namespace anim::expr
