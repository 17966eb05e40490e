// Where each byte of a string's value sits in the file, so an error at offset 5 of an expression
// points at the right column whether the string was plain, single- or double-quoted (the opening
// quote and escapes like \" or '' shift the columns).
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "compiler/document/document.h"

namespace anim::graph {

class SourceColumns {
 public:
  explicit SourceColumns(std::string_view source);

  // The position of byte `offset` of the value of the string scalar that starts at `scalar`.
  // Offsets past the scalar's line continue on that line.
  TextPosition At(TextPosition scalar, int offset) const;

 private:
  std::string_view source_;
  std::vector<std::size_t> line_starts_;
};

}  // namespace anim::graph
