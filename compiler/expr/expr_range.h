// What a checked expression can be, known when compiling, for the lints: the interval a number
// stays in (from parameter ranges, state values, constants and the operators that keep bounds),
// and a condition that is always true or always false (literals, `x || true`, `x && false`, and
// comparisons the intervals decide). Sound but not complete: nullopt means "not known".
#pragma once

#include <optional>
#include <span>

#include "compiler/expr/expr.h"
#include "vm/bytecode/program.h"

namespace anim::expr {

struct Interval {
  double lo = 0.0, hi = 0.0;
};

// Needs a checked expression of a number type.
std::optional<Interval> RangeOf(const Expr& expr, int node, std::span<const ParamDesc> params);
// Needs a checked bool expression.
std::optional<bool> AlwaysAs(const Expr& expr, int node, std::span<const ParamDesc> params);

}  // namespace anim::expr
