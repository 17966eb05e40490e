// "Did you mean" suggestions for misspelt names: unknown fields, unknown bones, and later unknown
// node kinds and parameters in graphs.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace anim {

// Edit distance between `a` and `b`: insertions, deletions, substitutions and swaps of two
// adjacent characters each cost 1 (optimal string alignment). Letter case is ignored.
int EditDistance(std::string_view a, std::string_view b);

// The candidate closest to `word` when it is close enough to be a likely typo: at most one edit for
// words up to 4 characters, otherwise about a third of the word. Ties go to the earliest candidate.
std::optional<std::string> SuggestClosest(std::string_view word,
                                          std::span<const std::string_view> candidates);

// "; did you mean 'x'?" for the closest candidate, or "" when none is close.
std::string DidYouMean(std::string_view word, std::span<const std::string_view> candidates);

}  // namespace anim
