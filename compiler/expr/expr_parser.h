// Text to expression tree (syntax only: names, functions and types are the checker's job).
//
// Grammar, loosest binding first:
//   cond    := or ['?' cond ':' cond]         (right-associative: a ? b : c ? d : e)
//   or      := and ('||' and)*
//   and     := equality ('&&' equality)*
//   equality:= compare (('==' | '!=') compare)*
//   compare := sum (('<' | '<=' | '>' | '>=') sum)*
//   sum     := product (('+' | '-') product)*
//   product := unary (('*' | '/') unary)*
//   unary   := ('-' | '!') unary | primary
//   primary := number | 'true' | 'false' | name | name '(' [cond (',' cond)*] ')' | '(' cond ')'
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "compiler/expr/expr.h"

namespace anim::expr {

struct SyntaxError {
  int offset = 0;  // byte offset in the text
  std::string message;
};

struct ParseResult {
  std::optional<Expr> expr;  // node positions are left for the caller to fill from the offsets
  SyntaxError error;         // when expr is absent
};

ParseResult ParseExpression(std::string_view text);

}  // namespace anim::expr
