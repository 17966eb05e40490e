#include "compiler/expr/expr_emit.h"

#include "compiler/expr/expr_eval.h"

namespace anim::expr {
namespace {

using ir::Op;
using ir::Type;
using ir::ValueId;

ir::Value NewValue(Op op, Type type, const ExprNode& at, const EmitContext& context) {
  ir::Value value;
  value.op = op;
  value.type = type;
  value.node = context.node;
  value.location = {context.file, at.position.line, at.position.column};
  return value;
}

ValueId EmitConst(const ConstValue& c, const ExprNode& at, EmitContext& context) {
  ir::Value value = NewValue(Op::Const, c.type, at, context);
  for (int i = 0; i < 3; ++i)
    value.constant[i] = c.v[i];
  return context.graph.Add(std::move(value));
}

ValueId Emit(const Expr& expr, int index, EmitContext& context) {
  const ExprNode& node = expr.at(index);
  if (node.kind == ExprKind::Number || node.kind == ExprKind::Bool) {
    if (const std::optional<ConstValue> c = EvaluateConstant(expr, index))
      return EmitConst(*c, node, context);
  }
  if (node.kind == ExprKind::Name) {
    if (node.name_kind == NameKind::Param) {
      ValueId& cached = context.leaves.params[static_cast<std::size_t>(node.param)];
      if (cached == ir::kNoValue) {
        ir::Value value = NewValue(Op::Param, node.type, node, context);
        value.index = static_cast<uint16_t>(node.param);
        cached = context.graph.Add(std::move(value));
      }
      return cached;
    }
    const Op op = node.name_kind == NameKind::TimeInState ? Op::TimeInState : Op::StateProgress;
    const auto [it, inserted] = context.leaves.state_values.try_emplace({op, context.machine}, ir::kNoValue);
    if (inserted) {
      ir::Value value = NewValue(op, Type::Float, node, context);
      value.index = context.machine;
      it->second = context.graph.Add(std::move(value));
    }
    return it->second;
  }
  std::vector<ValueId> operands;
  for (int arg : node.args)
    operands.push_back(Emit(expr, arg, context));
  // The IR's vector-scalar product takes the vector first.
  if (node.op == Op::Mul && expr.at(node.args[0]).type != Type::Vec3 &&
      expr.at(node.args[1]).type == Type::Vec3)
    std::swap(operands[0], operands[1]);
  ir::Value value = NewValue(node.op, node.type, node, context);
  value.operands = std::move(operands);
  return context.graph.Add(std::move(value));
}

}  // namespace

ir::ValueId EmitExpression(const Expr& expr, EmitContext& context) {
  if (const std::optional<ConstValue> c = EvaluateConstant(expr))
    return EmitConst(*c, expr.at(expr.root), context);
  return Emit(expr, expr.root, context);
}

}  // namespace anim::expr
