#include "cli/anim_dump/bone_side.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace anim::dump {

Side SideOf(std::string_view name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  const auto marked = [&](std::string_view word, char letter) {
    if (lower.find(word) != std::string::npos) return true;
    const std::size_t n = lower.size();
    const auto separator = [](char c) { return c == '_' || c == '.' || c == ' ' || c == '-' || c == ':'; };
    if (n >= 2 && lower[n - 1] == letter && separator(lower[n - 2])) return true;  // thigh_l
    if (n >= 2 && lower[0] == letter && separator(lower[1])) return true;          // l_thigh
    // UpperLegL: a capital side letter after a lower-case one, at the end.
    return n >= 2 && name[n - 1] == std::toupper(letter) &&
           std::islower(static_cast<unsigned char>(name[n - 2]));
  };
  if (marked("left", 'l')) return Side::Left;
  if (marked("right", 'r')) return Side::Right;
  return Side::Centre;
}

const char* SideColour(Side side) {
  return side == Side::Left ? "#2b6cc4" : side == Side::Right ? "#c43b2b" : "#666666";
}

}  // namespace anim::dump
