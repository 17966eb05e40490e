// The expression language's built-in functions and names.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "compiler/expr/expr.h"
#include "compiler/ir/ir.h"

namespace anim::expr {

struct FunctionSpec {
  std::string_view name;
  int arity;
  ir::Op op;
  Conversion conversion = Conversion::None;  // float and bool convert; their op is unused
};

std::span<const FunctionSpec> Functions();
const FunctionSpec* FindFunction(std::string_view name);

// Names that are never parameters: the literals and the state values (of a transition's machine in
// its condition, else of the state a node runs in).
inline constexpr std::string_view kTimeInState = "time_in_state";
inline constexpr std::string_view kStateProgress = "state_progress";
bool IsReservedName(std::string_view name);

}  // namespace anim::expr
