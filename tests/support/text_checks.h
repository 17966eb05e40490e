// Checks of what the tools write, independent of the escapers they check (compiler/diag/escape.h):
// well-formed UTF-8, and terminal text a hostile name cannot take over.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace anim::test {

// Unicode Table 3-7: no stray continuation byte, overlong form, surrogate or code point past
// U+10FFFF, and no truncated sequence.
inline bool IsWellFormedUtf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const unsigned c = static_cast<unsigned char>(s[i]);
    std::size_t n = 0;
    unsigned low = 0x80, high = 0xBF;
    if (c <= 0x7F) {
      n = 0;
    } else if (c >= 0xC2 && c <= 0xDF) {
      n = 1;
    } else if (c >= 0xE0 && c <= 0xEF) {
      n = 2;
      if (c == 0xE0) low = 0xA0;
      if (c == 0xED) high = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      n = 3;
      if (c == 0xF0) low = 0x90;
      if (c == 0xF4) high = 0x8F;
    } else {
      return false;
    }
    for (std::size_t k = 1; k <= n; ++k) {
      if (i + k >= s.size()) return false;
      const unsigned x = static_cast<unsigned char>(s[i + k]);
      if (x < low || x > high) return false;
      low = 0x80;
      high = 0xBF;
    }
    i += n + 1;
  }
  return true;
}

// The first thing in `s` that must not reach a terminal as it is: a C0 control other than the
// line feed (when `allow_newline`), DEL, a C1 control (U+0080-U+009F), a bidirectional control,
// U+2028, U+2029, U+FFFE or U+FFFF, or ill-formed UTF-8. Empty when there is none.
inline std::string FirstTerminalHazard(std::string_view s, bool allow_newline = true) {
  if (!IsWellFormedUtf8(s)) return "ill-formed UTF-8";
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if ((c < 0x20 && !(allow_newline && c == '\n')) || c == 0x7F)
      return "control byte " + std::to_string(c) + " at " + std::to_string(i);
    if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) <= 0x9F)
      return "C1 control at " + std::to_string(i);
  }
  for (const char* bad :
       {"\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069", "\u200E",
        "\u200F", "\u061C", "\u2028", "\u2029", "\xEF\xBF\xBE", "\xEF\xBF\xBF"}) {
    const std::size_t at = s.find(bad);
    if (at != std::string_view::npos) return "format or noncharacter code point at " + std::to_string(at);
  }
  return "";
}

// Terminal columns of well-formed UTF-8 without wide characters: one per code point.
inline std::size_t Columns(std::string_view s) {
  std::size_t n = 0;
  for (char c : s)
    n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

}  // namespace anim::test
