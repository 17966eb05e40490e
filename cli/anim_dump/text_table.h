// Aligned plain-text tables: columns padded to their widest cell, numbers right-aligned. A row may
// be dimmed (pruned tasks); the escape codes are added only when colour is on, after padding, so
// alignment never depends on them. Cells are given as they are (names of any bytes) and shown as
// terminal text (compiler/diag/escape.h: EscapeTerminal); widths count terminal columns of the
// escaped form.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace anim::dump {

class TextTable {
 public:
  // `right_aligned[i]`: column i holds numbers.
  TextTable(std::vector<std::string> header, std::vector<bool> right_aligned);

  // `cells` unescaped: the table escapes them.
  void Add(std::vector<std::string> cells, bool dim = false);
  std::string Render(bool colour) const;
  // For a table printed in blocks as its rows arrive: the rows added since the last call, padded to
  // `widths` (per column, grown to fit them and kept for the next block), the header only first.
  // Blocks line up with each other as long as no later row is wider.
  std::string RenderBlock(bool colour, std::vector<std::size_t>& widths, bool header);

 private:
  struct Row {
    std::vector<std::string> cells;
    bool dim = false;
  };
  std::string Lines(bool colour, std::vector<std::size_t>& widths, bool header) const;
  std::vector<std::string> header_;
  std::vector<bool> right_;
  std::vector<Row> rows_;
};

// A table of a streamed report, one row a frame: rendered in blocks of 1000 rows as they arrive
// (so a run of a million frames holds one block), aligned across blocks by widths that only grow,
// the header before the first block only.
class StreamedTable {
 public:
  StreamedTable(std::vector<std::string> header, std::vector<bool> right_aligned, bool colour)
      : table_(std::move(header), std::move(right_aligned)), colour_(colour) {}

  // Adds a row, appending a block to `out` once 1000 rows wait.
  void Add(std::vector<std::string> cells, std::string& out);
  // Appends the rows still waiting.
  void Flush(std::string& out);
  int rows() const { return rows_; }

 private:
  static constexpr int kBlockRows = 1000;
  TextTable table_;
  bool colour_;
  std::vector<std::size_t> widths_;
  bool header_ = true;
  int rows_ = 0;
};

}  // namespace anim::dump
