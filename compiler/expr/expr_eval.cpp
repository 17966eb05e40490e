#include "compiler/expr/expr_eval.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace anim::expr {
namespace {

using ir::Op;
using ir::Type;

float Smoothstep(float e0, float e1, float x) {
  const float t = std::clamp((x - e0) / (e1 - e0), 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

ConstValue Scalar(Type type, float value) {
  ConstValue c;
  c.type = type;
  c.v[0] = value;
  return c;
}

// Componentwise for vec3 operands (a scalar operand is broadcast), else on v[0].
template <typename F>
ConstValue Map2(Type type, const ConstValue& a, const ConstValue& b, F f) {
  ConstValue c;
  c.type = type;
  const int n = type == Type::Vec3 ? 3 : 1;
  for (int i = 0; i < n; ++i)
    c.v[i] = f(a.v[a.type == Type::Vec3 ? i : 0], b.v[b.type == Type::Vec3 ? i : 0]);
  return c;
}

}  // namespace

std::optional<ConstValue> EvaluateConstant(const Expr& expr) {
  // Most run-time expressions read a name: answer those without walking the tree.
  for (const ExprNode& node : expr.nodes)
    if (node.kind == ExprKind::Name) return std::nullopt;
  return EvaluateConstant(expr, expr.root);
}

std::optional<ConstValue> EvaluateConstant(const Expr& expr, int index) {
  const ExprNode& node = expr.at(index);
  switch (node.kind) {
    case ExprKind::Number:
      return Scalar(Type::Float, static_cast<float>(node.number));
    case ExprKind::Bool:
      return Scalar(Type::Bool, node.boolean ? 1.0f : 0.0f);
    case ExprKind::Name:
      return std::nullopt;
    default:
      break;
  }
  ConstValue args[5];  // the most any operator or function takes (remap)
  if (node.args.size() > std::size(args)) return std::nullopt;
  for (std::size_t i = 0; i < node.args.size(); ++i) {
    const std::optional<ConstValue> value = EvaluateConstant(expr, node.args[i]);
    if (!value) return std::nullopt;
    args[i] = *value;
  }
  const Type t = node.type;
  auto v = [&](std::size_t i) { return args[i].v[0]; };
  if (node.conversion == Conversion::ToFloat) return Scalar(t, v(0));
  if (node.conversion == Conversion::ToBool) return Scalar(t, v(0) != 0.0f ? 1.0f : 0.0f);
  switch (node.op) {
    case Op::Neg:
      return Map2(t, args[0], args[0], [](float a, float) { return -a; });
    case Op::Abs:
      return Map2(t, args[0], args[0], [](float a, float) { return std::fabs(a); });
    case Op::Not:
      return Scalar(t, v(0) != 0.0f ? 0.0f : 1.0f);
    case Op::Sin:
      return Scalar(t, std::sin(v(0)));
    case Op::Cos:
      return Scalar(t, std::cos(v(0)));
    case Op::Add:
      return Map2(t, args[0], args[1], [](float a, float b) { return a + b; });
    case Op::Sub:
      return Map2(t, args[0], args[1], [](float a, float b) { return a - b; });
    case Op::Mul:
      return Map2(t, args[0], args[1], [](float a, float b) { return a * b; });
    case Op::Div:
      return Map2(t, args[0], args[1], [](float a, float b) { return a / b; });
    case Op::Min:
      return Scalar(t, std::min(v(0), v(1)));
    case Op::Max:
      return Scalar(t, std::max(v(0), v(1)));
    case Op::Less:
      return Scalar(t, v(0) < v(1) ? 1.0f : 0.0f);
    case Op::LessEqual:
      return Scalar(t, v(0) <= v(1) ? 1.0f : 0.0f);
    case Op::Greater:
      return Scalar(t, v(0) > v(1) ? 1.0f : 0.0f);
    case Op::GreaterEqual:
      return Scalar(t, v(0) >= v(1) ? 1.0f : 0.0f);
    case Op::Equal:
      return Scalar(t, v(0) == v(1) ? 1.0f : 0.0f);
    case Op::NotEqual:
      return Scalar(t, v(0) != v(1) ? 1.0f : 0.0f);
    case Op::And:
      return Scalar(t, v(0) != 0.0f && v(1) != 0.0f ? 1.0f : 0.0f);
    case Op::Or:
      return Scalar(t, v(0) != 0.0f || v(1) != 0.0f ? 1.0f : 0.0f);
    case Op::Clamp:
      return Scalar(t, std::min(std::max(v(0), v(1)), v(2)));
    case Op::Lerp: {
      const float w = v(2);
      return Map2(t, args[0], args[1], [w](float a, float b) { return a + (b - a) * w; });
    }
    case Op::Smoothstep:
      return Scalar(t, Smoothstep(v(0), v(1), v(2)));
    case Op::Remap:
      return Scalar(t, v(3) + (v(0) - v(1)) / (v(2) - v(1)) * (v(4) - v(3)));
    case Op::Select: {
      ConstValue c = v(0) != 0.0f ? args[1] : args[2];
      c.type = t;
      return c;
    }
    case Op::MakeVec3: {
      ConstValue c;
      c.type = Type::Vec3;
      c.v[0] = v(0);
      c.v[1] = v(1);
      c.v[2] = v(2);
      return c;
    }
    default:
      return std::nullopt;
  }
}

}  // namespace anim::expr
