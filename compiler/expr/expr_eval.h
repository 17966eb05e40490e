// Evaluation of expressions that read nothing at run time (no parameter, no state value): used
// for range checks on constants, for fields that must be constant, and to lower a constant field
// as one constant value.
#pragma once

#include <optional>

#include "compiler/expr/expr.h"

namespace anim::expr {

struct ConstValue {
  ir::Type type = ir::Type::Float;
  float v[3] = {0.0f, 0.0f, 0.0f};  // bool as 0 or 1
};

// Needs a checked expression. Nullopt when it reads a parameter or a state value.
std::optional<ConstValue> EvaluateConstant(const Expr& expr);
std::optional<ConstValue> EvaluateConstant(const Expr& expr, int node);

}  // namespace anim::expr
