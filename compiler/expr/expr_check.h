// Name resolution and typing of an expression tree. Types: float, int, bool, vec3. Int is a
// number and goes wherever a float does (int op int stays int, except '/' which gives a float);
// number literals are floats; bool is never a number (write `b && x > 0`, not `b * x`).
//
// Codes: E002 a pose node named where a value is needed, E004 unknown parameter, E014 unknown
// function, E015 wrong argument count, E016 type mismatch, E031 unknown curve. (Whether time_in_state and
// state_progress have a state to read is known only once nodes have scopes: lowering reports E017.)
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string_view>

#include "compiler/document/document_reader.h"
#include "compiler/expr/expr.h"
#include "vm/bytecode/program.h"

namespace anim::expr {

struct CheckContext {
  std::span<const ParamDesc> params;
  std::span<const std::string> curves;            // what curve("name") may name
  std::function<bool(std::string_view)> is_node;  // for "'x' is a node" rather than unknown
};

bool IsNumeric(ir::Type type);

// Types every node (and resolves names) in place. Returns the root's type, or nullopt after
// reporting the first error of each failing subtree.
std::optional<ir::Type> CheckExpression(Expr& expr, const CheckContext& context, DocumentReader& reader);

// The parameters an expression reads, ascending, without repeats.
std::vector<int> ParamsRead(const Expr& expr);

}  // namespace anim::expr
