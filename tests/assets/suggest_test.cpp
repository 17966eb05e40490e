#include <array>
#include <catch2/catch.hpp>
#include <string_view>

#include "compiler/diag/suggest.h"

namespace anim {
namespace {

TEST_CASE("EditDistance counts insertions, deletions, substitutions and swaps") {
  CHECK(EditDistance("", "") == 0);
  CHECK(EditDistance("name", "name") == 0);
  CHECK(EditDistance("", "abc") == 3);
  CHECK(EditDistance("abc", "") == 3);
  CHECK(EditDistance("parent", "paren") == 1);       // deletion
  CHECK(EditDistance("scale", "scaale") == 1);       // insertion
  CHECK(EditDistance("rotation", "rotatiom") == 1);  // substitution
  CHECK(EditDistance("nmae", "name") == 1);          // adjacent swap
  CHECK(EditDistance("kitten", "sitting") == 3);
  CHECK(EditDistance("Head", "head") == 0);  // case is ignored
  CHECK(EditDistance("abc", "xyz") == EditDistance("xyz", "abc"));
}

TEST_CASE("SuggestClosest proposes the nearest candidate only when it is a likely typo") {
  constexpr std::array<std::string_view, 6> fields = {"name",     "parent", "translation",
                                                      "rotation", "scale",  "inverse_bind"};
  CHECK(SuggestClosest("parnet", fields) == "parent");
  CHECK(SuggestClosest("translaton", fields) == "translation");
  CHECK(SuggestClosest("inverse_bnid", fields) == "inverse_bind");
  CHECK(SuggestClosest("Scale", fields) == "scale");
  CHECK_FALSE(SuggestClosest("colour", fields).has_value());
  CHECK_FALSE(SuggestClosest("x", fields).has_value());
  CHECK_FALSE(SuggestClosest("anything", std::span<const std::string_view>()).has_value());
  // Short words allow one edit only: "nm" is two edits from "name".
  CHECK_FALSE(SuggestClosest("nm", fields).has_value());
}

TEST_CASE("SuggestClosest breaks ties by candidate order") {
  constexpr std::array<std::string_view, 2> a = {"hand_l", "hand_r"};
  constexpr std::array<std::string_view, 2> b = {"hand_r", "hand_l"};
  CHECK(SuggestClosest("hand_x", a) == "hand_l");
  CHECK(SuggestClosest("hand_x", b) == "hand_r");
}

TEST_CASE("DidYouMean phrases the suggestion, or says nothing") {
  constexpr std::array<std::string_view, 3> bones = {"pelvis", "spine", "head"};
  CHECK(DidYouMean("haed", bones) == "; did you mean 'head'?");
  CHECK(DidYouMean("tail", bones).empty());
}

TEST_CASE("SuggestClosest copes with a very long word") {
  const std::string long_word(100000, 'a');
  constexpr std::array<std::string_view, 2> names = {"aaa", "name"};
  CHECK_FALSE(SuggestClosest(long_word, names).has_value());
}

}  // namespace
}  // namespace anim
