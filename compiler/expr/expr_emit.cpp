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
    if (context.no_state) return EmitConst({}, node, context);
    const bool time = node.name_kind == NameKind::TimeInState;
    const Op op = context.condition ? (time ? Op::TimeInState : Op::StateProgress)
                                    : (time ? Op::StateTime : Op::StateClockProgress);
    const uint16_t table_index = context.condition ? context.machine : context.scope;
    const auto [it, inserted] = context.leaves.state_values.try_emplace({op, table_index}, ir::kNoValue);
    if (inserted) {
      ir::Value value = NewValue(op, Type::Float, node, context);
      value.index = table_index;
      it->second = context.graph.Add(std::move(value));
    }
    return it->second;
  }
  if (node.op == Op::Curve && node.kind == ExprKind::Call) {
    ir::Value value = NewValue(Op::Curve, Type::Float, node, context);
    value.index = static_cast<uint16_t>(node.param);
    return context.graph.Add(std::move(value));
  }
  if (node.conversion == Conversion::ToFloat) return Emit(expr, node.args[0], context);  // 0 or 1 already
  if (node.conversion == Conversion::ToBool) {
    ir::Value value = NewValue(Op::NotEqual, Type::Bool, node, context);
    value.operands = {Emit(expr, node.args[0], context), EmitConst({}, node, context)};
    return context.graph.Add(std::move(value));
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

const ExprNode* FirstStateRead(const Expr& expr) {
  for (const ExprNode& node : expr.nodes) {
    if (node.name_kind == NameKind::TimeInState || node.name_kind == NameKind::StateProgress) return &node;
  }
  return nullptr;
}

ir::ValueId EmitExpression(const Expr& expr, EmitContext& context) {
  if (const std::optional<ConstValue> c = EvaluateConstant(expr))
    return EmitConst(*c, expr.at(expr.root), context);
  return Emit(expr, expr.root, context);
}

}  // namespace anim::expr
