// The expression language's built-in functions and names.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "compiler/ir/ir.h"

namespace anim::expr {

struct FunctionSpec {
  std::string_view name;
  int arity;
  ir::Op op;
};

std::span<const FunctionSpec> Functions();
const FunctionSpec* FindFunction(std::string_view name);

// Names that are never parameters: the literals and the state values of transition conditions.
inline constexpr std::string_view kTimeInState = "time_in_state";
inline constexpr std::string_view kStateProgress = "state_progress";
bool IsReservedName(std::string_view name);

}  // namespace anim::expr
