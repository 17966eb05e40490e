#include "compiler/diag/suggest.h"

#include <algorithm>
#include <vector>

namespace anim {
namespace {

char Fold(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

int MaxEdits(std::string_view word) {
  const int n = static_cast<int>(word.size());
  return n <= 4 ? 1 : (n + 2) / 3;
}

// The edit distance, or any number above `limit` as soon as every path through the table is past
// it: a row's minimum never decreases further down, so the rest of the table cannot come back.
// The rows are kept between calls, so suggesting over thousands of names allocates nothing each.
int BoundedEditDistance(std::string_view a, std::string_view b, int limit) {
  const std::size_t n = a.size();
  const std::size_t m = b.size();
  // Three rows of the dynamic-programming table: two back for swaps, one back, and the current one.
  thread_local std::vector<int> before, previous, current;
  before.assign(m + 1, 0);
  previous.resize(m + 1);
  current.assign(m + 1, 0);
  for (std::size_t j = 0; j <= m; ++j)
    previous[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= n; ++i) {
    current[0] = static_cast<int>(i);
    int row_min = current[0];
    for (std::size_t j = 1; j <= m; ++j) {
      const bool same = Fold(a[i - 1]) == Fold(b[j - 1]);
      int d = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (same ? 0 : 1)});
      if (i > 1 && j > 1 && Fold(a[i - 1]) == Fold(b[j - 2]) && Fold(a[i - 2]) == Fold(b[j - 1])) {
        d = std::min(d, before[j - 2] + 1);
      }
      current[j] = d;
      row_min = std::min(row_min, d);
    }
    std::swap(before, previous);
    std::swap(previous, current);
    if (row_min > limit) return limit + 1;
  }
  return previous[m];
}

}  // namespace

int EditDistance(std::string_view a, std::string_view b) {
  return BoundedEditDistance(a, b, static_cast<int>(std::max(a.size(), b.size())));
}

std::optional<std::string> SuggestClosest(std::string_view word,
                                          std::span<const std::string_view> candidates) {
  const int limit = MaxEdits(word);
  int best_distance = limit + 1;
  std::optional<std::string> best;
  for (std::string_view candidate : candidates) {
    const auto length_gap =
        word.size() > candidate.size() ? word.size() - candidate.size() : candidate.size() - word.size();
    // The distance is at least the length difference: skip the table for hopeless candidates.
    if (length_gap >= static_cast<std::size_t>(best_distance)) continue;
    const int d = BoundedEditDistance(word, candidate, best_distance - 1);
    if (d < best_distance) {
      best_distance = d;
      best = std::string(candidate);
    }
  }
  return best;
}

std::string DidYouMean(std::string_view word, std::span<const std::string_view> candidates) {
  const std::optional<std::string> best = SuggestClosest(word, candidates);
  return best ? "; did you mean '" + *best + "'?" : std::string();
}

}  // namespace anim
