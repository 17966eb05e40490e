#include "compiler/graph/reader/scalar_field_reader.h"

#include <cmath>

#include "compiler/expr/expr_check.h"
#include "compiler/expr/expr_eval.h"
#include "compiler/expr/expr_parser.h"

namespace anim::graph {
namespace {

using ir::Type;

// "'rotation'[1] of node 'top'" from "'rotation' of node 'top'": the element sits on the field.
std::string Element(const std::string& what, std::size_t i) {
  const std::string index = "[" + std::to_string(i) + "]";
  const std::size_t close = what.size() > 1 && what[0] == '\'' ? what.find('\'', 1) : std::string::npos;
  if (close == std::string::npos) return what + index;
  return what.substr(0, close + 1) + index + what.substr(close + 1);
}

}  // namespace

expr::Expr ScalarFieldReader::Literal(Type type, const float* values, TextPosition at) {
  expr::Expr e;
  auto number = [&](float v) {
    expr::ExprNode n;
    n.kind = expr::ExprKind::Number;
    n.number = v;
    n.position = at;
    return e.Add(std::move(n));
  };
  if (type != Type::Vec3) {
    e.root = number(values[0]);
    return e;
  }
  expr::ExprNode call;
  call.kind = expr::ExprKind::Call;
  call.op = ir::Op::MakeVec3;
  call.text = "vec3";
  call.type = Type::Vec3;
  call.position = at;
  call.args = {number(values[0]), number(values[1]), number(values[2])};
  e.root = e.Add(std::move(call));
  return e;
}

// A string's expression tree, its nodes placed in the file; nullopt after E013.
std::optional<expr::Expr> ScalarFieldReader::ParseString(const DocNode& doc) {
  expr::ParseResult parsed = expr::ParseExpression(doc.text);
  if (!parsed.expr) {
    // YAML reads a plain `!x`, `&x` or `*x` as a tag, anchor or alias, leaving no text here.
    const std::string hint =
        doc.text.empty() ? " (in YAML, quote expressions that start with '!', '&' or '*')" : "";
    s_.reader.Error("E013", s_.columns.At(doc.position, parsed.error.offset),
                    "syntax error in expression: " + parsed.error.message + hint);
    return std::nullopt;
  }
  for (expr::ExprNode& node : parsed.expr->nodes)
    node.position = s_.columns.At(doc.position, node.offset);
  return std::move(parsed.expr);
}

// One scalar (not a whole vec3 array): a number, a bool or an expression string.
std::optional<expr::Expr> ScalarFieldReader::ReadTerm(const DocNode& doc, const std::string& what) {
  if (doc.kind == anim::NodeKind::String) return ParseString(doc);
  expr::Expr e;
  expr::ExprNode n;
  n.position = doc.position;
  if (doc.kind == anim::NodeKind::Bool) {
    n.kind = expr::ExprKind::Bool;
    n.boolean = doc.boolean;
  } else if (doc.kind == anim::NodeKind::Number) {
    const std::optional<float> v = s_.reader.Float(doc, what);
    if (!v) return std::nullopt;
    n.number = *v;
  } else {
    s_.reader.Error(doc.kind == anim::NodeKind::Mapping ? "E002" : "E102", doc,
                    "expected a number, a boolean or an expression string for " + what + ", found " +
                        (doc.kind == anim::NodeKind::Mapping ? "a mapping (only pose fields take nodes)"
                                                             : DescribeNode(doc)));
    return std::nullopt;
  }
  e.root = e.Add(std::move(n));
  return e;
}

std::optional<expr::Expr> ScalarFieldReader::ReadValue(const DocNode& doc, Type type, const std::string& what,
                                                       Range range) {
  DocumentReader& reader = s_.reader;
  std::optional<expr::Expr> e;
  if (doc.kind == anim::NodeKind::Sequence && type == Type::Vec3) {
    e = ReadVectorArray(doc, what);
  } else if (doc.kind == anim::NodeKind::Sequence) {
    reader.Error("E016", doc, what + " must be a " + ir::TypeName(type) + ", found " + DescribeNode(doc));
  } else {
    e = ReadTerm(doc, what);
  }
  if (!e) return std::nullopt;
  expr::CheckContext context;
  context.params = s_.model.params;
  context.curves = s_.model.curves;
  context.is_node = [this](std::string_view name) { return s_.named.count(std::string(name)) != 0; };
  const std::optional<Type> found = expr::CheckExpression(*e, context, reader);
  if (!found) return std::nullopt;
  const bool fits = *found == type || (type == Type::Float && *found == Type::Int);
  if (!fits) {
    reader.Error("E016", doc.kind == anim::NodeKind::String ? s_.columns.At(doc.position, 0) : doc.position,
                 what + " must be a " + ir::TypeName(type) + ", found " + ir::TypeName(*found));
    return std::nullopt;
  }
  if (const std::optional<expr::ConstValue> c = expr::EvaluateConstant(*e)) {
    const int n = c->type == Type::Vec3 ? 3 : 1;
    for (int i = 0; i < n; ++i) {
      if (!std::isfinite(c->v[i])) {
        reader.Error("E012", doc, what + " evaluates to a non-finite number (" + Number(c->v[i]) + ")");
        return std::nullopt;
      }
    }
    if (type == Type::Float && !InRange(range, c->v[0])) {
      reader.Error("E012", doc, what + " must be " + RangeText(range) + ", found " + Number(c->v[0]));
      return std::nullopt;
    }
  }
  return e;
}

std::optional<expr::Expr> ScalarFieldReader::ReadVectorArray(const DocNode& doc, const std::string& what) {
  if (doc.items.size() != 3) {
    s_.reader.Error(
        "E105", doc,
        "expected 3 values (x, y, z) for " + what + ", found " + std::to_string(doc.items.size()));
    return std::nullopt;
  }
  expr::Expr e;
  expr::ExprNode call;
  call.kind = expr::ExprKind::Call;
  call.text = "vec3";
  call.position = doc.position;
  bool ok = true;
  for (std::size_t i = 0; i < 3; ++i) {
    std::optional<expr::Expr> item = ReadTerm(*doc.items[i], Element(what, i));
    ok = ok && item.has_value();
    if (item) call.args.push_back(e.Graft(*item));
  }
  if (!ok) return std::nullopt;
  e.root = e.Add(std::move(call));
  return e;
}

std::optional<float> ScalarFieldReader::ReadConstant(const DocNode& doc, const std::string& what,
                                                     Range range) {
  std::optional<expr::Expr> e = ReadValue(doc, Type::Float, what, range);
  if (!e) return std::nullopt;
  const std::optional<expr::ConstValue> c = expr::EvaluateConstant(*e);
  if (!c) {
    s_.reader.Error("E020", doc, what + " must be a constant: it cannot read parameters or state values");
    return std::nullopt;
  }
  return c->v[0];
}

}  // namespace anim::graph
