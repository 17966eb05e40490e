#include "compiler/expr/expr_parser.h"

#include <charconv>
#include <cstdlib>

namespace anim::expr {
namespace {

// Deep nesting is refused rather than recursed into without bound.
constexpr int kMaxDepth = 200;
// Long operator chains nest as deeply as they are long; later passes recurse over the tree.
constexpr std::size_t kMaxLength = 4096;

enum class Tok : std::uint8_t { End, Number, Name, String, Op, LParen, RParen, Comma };

struct Token {
  Tok kind = Tok::End;
  std::string_view text;
  int offset = 0;
};

bool IsNameStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool IsDigit(char c) {
  return c >= '0' && c <= '9';
}

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  ParseResult Run() {
    if (text_.size() > kMaxLength) {
      error_ = {0, "expression too long: " + std::to_string(text_.size()) + " characters (at most " +
                       std::to_string(kMaxLength) + ")"};
      return Fail();
    }
    ParseResult result;
    if (!Next()) return Fail();
    if (token_.kind == Tok::End) {
      error_ = {0, "empty expression"};
      return Fail();
    }
    const int root = Conditional(0);
    if (root < 0) return Fail();
    if (token_.kind != Tok::End) {
      error_ = {token_.offset, "unexpected " + Describe(token_) + " after the end of the expression"};
      return Fail();
    }
    expr_.root = root;
    result.expr = std::move(expr_);
    return result;
  }

 private:
  ParseResult Fail() {
    ParseResult result;
    result.error = error_;
    return result;
  }

  static std::string Describe(const Token& token) {
    if (token.kind == Tok::End) return "the end of the expression";
    return "'" + std::string(token.text) + "'";
  }

  // Reads the next token into token_; false (with error_) on a character no token starts with.
  bool Next() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r'))
      ++pos_;
    const std::size_t start = pos_;
    token_.offset = static_cast<int>(start);
    if (pos_ == text_.size()) {
      token_ = {Tok::End, {}, static_cast<int>(start)};
      return true;
    }
    const char c = text_[pos_];
    if (IsDigit(c) || (c == '.' && pos_ + 1 < text_.size() && IsDigit(text_[pos_ + 1]))) {
      while (pos_ < text_.size() && (IsDigit(text_[pos_]) || text_[pos_] == '.' || IsNameStart(text_[pos_]) ||
                                     ((text_[pos_] == '+' || text_[pos_] == '-') &&
                                      (text_[pos_ - 1] == 'e' || text_[pos_ - 1] == 'E'))))
        ++pos_;
      token_ = {Tok::Number, text_.substr(start, pos_ - start), static_cast<int>(start)};
      return true;
    }
    if (IsNameStart(c)) {
      while (pos_ < text_.size() && (IsNameStart(text_[pos_]) || IsDigit(text_[pos_])))
        ++pos_;
      token_ = {Tok::Name, text_.substr(start, pos_ - start), static_cast<int>(start)};
      return true;
    }
    if (c == '"' || c == '\'') {  // a quoted name: no escapes, on one line
      const std::size_t close = text_.find(c, pos_ + 1);
      const std::size_t newline = text_.find('\n', pos_ + 1);
      if (close == std::string_view::npos || newline < close) {
        error_ = {static_cast<int>(start), "unterminated string: expected a closing " + std::string(1, c)};
        return false;
      }
      pos_ = close + 1;
      token_ = {Tok::String, text_.substr(start + 1, close - start - 1), static_cast<int>(start)};
      return true;
    }
    const std::string_view rest = text_.substr(pos_);
    for (std::string_view two : {"<=", ">=", "==", "!=", "&&", "||"}) {
      if (rest.starts_with(two)) {
        pos_ += 2;
        token_ = {Tok::Op, two, static_cast<int>(start)};
        return true;
      }
    }
    ++pos_;
    const std::string_view one = text_.substr(start, 1);
    switch (c) {
      case '+':
      case '-':
      case '*':
      case '/':
      case '<':
      case '>':
      case '!':
      case '?':
      case ':':
        token_ = {Tok::Op, one, static_cast<int>(start)};
        return true;
      case '(':
        token_ = {Tok::LParen, one, static_cast<int>(start)};
        return true;
      case ')':
        token_ = {Tok::RParen, one, static_cast<int>(start)};
        return true;
      case ',':
        token_ = {Tok::Comma, one, static_cast<int>(start)};
        return true;
      default:
        break;
    }
    std::string message = "unexpected character '" + std::string(one) + "'";
    if (c == '&' || c == '|' || c == '=')
      message += "; did you mean '" + std::string(one) + std::string(one) + "'?";
    if (static_cast<unsigned char>(c) >= 0x80) message = "unexpected non-ASCII character";
    error_ = {static_cast<int>(start), std::move(message)};
    return false;
  }

  int Node(ExprKind kind, const Token& at) {
    ExprNode node;
    node.kind = kind;
    node.text = std::string(at.text);
    node.offset = at.offset;
    return expr_.Add(std::move(node));
  }

  int Binary(const Token& op_token, ir::Op op, int lhs, int rhs) {
    const int node = Node(ExprKind::Binary, op_token);
    expr_.at(node).op = op;
    expr_.at(node).args = {lhs, rhs};
    return node;
  }

  // One left-associative level: operands from `operand`, operators from `ops`.
  template <typename Operand>
  int Level(int depth, std::initializer_list<std::pair<std::string_view, ir::Op>> ops, Operand operand) {
    int lhs = operand(depth);
    while (lhs >= 0 && token_.kind == Tok::Op) {
      const ir::Op* found = nullptr;
      for (const auto& [text, op] : ops)
        if (token_.text == text) found = &op;
      if (found == nullptr) break;
      const Token op_token = token_;
      const ir::Op op = *found;
      if (!Next()) return -1;
      const int rhs = operand(depth);
      if (rhs < 0) return -1;
      lhs = Binary(op_token, op, lhs, rhs);
    }
    return lhs;
  }

  // c ? a : b, its branches conditionals again: `a ? b : c ? d : e` is `a ? b : (c ? d : e)`.
  int Conditional(int depth) {
    if (depth > kMaxDepth) {
      error_ = {token_.offset, "expression nested too deeply"};
      return -1;
    }
    const int condition = Or(depth);
    if (condition < 0 || token_.kind != Tok::Op || token_.text != "?") return condition;
    const Token question = token_;
    if (!Next()) return -1;
    const int a = Conditional(depth + 1);
    if (a < 0) return -1;
    if (token_.kind != Tok::Op || token_.text != ":") {
      error_ = {token_.offset, "expected ':' for the '?' at column " + std::to_string(question.offset + 1) +
                                   " of the expression, found " + Describe(token_)};
      return -1;
    }
    if (!Next()) return -1;
    const int b = Conditional(depth + 1);
    if (b < 0) return -1;
    const int node = Node(ExprKind::Conditional, question);
    expr_.at(node).op = ir::Op::Select;
    expr_.at(node).args = {condition, a, b};
    return node;
  }

  int Or(int depth) {
    if (depth > kMaxDepth) {
      error_ = {token_.offset, "expression nested too deeply"};
      return -1;
    }
    return Level(depth, {{"||", ir::Op::Or}}, [this](int d) { return And(d); });
  }
  int And(int depth) {
    return Level(depth, {{"&&", ir::Op::And}}, [this](int d) { return Equality(d); });
  }
  int Equality(int depth) {
    return Level(depth, {{"==", ir::Op::Equal}, {"!=", ir::Op::NotEqual}},
                 [this](int d) { return Compare(d); });
  }
  int Compare(int depth) {
    return Level(depth,
                 {{"<", ir::Op::Less},
                  {"<=", ir::Op::LessEqual},
                  {">", ir::Op::Greater},
                  {">=", ir::Op::GreaterEqual}},
                 [this](int d) { return Sum(d); });
  }
  int Sum(int depth) {
    return Level(depth, {{"+", ir::Op::Add}, {"-", ir::Op::Sub}}, [this](int d) { return Product(d); });
  }
  int Product(int depth) {
    return Level(depth, {{"*", ir::Op::Mul}, {"/", ir::Op::Div}}, [this](int d) { return Unary(d); });
  }

  int Unary(int depth) {
    if (token_.kind == Tok::Op && (token_.text == "-" || token_.text == "!")) {
      if (depth > kMaxDepth) {
        error_ = {token_.offset, "expression nested too deeply"};
        return -1;
      }
      const Token op_token = token_;
      if (!Next()) return -1;
      const int operand = Unary(depth + 1);
      if (operand < 0) return -1;
      const int node = Node(ExprKind::Unary, op_token);
      expr_.at(node).op = op_token.text == "-" ? ir::Op::Neg : ir::Op::Not;
      expr_.at(node).args = {operand};
      return node;
    }
    return Primary(depth);
  }

  int Primary(int depth) {
    const Token token = token_;
    switch (token.kind) {
      case Tok::Number: {
        double value = 0.0;
        const auto [end, ec] =
            std::from_chars(token.text.data(), token.text.data() + token.text.size(), value);
        if (ec != std::errc() || end != token.text.data() + token.text.size()) {
          error_ = {token.offset, "malformed number '" + std::string(token.text) + "'"};
          return -1;
        }
        const int node = Node(ExprKind::Number, token);
        expr_.at(node).number = value;
        return Next() ? node : -1;
      }
      case Tok::Name: {
        if (!Next()) return -1;
        if (token.text == "true" || token.text == "false") {
          const int node = Node(ExprKind::Bool, token);
          expr_.at(node).boolean = token.text == "true";
          expr_.at(node).type = ir::Type::Bool;
          return node;
        }
        if (token_.kind != Tok::LParen) return Node(ExprKind::Name, token);
        return Call(token, depth);
      }
      case Tok::String: {
        const int node = Node(ExprKind::String, token);
        expr_.at(node).text = std::string(token.text);
        return Next() ? node : -1;
      }
      case Tok::LParen: {
        if (!Next()) return -1;
        const int inner = Conditional(depth + 1);
        if (inner < 0) return -1;
        if (token_.kind != Tok::RParen) {
          error_ = {token_.offset, "expected ')' to close the '(' at column " +
                                       std::to_string(token.offset + 1) + " of the expression, found " +
                                       Describe(token_)};
          return -1;
        }
        return Next() ? inner : -1;
      }
      default:
        error_ = {token.offset, "expected a value, found " + Describe(token)};
        return -1;
    }
  }

  // After `name(`: the arguments and the closing parenthesis.
  int Call(const Token& name, int depth) {
    std::vector<int> args;
    if (!Next()) return -1;
    if (token_.kind != Tok::RParen) {
      while (true) {
        const int arg = Conditional(depth + 1);
        if (arg < 0) return -1;
        args.push_back(arg);
        if (token_.kind == Tok::Comma) {
          if (!Next()) return -1;
          continue;
        }
        if (token_.kind == Tok::RParen) break;
        error_ = {token_.offset, "expected ',' or ')' in the arguments of '" + std::string(name.text) +
                                     "', found " + Describe(token_)};
        return -1;
      }
    }
    if (!Next()) return -1;
    const int node = Node(ExprKind::Call, name);
    expr_.at(node).args = std::move(args);
    return node;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  Token token_;
  Expr expr_;
  SyntaxError error_;
};

}  // namespace

ParseResult ParseExpression(std::string_view text) {
  return Parser(text).Run();
}

}  // namespace anim::expr
