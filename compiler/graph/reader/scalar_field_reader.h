// Value fields of nodes and transitions: numbers, booleans, `[x, y, z]` arrays and expression
// strings, parsed with every expression node placed in the file, type-checked against the field,
// and a constant checked against the field's range (docs/graph-format.md, "Expressions").
#pragma once

#include <optional>
#include <string>

#include "compiler/expr/expr.h"
#include "compiler/graph/node_kinds.h"
#include "compiler/graph/reader/graph_read_state.h"

namespace anim::graph {

class ScalarFieldReader {
 public:
  explicit ScalarFieldReader(GraphReadState& state) : s_(state) {}

  // A value of `type`; nullopt after an error. `what` names the field in messages: "'alpha' of
  // node 'mix'".
  std::optional<expr::Expr> ReadValue(const DocNode& doc, ir::Type type, const std::string& what,
                                      Range range);
  // A float known when compiling (it reads no parameter or state value; E020 otherwise).
  std::optional<float> ReadConstant(const DocNode& doc, const std::string& what, Range range);
  // The expression of a literal value (a field's default): one number, or vec3 of three.
  static expr::Expr Literal(ir::Type type, const float* values, TextPosition at);

 private:
  std::optional<expr::Expr> ParseString(const DocNode& doc);
  std::optional<expr::Expr> ReadTerm(const DocNode& doc, const std::string& what);
  std::optional<expr::Expr> ReadVectorArray(const DocNode& doc, const std::string& what);

  GraphReadState& s_;
};

}  // namespace anim::graph
