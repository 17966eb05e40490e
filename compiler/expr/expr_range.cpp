#include "compiler/expr/expr_range.h"

#include <algorithm>
#include <cmath>

namespace anim::expr {
namespace {

using ir::Op;

Interval Point(double v) {
  return {v, v};
}

// The smallest interval holding `values`; nullopt when one is NaN (0 * inf, inf - inf).
std::optional<Interval> Span(std::initializer_list<double> values) {
  for (const double v : values)
    if (std::isnan(v)) return std::nullopt;
  return Interval{std::min(values), std::max(values)};
}

class Ranger {
 public:
  Ranger(const Expr& expr, std::span<const ParamDesc> params) : expr_(expr), params_(params) {}

  std::optional<Interval> Range(int index) {
    const std::optional<Interval> r = Bounds(index);
    if (r && (std::isnan(r->lo) || std::isnan(r->hi))) return std::nullopt;
    return r;
  }

 private:
  std::optional<Interval> Bounds(int index) {
    const ExprNode& node = expr_.at(index);
    if (node.type == ir::Type::Vec3 || node.type == ir::Type::Bool) return std::nullopt;
    if (node.kind == ExprKind::Number) return Point(node.number);
    if (node.kind == ExprKind::Name) return NameRange(node);
    if (node.conversion == Conversion::ToFloat) {
      if (expr_.at(node.args[0]).type == ir::Type::Bool) return Interval{0.0, 1.0};
      return Range(node.args[0]);
    }
    if (node.op == Op::Select) {  // the branch a known condition picks, and only that one
      const std::optional<bool> choice = AlwaysAs(node.args[0]);
      if (choice) return Range(node.args[*choice ? 1 : 2]);
      const std::optional<Interval> b = Range(node.args[1]), c = Range(node.args[2]);
      if (b && c) return Interval{std::min(b->lo, c->lo), std::max(b->hi, c->hi)};
      return std::nullopt;
    }
    std::optional<Interval> a, b, c;
    if (!node.args.empty()) a = Range(node.args[0]);
    if (node.args.size() > 1) b = Range(node.args[1]);
    if (node.args.size() > 2) c = Range(node.args[2]);
    switch (node.op) {
      case Op::Neg:
        if (a) return Interval{-a->hi, -a->lo};
        break;
      case Op::Abs:
        if (a) return a->lo >= 0.0 ? *a : Interval{a->hi <= 0.0 ? -a->hi : 0.0, std::max(-a->lo, a->hi)};
        break;
      case Op::Sin:
      case Op::Cos:
        return Interval{-1.0, 1.0};
      case Op::Smoothstep:
        return Interval{0.0, 1.0};
      case Op::Add:
        if (a && b) return Interval{a->lo + b->lo, a->hi + b->hi};
        break;
      case Op::Sub:
        if (a && b) return Interval{a->lo - b->hi, a->hi - b->lo};
        break;
      case Op::Mul:
        if (a && b) return Span({a->lo * b->lo, a->lo * b->hi, a->hi * b->lo, a->hi * b->hi});
        break;
      case Op::Div:  // only by an interval that keeps off 0 (x / 0 is 0 at run time)
        if (a && b && (b->lo > 0.0 || b->hi < 0.0))
          return Span({a->lo / b->lo, a->lo / b->hi, a->hi / b->lo, a->hi / b->hi});
        break;
      case Op::Min:
        if (a && b) return Interval{std::min(a->lo, b->lo), std::min(a->hi, b->hi)};
        break;
      case Op::Max:
        if (a && b) return Interval{std::max(a->lo, b->lo), std::max(a->hi, b->hi)};
        break;
      case Op::Clamp:  // min(max(x, lo), hi)
        if (b && c) {
          const Interval low =
              a ? Interval{std::max(a->lo, b->lo), std::max(a->hi, b->hi)} : Interval{b->lo, INFINITY};
          return Interval{std::min(low.lo, c->lo), std::min(low.hi, c->hi)};
        }
        break;
      case Op::Damp:  // an exponential approach stays between where it was and its targets
        return a;
      default:
        break;
    }
    return std::nullopt;
  }

 public:
  std::optional<bool> AlwaysAs(int index) {
    const ExprNode& node = expr_.at(index);
    if (node.kind == ExprKind::Bool) return node.boolean;
    if (node.kind == ExprKind::Name || node.type != ir::Type::Bool) return std::nullopt;
    if (node.conversion == Conversion::ToBool) {
      const std::optional<Interval> x = Range(node.args[0]);
      if (x && (x->lo > 0.0 || x->hi < 0.0)) return true;
      return std::nullopt;
    }
    switch (node.op) {
      case Op::Not:
        if (const std::optional<bool> a = AlwaysAs(node.args[0])) return !*a;
        return std::nullopt;
      case Op::And:
      case Op::Or: {
        const bool decisive = node.op == Op::Or;  // the value one side decides the whole by
        const std::optional<bool> a = AlwaysAs(node.args[0]), b = AlwaysAs(node.args[1]);
        if ((a && *a == decisive) || (b && *b == decisive)) return decisive;
        if (a && b) return !decisive;
        return std::nullopt;
      }
      case Op::Select: {
        const std::optional<bool> choice = AlwaysAs(node.args[0]);
        if (choice) return AlwaysAs(node.args[*choice ? 1 : 2]);
        const std::optional<bool> a = AlwaysAs(node.args[1]);
        if (!a) return std::nullopt;
        const std::optional<bool> b = AlwaysAs(node.args[2]);
        if (a && b && *a == *b) return a;
        return std::nullopt;
      }
      default:
        return Compare(node);
    }
  }

 private:
  std::optional<Interval> NameRange(const ExprNode& node) const {
    switch (node.name_kind) {
      case NameKind::Param: {
        const ParamDesc& p = params_[static_cast<std::size_t>(node.param)];
        if (p.has_range) return Interval{p.min, p.max};
        return std::nullopt;
      }
      case NameKind::TimeInState:
        return Interval{0.0, INFINITY};
      case NameKind::StateProgress:
        return Interval{0.0, 1.0};
      default:
        return std::nullopt;
    }
  }

  // A comparison of two numbers whose intervals decide it.
  std::optional<bool> Compare(const ExprNode& node) {
    if (node.args.size() != 2 || expr_.at(node.args[0]).type == ir::Type::Bool) return std::nullopt;
    const std::optional<Interval> a = Range(node.args[0]), b = Range(node.args[1]);
    if (!a || !b) return std::nullopt;
    switch (node.op) {
      case Op::Less:
        if (a->hi < b->lo) return true;
        if (a->lo >= b->hi) return false;
        break;
      case Op::LessEqual:
        if (a->hi <= b->lo) return true;
        if (a->lo > b->hi) return false;
        break;
      case Op::Greater:
        if (a->lo > b->hi) return true;
        if (a->hi <= b->lo) return false;
        break;
      case Op::GreaterEqual:
        if (a->lo >= b->hi) return true;
        if (a->hi < b->lo) return false;
        break;
      case Op::Equal:
        if (a->hi < b->lo || b->hi < a->lo) return false;
        break;
      case Op::NotEqual:
        if (a->hi < b->lo || b->hi < a->lo) return true;
        break;
      default:
        break;
    }
    return std::nullopt;
  }

  const Expr& expr_;
  std::span<const ParamDesc> params_;
};

}  // namespace

std::optional<Interval> RangeOf(const Expr& expr, int node, std::span<const ParamDesc> params) {
  return Ranger(expr, params).Range(node);
}

std::optional<bool> AlwaysAs(const Expr& expr, int node, std::span<const ParamDesc> params) {
  return Ranger(expr, params).AlwaysAs(node);
}

}  // namespace anim::expr
