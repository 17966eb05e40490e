#include "compiler/graph/source_columns.h"

namespace anim::graph {

SourceColumns::SourceColumns(std::string_view source) : source_(source) {
  line_starts_.push_back(0);
  for (std::size_t i = 0; i < source.size(); ++i)
    if (source[i] == '\n') line_starts_.push_back(i + 1);
}

TextPosition SourceColumns::At(TextPosition scalar, int offset) const {
  if (scalar.line < 1 || static_cast<std::size_t>(scalar.line) > line_starts_.size() || scalar.column < 1)
    return scalar;
  const std::size_t line_start = line_starts_[static_cast<std::size_t>(scalar.line - 1)];
  std::size_t raw = line_start + static_cast<std::size_t>(scalar.column - 1);
  if (raw >= source_.size()) return scalar;
  const char quote = source_[raw];
  if (quote != '"' && quote != '\'') return {scalar.line, scalar.column + offset};
  ++raw;  // the opening quote
  for (int decoded = 0; decoded < offset && raw < source_.size() && source_[raw] != '\n'; ++decoded) {
    if (quote == '"' && source_[raw] == '\\' && raw + 1 < source_.size()) {
      const char escape = source_[raw + 1];
      raw += escape == 'x' ? 4 : escape == 'u' ? 6 : escape == 'U' ? 10 : 2;
    } else if (quote == '\'' && source_[raw] == '\'' && raw + 1 < source_.size() &&
               source_[raw + 1] == '\'') {
      raw += 2;
    } else {
      ++raw;
    }
  }
  return {scalar.line, static_cast<int>(raw - line_start) + 1};
}

}  // namespace anim::graph
