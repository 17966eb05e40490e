#include "compiler/expr/expr_check.h"

#include <algorithm>
#include <vector>

#include "compiler/diag/suggest.h"
#include "compiler/expr/functions.h"

namespace anim::expr {
namespace {

using ir::Type;

std::string Name(Type type) {
  return ir::TypeName(type);
}

class Checker {
 public:
  Checker(Expr& expr, const CheckContext& context, DocumentReader& reader)
      : expr_(expr), context_(context), reader_(reader) {}

  std::optional<Type> Check(int index) {
    ExprNode& node = expr_.at(index);
    std::optional<Type> type;
    switch (node.kind) {
      case ExprKind::Number:
        type = Type::Float;
        break;
      case ExprKind::Bool:
        type = Type::Bool;
        break;
      case ExprKind::Name:
        type = ResolveName(node);
        break;
      case ExprKind::Unary:
        type = Unary(index);
        break;
      case ExprKind::Binary:
        type = Binary(index);
        break;
      case ExprKind::Call:
        type = Call(index);
        break;
      case ExprKind::Conditional:
        type = Select(index, "'?:'");
        break;
      case ExprKind::String:
        Error("E016", node,
              "a quoted name is only the argument of curve(), as in curve(\"" + node.text + "\")");
        break;
    }
    if (type) expr_.at(index).type = *type;
    return type;
  }

 private:
  void Error(const char* code, const ExprNode& at, std::string message) {
    reader_.Error(code, at.position, std::move(message));
  }

  std::optional<Type> ResolveName(ExprNode& node) {
    if (node.text == kTimeInState || node.text == kStateProgress) {
      node.name_kind = node.text == kTimeInState ? NameKind::TimeInState : NameKind::StateProgress;
      return Type::Float;
    }
    std::vector<std::string_view> names;
    for (std::size_t i = 0; i < context_.params.size(); ++i) {
      if (context_.params[i].name == node.text) {
        node.name_kind = NameKind::Param;
        node.param = static_cast<int>(i);
        switch (context_.params[i].type) {
          case ParamType::Float:
            return Type::Float;
          case ParamType::Int:
            return Type::Int;
          case ParamType::Bool:
          case ParamType::Trigger:
            return Type::Bool;
          case ParamType::Vec3:
            return Type::Vec3;
        }
      }
      names.push_back(context_.params[i].name);
    }
    if (context_.is_node && context_.is_node(node.text)) {
      Error("E002", node,
            "'" + node.text +
                "' is a pose node, not a parameter: expressions compute numbers, "
                "vectors and booleans");
      return std::nullopt;
    }
    names.push_back(kTimeInState);
    names.push_back(kStateProgress);
    Error("E004", node, "unknown parameter '" + node.text + "'" + DidYouMean(node.text, names));
    return std::nullopt;
  }

  std::optional<Type> Unary(int index) {
    const std::optional<Type> operand = Check(expr_.at(index).args[0]);
    if (!operand) return std::nullopt;
    const ExprNode& node = expr_.at(index);
    if (node.op == ir::Op::Not) {
      if (*operand == Type::Bool) return Type::Bool;
      Error("E016", node, "operator '!' needs a bool, found " + Name(*operand));
      return std::nullopt;
    }
    if (IsNumeric(*operand) || *operand == Type::Vec3) return *operand;
    Error("E016", node, "operator '-' needs a number or a vec3, found " + Name(*operand));
    return std::nullopt;
  }

  std::optional<Type> Binary(int index) {
    const std::optional<Type> lhs = Check(expr_.at(index).args[0]);
    const std::optional<Type> rhs = Check(expr_.at(index).args[1]);
    if (!lhs || !rhs) return std::nullopt;
    const ExprNode& node = expr_.at(index);
    const Type a = *lhs, b = *rhs;
    const bool numbers = IsNumeric(a) && IsNumeric(b);
    const Type number = a == Type::Int && b == Type::Int ? Type::Int : Type::Float;
    std::string need;
    switch (node.op) {
      case ir::Op::Add:
      case ir::Op::Sub:
        if (numbers) return number;
        if (a == Type::Vec3 && b == Type::Vec3) return Type::Vec3;
        need = "two numbers or two vec3s";
        break;
      case ir::Op::Mul:
        if (numbers) return number;
        if ((a == Type::Vec3 && IsNumeric(b)) || (IsNumeric(a) && b == Type::Vec3)) return Type::Vec3;
        need = "numbers, or a vec3 and a number";
        break;
      case ir::Op::Div:
        if (numbers) return Type::Float;
        if (a == Type::Vec3 && IsNumeric(b)) return Type::Vec3;
        need = "numbers, or a vec3 divided by a number";
        break;
      case ir::Op::Less:
      case ir::Op::LessEqual:
      case ir::Op::Greater:
      case ir::Op::GreaterEqual:
        if (numbers) return Type::Bool;
        need = "two numbers";
        break;
      case ir::Op::Equal:
      case ir::Op::NotEqual:
        if (numbers || (a == Type::Bool && b == Type::Bool)) return Type::Bool;
        need = "two numbers or two bools";
        break;
      default:  // And, Or
        if (a == Type::Bool && b == Type::Bool) return Type::Bool;
        need = "two bools";
        break;
    }
    Error("E016", node,
          "operator '" + node.text + "' needs " + need + ", found " + Name(a) + " and " + Name(b));
    return std::nullopt;
  }

  std::optional<Type> Call(int index) {
    ExprNode& node = expr_.at(index);
    const FunctionSpec* function = FindFunction(node.text);
    if (function == nullptr) {
      std::vector<std::string_view> names;
      for (const FunctionSpec& f : Functions())
        names.push_back(f.name);
      std::string message = "unknown function '" + node.text + "'" + DidYouMean(node.text, names);
      if (DidYouMean(node.text, names).empty()) {
        message += "; the functions are:";
        for (std::string_view name : names)
          message += " " + std::string(name);
      }
      Error("E014", node, std::move(message));
      return std::nullopt;
    }
    node.op = function->op;
    node.conversion = function->conversion;
    if (static_cast<int>(node.args.size()) != function->arity) {
      Error("E015", node,
            "'" + node.text + "' takes " + std::to_string(function->arity) + " argument" +
                (function->arity == 1 ? "" : "s") + ", found " + std::to_string(node.args.size()));
      return std::nullopt;
    }
    if (node.op == ir::Op::Curve) return Curve(node);
    std::vector<Type> types;
    bool ok = true;
    for (int arg : std::vector<int>(node.args)) {
      const std::optional<Type> type = Check(arg);
      ok = ok && type.has_value();
      types.push_back(type.value_or(Type::Float));
    }
    if (!ok) return std::nullopt;
    const ExprNode& call = expr_.at(index);
    if (call.conversion != Conversion::None) return Convert(call, types[0]);
    if (call.op == ir::Op::Select) return SelectType(call, types, "'select'");
    const bool all_int = std::all_of(types.begin(), types.end(), [](Type t) { return t == Type::Int; });
    switch (call.op) {
      case ir::Op::Abs:
        if (types[0] == Type::Vec3) return Type::Vec3;
        break;
      case ir::Op::Lerp:
        if (types[0] == Type::Vec3 && types[1] == Type::Vec3 && IsNumeric(types[2])) return Type::Vec3;
        if (types[0] == Type::Vec3 || types[1] == Type::Vec3) {
          Error("E016", call,
                "'lerp' needs (number, number, number) or (vec3, vec3, number), found (" + Name(types[0]) +
                    ", " + Name(types[1]) + ", " + Name(types[2]) + ")");
          return std::nullopt;
        }
        break;
      default:
        break;
    }
    for (std::size_t i = 0; i < types.size(); ++i) {
      if (!IsNumeric(types[i])) {
        Error("E016", expr_.at(call.args[i]),
              "argument " + std::to_string(i + 1) + " of '" + call.text + "' must be a number, found " +
                  Name(types[i]));
        return std::nullopt;
      }
    }
    switch (call.op) {
      case ir::Op::MakeVec3:
        return Type::Vec3;
      case ir::Op::Min:
      case ir::Op::Max:
      case ir::Op::Clamp:
      case ir::Op::Abs:
        return all_int ? Type::Int : Type::Float;
      default:
        return Type::Float;
    }
  }

  // curve("name"): a float, the named curve of the last frame's output.
  std::optional<Type> Curve(ExprNode& call) {
    ExprNode& name = expr_.at(call.args[0]);
    if (name.kind != ExprKind::String) {
      Error("E016", name, "curve() takes a curve's name in quotes, as in curve(\"brow_up\")");
      return std::nullopt;
    }
    name.type = Type::Float;
    std::vector<std::string_view> names;
    for (std::size_t i = 0; i < context_.curves.size(); ++i) {
      if (context_.curves[i] == name.text) {
        call.param = static_cast<int>(i);
        return Type::Float;
      }
      names.push_back(context_.curves[i]);
    }
    std::string message = "unknown curve '" + name.text + "'" + DidYouMean(name.text, names);
    if (names.empty()) message += ": none of the graph's clips has curves";
    Error("E031", name, std::move(message));
    return std::nullopt;
  }

  // float(x) of a bool or number, bool(x) of a number or bool.
  std::optional<Type> Convert(const ExprNode& call, Type from) {
    if (from != Type::Vec3) return call.conversion == Conversion::ToFloat ? Type::Float : Type::Bool;
    Error("E016", expr_.at(call.args[0]),
          "'" + call.text + "' converts a number or a bool, found " + Name(from));
    return std::nullopt;
  }

  // c ? a : b and select(c, a, b): c a bool, a and b both numbers, both bools or both vec3s.
  std::optional<Type> Select(int index, const char* what) {
    std::vector<Type> types;
    bool ok = true;
    for (int arg : std::vector<int>(expr_.at(index).args)) {
      const std::optional<Type> type = Check(arg);
      ok = ok && type.has_value();
      types.push_back(type.value_or(Type::Float));
    }
    if (!ok) return std::nullopt;
    return SelectType(expr_.at(index), types, what);
  }

  std::optional<Type> SelectType(const ExprNode& node, const std::vector<Type>& types, const char* what) {
    if (types[0] != Type::Bool) {
      Error("E016", expr_.at(node.args[0]),
            std::string("the condition of ") + what + " must be a bool, found " + Name(types[0]));
      return std::nullopt;
    }
    const Type a = types[1], b = types[2];
    if (IsNumeric(a) && IsNumeric(b)) return a == Type::Int && b == Type::Int ? Type::Int : Type::Float;
    if (a == b) return a;
    Error("E016", node,
          std::string("the two values of ") + what +
              " must be both numbers, both bools or both vec3s, found " + Name(a) + " and " + Name(b));
    return std::nullopt;
  }

  Expr& expr_;
  const CheckContext& context_;
  DocumentReader& reader_;
};

}  // namespace

bool IsNumeric(ir::Type type) {
  return type == ir::Type::Float || type == ir::Type::Int;
}

std::optional<ir::Type> CheckExpression(Expr& expr, const CheckContext& context, DocumentReader& reader) {
  return Checker(expr, context, reader).Check(expr.root);
}

std::vector<int> ParamsRead(const Expr& expr) {
  std::vector<int> params;
  for (const ExprNode& node : expr.nodes)
    if (node.name_kind == NameKind::Param) params.push_back(node.param);
  std::sort(params.begin(), params.end());
  params.erase(std::unique(params.begin(), params.end()), params.end());
  return params;
}

}  // namespace anim::expr
