// The expression language on its own: precedence and associativity, every function's value,
// typing rules, syntax errors at their offsets, and the file columns of quoted strings.
#include <catch2/catch.hpp>
#include <string>

#include "compiler/document/document_parser.h"
#include "compiler/document/document_reader.h"
#include "compiler/expr/expr_check.h"
#include "compiler/expr/expr_eval.h"
#include "compiler/expr/expr_parser.h"
#include "compiler/graph/source_columns.h"

namespace anim::expr {
namespace {

// A document to report against (diagnostics need a file).
const Document& Doc() {
  static DiagnosticSink sink;
  static const Document document = *ParseDocument("x: 1\n", "expr", sink);
  return document;
}

std::vector<ParamDesc> Params() {
  std::vector<ParamDesc> params(4);
  params[0].name = "speed";
  params[1].name = "grounded";
  params[1].type = ParamType::Bool;
  params[2].name = "gait";
  params[2].type = ParamType::Int;
  params[3].name = "target";
  params[3].type = ParamType::Vec3;
  return params;
}

struct Checked {
  std::optional<Expr> expr;
  std::optional<ir::Type> type;
  std::string diagnostics;
};

Checked Check(const std::string& text) {
  Checked result;
  ParseResult parsed = ParseExpression(text);
  if (!parsed.expr) {
    result.diagnostics = std::to_string(parsed.error.offset) + ": " + parsed.error.message;
    return result;
  }
  for (ExprNode& node : parsed.expr->nodes)
    node.position = {1, node.offset + 1};
  DiagnosticSink sink;
  DocumentReader reader(Doc(), sink);
  const std::vector<ParamDesc> params = Params();
  const std::vector<std::string> curves = {"brow_up", "jaw_open"};
  CheckContext context;
  context.params = params;
  context.curves = curves;
  result.type = CheckExpression(*parsed.expr, context, reader);
  result.expr = std::move(parsed.expr);
  result.diagnostics = FormatText(sink);
  return result;
}

float Value(const std::string& text, int component = 0) {
  const Checked checked = Check(text);
  INFO(text << " -> " << checked.diagnostics);
  REQUIRE(checked.type.has_value());
  const std::optional<ConstValue> value = EvaluateConstant(*checked.expr);
  REQUIRE(value.has_value());
  return value->v[component];
}

TEST_CASE("Operators bind by precedence and associate to the left") {
  CHECK(Value("1 + 2 * 3") == 7.0f);
  CHECK(Value("(1 + 2) * 3") == 9.0f);
  CHECK(Value("10 - 4 - 3") == 3.0f);
  CHECK(Value("8 / 4 / 2") == 1.0f);
  CHECK(Value("-2 * -3") == 6.0f);
  CHECK(Value("--2") == 2.0f);
  CHECK(Value("1 < 2 && 3 > 2") == 1.0f);
  CHECK(Value("false || true && false") == 0.0f);
  CHECK(Value("!(1 >= 2) == true") == 1.0f);
  CHECK(Value("1 + 1 == 2 && 2 != 3") == 1.0f);
  CHECK(Value(".5 + 1e-1 + 2.5E1") == Approx(25.6f));
}

TEST_CASE("Each function computes what the format documents") {
  CHECK(Value("min(3, -1)") == -1.0f);
  CHECK(Value("max(3, -1)") == 3.0f);
  CHECK(Value("clamp(5, 0, 2)") == 2.0f);
  CHECK(Value("clamp(-5, 0, 2)") == 0.0f);
  CHECK(Value("abs(-2.5)") == 2.5f);
  CHECK(Value("lerp(2, 4, 0.25)") == 2.5f);
  CHECK(Value("smoothstep(0, 2, 1)") == 0.5f);
  CHECK(Value("smoothstep(0, 1, 2)") == 1.0f);
  CHECK(Value("remap(5, 0, 10, 100, 200)") == 150.0f);
  CHECK(Value("sin(0)") == 0.0f);
  CHECK(Value("cos(0)") == 1.0f);
  CHECK(Value("vec3(1, 2, 3) * 2", 2) == 6.0f);
  CHECK(Value("2 * vec3(1, 2, 3)", 1) == 4.0f);
  CHECK(Value("vec3(1, 2, 3) - vec3(1, 1, 1)", 2) == 2.0f);
  CHECK(Value("lerp(vec3(0, 0, 0), vec3(2, 4, 6), 0.5)", 1) == 2.0f);
  CHECK(Value("abs(-vec3(1, -2, 3))", 1) == 2.0f);
}

TEST_CASE("Types: ints stay ints except under '/', bools are not numbers, vectors mix only with numbers") {
  CHECK(Check("gait + 1").type == ir::Type::Float);  // number literals are floats
  CHECK(Check("max(gait, gait)").type == ir::Type::Int);
  CHECK(Check("gait / gait").type == ir::Type::Float);
  CHECK(Check("gait == 2").type == ir::Type::Bool);
  CHECK(Check("target * speed").type == ir::Type::Vec3);
  CHECK(Check("grounded && speed > 1").type == ir::Type::Bool);
  CHECK(Check("speed").expr->at(0).name_kind == NameKind::Param);
  CHECK(Check("speed").expr->at(0).param == 0);

  CHECK(Check("grounded * 2").diagnostics ==
        "expr:1:10: error[E016]: operator '*' needs numbers, or a vec3 and a number, found bool and float\n");
  CHECK(Check("target / target").diagnostics ==
        "expr:1:8: error[E016]: operator '/' needs numbers, or a vec3 divided by a number, found vec3 and "
        "vec3\n");
  CHECK(Check("target < 1").diagnostics ==
        "expr:1:8: error[E016]: operator '<' needs two numbers, found vec3 and float\n");
  CHECK(Check("speed || grounded").diagnostics ==
        "expr:1:7: error[E016]: operator '||' needs two bools, found float and bool\n");
  CHECK(Check("grounded == 1").diagnostics ==
        "expr:1:10: error[E016]: operator '==' needs two numbers or two bools, found bool and float\n");
  CHECK(Check("-grounded").diagnostics ==
        "expr:1:1: error[E016]: operator '-' needs a number or a vec3, found bool\n");
  CHECK(Check("sin(target)").diagnostics ==
        "expr:1:5: error[E016]: argument 1 of 'sin' must be a number, found vec3\n");
}

TEST_CASE("Curves: curve(\"name\") reads a curve of the graph's clips, in either quotes") {
  const Checked read = Check("curve(\"jaw_open\") * 2 + curve('brow_up')");
  REQUIRE(read.type == ir::Type::Float);
  std::vector<int> curves;
  for (const ExprNode& node : read.expr->nodes) {
    if (node.kind == ExprKind::Call) curves.push_back(node.param);
  }
  CHECK(curves == std::vector<int>{1, 0});
  CHECK_FALSE(EvaluateConstant(*read.expr).has_value());  // a run-time value, never folded
  CHECK(Check("curve(\"jaw_opne\")").diagnostics ==
        "expr:1:7: error[E031]: unknown curve 'jaw_opne'; did you mean 'jaw_open'?\n");
  CHECK(Check("curve(jaw_open)").diagnostics ==
        "expr:1:7: error[E016]: curve() takes a curve's name in quotes, as in curve(\"brow_up\")\n");
  CHECK(Check("curve()").diagnostics == "expr:1:1: error[E015]: 'curve' takes 1 argument, found 0\n");
  CHECK(Check("speed + \"jaw_open\"").diagnostics ==
        "expr:1:9: error[E016]: a quoted name is only the argument of curve(), as in curve(\"jaw_open\")\n");
  CHECK(Check("curve(\"jaw_open)").diagnostics == "6: unterminated string: expected a closing \"");
  CHECK(Check("curve(\"jaw_open\") > 0.5").type == ir::Type::Bool);
}

TEST_CASE("Names: unknown parameters are errors with suggestions, state values resolve anywhere") {
  CHECK(Check("sped").diagnostics ==
        "expr:1:1: error[E004]: unknown parameter 'sped'; did you mean 'speed'?\n");
  CHECK(Check("time_in_sate > 1").diagnostics ==
        "expr:1:1: error[E004]: unknown parameter 'time_in_sate'; did you mean 'time_in_state'?\n");
  // Whether a state is in scope is known once nodes have scopes (graph tests: E017).
  CHECK(Check("state_progress >= 1").type == ir::Type::Bool);
  CHECK(Check("time_in_state").expr->at(0).name_kind == NameKind::TimeInState);
  CHECK(Check("spin(1)").diagnostics ==
        "expr:1:1: error[E014]: unknown function 'spin'; did you mean 'sin'?\n");
  CHECK(Check("frobnicate(1)").diagnostics ==
        "expr:1:1: error[E014]: unknown function 'frobnicate'; the functions are: min max clamp abs lerp "
        "smoothstep remap sin cos vec3 select damp spring curve float bool\n");
  CHECK(Check("remap(1, 2)").diagnostics == "expr:1:1: error[E015]: 'remap' takes 5 arguments, found 2\n");
  CHECK(Check("abs()").diagnostics == "expr:1:1: error[E015]: 'abs' takes 1 argument, found 0\n");
  // Only the first error of a failing subtree: no cascade from the unknown name into '+'.
  CHECK(Check("nope + grounded").diagnostics == "expr:1:1: error[E004]: unknown parameter 'nope'\n");
}

TEST_CASE("Choices and conversions: c ? a : b, select, float and bool") {
  CHECK(Value("1 < 2 ? 10 : 20") == 10.0f);
  CHECK(Value("1 > 2 ? 10 : 20") == 20.0f);
  // Right-associative, and looser than '||': a chain reads as an if/else-if ladder.
  CHECK(Value("false ? 1 : true ? 2 : 3") == 2.0f);
  CHECK(Value("false || true ? 4 : 5") == 4.0f);
  CHECK(Value("(true ? 1 : 2) + 10") == 11.0f);
  CHECK(Value("select(false, 7, 8)") == 8.0f);
  CHECK(Value("true ? vec3(1, 2, 3) : vec3(0, 0, 0)", 2) == 3.0f);
  CHECK(Value("float(true) * 0.5") == 0.5f);
  CHECK(Value("float(false)") == 0.0f);
  CHECK(Value("bool(0.25) && true") == 1.0f);
  CHECK(Value("bool(0)") == 0.0f);

  CHECK(Check("grounded ? gait : gait").type == ir::Type::Int);
  CHECK(Check("grounded ? gait : speed").type == ir::Type::Float);
  CHECK(Check("grounded ? true : false").type == ir::Type::Bool);
  CHECK(Check("float(grounded)").type == ir::Type::Float);
  CHECK(Check("bool(speed)").type == ir::Type::Bool);
  CHECK(Check("damp(speed, 0.2)").type == ir::Type::Float);
  CHECK(Check("spring(gait, 0.1)").type == ir::Type::Float);

  CHECK(Check("speed ? 1 : 0").diagnostics ==
        "expr:1:1: error[E016]: the condition of '?:' must be a bool, found float\n");
  CHECK(Check("select(grounded, target, 1)").diagnostics ==
        "expr:1:1: error[E016]: the two values of 'select' must be both numbers, both bools or both vec3s, "
        "found vec3 and float\n");
  CHECK(
      Check("grounded ? true : 1").diagnostics ==
      "expr:1:10: error[E016]: the two values of '?:' must be both numbers, both bools or both vec3s, found "
      "bool and float\n");
  CHECK(Check("float(target)").diagnostics ==
        "expr:1:7: error[E016]: 'float' converts a number or a bool, found vec3\n");
  CHECK(Check("damp(grounded, 1)").diagnostics ==
        "expr:1:6: error[E016]: argument 1 of 'damp' must be a number, found bool\n");
  CHECK(Check("grounded ? 1").diagnostics ==
        "12: expected ':' for the '?' at column 10 of the expression, found the end of the expression");
  CHECK(Check("1 : 2").diagnostics == "2: unexpected ':' after the end of the expression");
}

TEST_CASE("Syntax errors carry the offset of the offending character") {
  CHECK(Check("").diagnostics == "0: empty expression");
  CHECK(Check("   ").diagnostics == "0: empty expression");
  CHECK(Check("1 +").diagnostics == "3: expected a value, found the end of the expression");
  CHECK(Check("(1 + 2").diagnostics ==
        "6: expected ')' to close the '(' at column 1 of the expression, found the end of the expression");
  CHECK(Check("1 2").diagnostics == "2: unexpected '2' after the end of the expression");
  CHECK(Check("a = b").diagnostics == "2: unexpected character '='; did you mean '=='?");
  CHECK(Check("a | b").diagnostics == "2: unexpected character '|'; did you mean '||'?");
  CHECK(Check("1.2.3").diagnostics == "0: malformed number '1.2.3'");
  CHECK(Check("2speed").diagnostics == "0: malformed number '2speed'");
  CHECK(Check("min(1,)").diagnostics == "6: expected a value, found ')'");
  CHECK(Check("min(1 2)").diagnostics == "6: expected ',' or ')' in the arguments of 'min', found '2'");
  CHECK(Check("speed \xC3\xA9").diagnostics == "6: unexpected non-ASCII character");
  CHECK(Check(std::string(300, '(') + "1" + std::string(300, ')'))
            .diagnostics.ends_with("expression nested too deeply"));
  CHECK(Check(std::string(300, '-') + "1").diagnostics.ends_with("expression nested too deeply"));
  CHECK(Check(std::string(5000, '1')).diagnostics ==
        "0: expression too long: 5000 characters (at most 4096)");
}

TEST_CASE("Columns inside plain, single- and double-quoted strings") {
  const std::string source =
      "a: speed + 1\n"
      "b: 'it''s + x'\n"
      "c: \"\\t\\\"q\\\" + y\"\n";
  const graph::SourceColumns columns(source);
  CHECK(columns.At({1, 4}, 6).column == 10);  // plain: offset + start
  CHECK(columns.At({2, 4}, 0).column == 5);   // past the quote
  CHECK(columns.At({2, 4}, 3).column == 9);   // '' is one character
  CHECK(columns.At({3, 4}, 0).column == 5);   // \t
  CHECK(columns.At({3, 4}, 1).column == 7);   // \" after \t
  CHECK(columns.At({3, 4}, 6).column == 14);  // '+'
  CHECK(columns.At({9, 4}, 2).column == 4);   // a line that does not exist: the scalar's own place
}

}  // namespace
}  // namespace anim::expr
