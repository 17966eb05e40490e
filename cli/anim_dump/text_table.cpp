#include "cli/anim_dump/text_table.h"

#include <algorithm>

#include "compiler/diag/escape.h"

namespace anim::dump {
namespace {

constexpr const char* kDim = "\033[2m";
constexpr const char* kBold = "\033[1m";
constexpr const char* kReset = "\033[0m";

}  // namespace

TextTable::TextTable(std::vector<std::string> header, std::vector<bool> right_aligned)
    : header_(std::move(header)), right_(std::move(right_aligned)) {
  right_.resize(header_.size(), false);
}

void TextTable::Add(std::vector<std::string> cells, bool dim) {
  cells.resize(header_.size());
  for (std::string& cell : cells)
    cell = EscapeTerminal(cell);
  rows_.push_back(Row{std::move(cells), dim});
}

std::string TextTable::Render(bool colour) const {
  std::vector<std::size_t> widths;
  return Lines(colour, widths, true);
}

std::string TextTable::RenderBlock(bool colour, std::vector<std::size_t>& widths, bool header) {
  std::string out = Lines(colour, widths, header);
  rows_.clear();
  return out;
}

std::string TextTable::Lines(bool colour, std::vector<std::size_t>& width, bool header) const {
  width.resize(header_.size(), 0);
  for (std::size_t c = 0; c < header_.size(); ++c) {
    width[c] = std::max(width[c], DisplayWidth(header_[c]));
    for (const Row& r : rows_)
      width[c] = std::max(width[c], DisplayWidth(r.cells[c]));
  }
  const auto line = [&](const std::vector<std::string>& cells) {
    std::string s;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const std::string pad(width[c] - DisplayWidth(cells[c]), ' ');
      const bool last = c + 1 == cells.size();
      if (c > 0) s += "  ";
      s += right_[c] ? pad + cells[c] : (last ? cells[c] : cells[c] + pad);
    }
    while (!s.empty() && s.back() == ' ')
      s.pop_back();
    return s;
  };
  std::string out;
  if (header) out = (colour ? kBold + line(header_) + kReset : line(header_)) + '\n';
  for (const Row& r : rows_) {
    out += colour && r.dim ? kDim + line(r.cells) + kReset : line(r.cells);
    out += '\n';
  }
  return out;
}

void StreamedTable::Add(std::vector<std::string> cells, std::string& out) {
  table_.Add(std::move(cells));
  if (++rows_ % kBlockRows == 0) Flush(out);
}

void StreamedTable::Flush(std::string& out) {
  out += table_.RenderBlock(colour_, widths_, header_);
  header_ = false;
}

}  // namespace anim::dump
