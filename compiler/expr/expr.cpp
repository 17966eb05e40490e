#include "compiler/expr/expr.h"

namespace anim::expr {

int Expr::Graft(const Expr& other) {
  const int shift = static_cast<int>(nodes.size());
  for (ExprNode node : other.nodes) {
    for (int& arg : node.args)
      arg += shift;
    nodes.push_back(std::move(node));
  }
  return other.root + shift;
}

}  // namespace anim::expr
