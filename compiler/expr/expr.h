// The graph documents' expression language as a tree: literals, parameter names, the built-in
// state values, unary and binary operators and function calls. Every node remembers where it was
// written in the graph file (not only in the expression), so diagnostics point inside the string.
// A field written as a plain YAML/JSON literal ([0, 1, 2], 0.5, true) becomes the same tree.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compiler/document/document.h"
#include "compiler/ir/ir.h"

namespace anim::expr {

// Conditional is `c ? a : b` (args: c, a, b; op Select). String is a quoted name ("x" or 'x'), only
// ever the argument of curve().
enum class ExprKind : std::uint8_t { Number, Bool, Name, Unary, Binary, Call, Conditional, String };

// A call that converts rather than computes: float(b) reads a bool as 0 or 1, bool(x) is x != 0.
enum class Conversion : std::uint8_t { None, ToFloat, ToBool };

// What a name resolved to when the expression was checked.
enum class NameKind : std::uint8_t { Unresolved, Param, TimeInState, StateProgress };

struct ExprNode {
  ExprKind kind = ExprKind::Number;
  ir::Op op = ir::Op::Const;  // Unary, Binary, Conditional: the operator; Call: the function's op
  std::string text;  // Name: the identifier; Call: the function name; String: its text; operators: as written
  double number = 0.0;
  bool boolean = false;
  std::vector<int> args;  // operand node indices
  int offset = 0;         // byte offset in the expression text
  TextPosition position;  // where it is in the file

  // Filled by the checker.
  ir::Type type = ir::Type::Float;
  NameKind name_kind = NameKind::Unresolved;
  int param = -1;                            // Param: the parameter; a curve() call: the curve
  Conversion conversion = Conversion::None;  // Call
};

struct Expr {
  std::vector<ExprNode> nodes;
  int root = -1;

  const ExprNode& at(int index) const { return nodes[static_cast<std::size_t>(index)]; }
  ExprNode& at(int index) { return nodes[static_cast<std::size_t>(index)]; }
  int Add(ExprNode node) {
    nodes.push_back(std::move(node));
    return static_cast<int>(nodes.size() - 1);
  }
  // Copies `other`'s nodes in; returns the index its root now has.
  int Graft(const Expr& other);
};

}  // namespace anim::expr
