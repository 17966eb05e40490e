#include "compiler/diag/escape.h"

namespace anim {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// One step of strict UTF-8 decoding (Unicode Table 3-7, well-formed byte sequences). A
// well-formed sequence gives its code point and length; an ill-formed one gives the length of its
// maximal subpart (at least 1): the bytes that start a well-formed sequence but do not finish it.
struct Step {
  char32_t code_point = 0;
  std::size_t length = 1;
  bool valid = false;
};

Step Decode(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return {lead, 1, true};
  std::size_t continuation = 0;
  char32_t code_point = 0;
  unsigned char low = 0x80, high = 0xBF;  // the range of the first continuation byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    continuation = 1;
    code_point = lead & 0x1Fu;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    continuation = 2;
    code_point = lead & 0x0Fu;
    if (lead == 0xE0) low = 0xA0;   // overlong below U+0800
    if (lead == 0xED) high = 0x9F;  // surrogates U+D800-U+DFFF
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    continuation = 3;
    code_point = lead & 0x07u;
    if (lead == 0xF0) low = 0x90;   // overlong below U+10000
    if (lead == 0xF4) high = 0x8F;  // past U+10FFFF
  } else {
    return {};  // a continuation byte, C0, C1 (overlong two-byte forms) or F5-FF: never a lead
  }
  std::size_t length = 1;
  for (std::size_t k = 0; k < continuation; ++k, ++length) {
    if (i + length >= s.size()) return {0, length, false};
    const unsigned char next = byte(i + length);
    if (next < low || next > high) return {0, length, false};
    code_point = (code_point << 6) | (next & 0x3Fu);
    low = 0x80;
    high = 0xBF;
  }
  return {code_point, length, true};
}

bool IsNoncharacter(char32_t c) {
  return (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFEu) == 0xFFFEu;
}

// Non-ASCII code points a terminal must not receive as they are.
bool IsUnsafeForTerminal(char32_t c) {
  return (c >= 0x80 && c <= 0x9F) ||                       // C1 controls (CSI, OSC, NEL, ...)
         c == 0x061C || c == 0x200E || c == 0x200F ||      // bidi marks
         (c >= 0x202A && c <= 0x202E) ||                   // bidi embeddings and overrides
         (c >= 0x2066 && c <= 0x2069) ||                   // bidi isolates
         c == 0x2028 || c == 0x2029 || IsNoncharacter(c);  // line and paragraph separators
}

constexpr char kHex[] = "0123456789abcdef";

void AppendHexByte(std::string& out, unsigned char b) {
  out += "\\x";
  out += kHex[b >> 4];
  out += kHex[b & 0xF];
}

void AppendCodePointEscape(std::string& out, char32_t c) {
  const int digits = c > 0xFFFF ? 8 : 4;
  out += c > 0xFFFF ? "\\U" : "\\u";
  for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4)
    out += kHex[(c >> shift) & 0xFu];
}

// What EscapeTerminal writes for the code point or ill-formed subsequence `step` at `text[i]`;
// false when it is written as it is.
bool AppendTerminalEscape(std::string& out, std::string_view text, std::size_t i, const Step& step) {
  if (!step.valid) {
    for (std::size_t k = 0; k < step.length; ++k)
      AppendHexByte(out, static_cast<unsigned char>(text[i + k]));
    return true;
  }
  const char32_t c = step.code_point;
  switch (c) {
    case U'\\':
      out += "\\\\";
      return true;
    case U'\0':
      out += "\\0";
      return true;
    case U'\t':
      out += "\\t";
      return true;
    case U'\n':
      out += "\\n";
      return true;
    case U'\r':
      out += "\\r";
      return true;
    default:
      break;
  }
  if (c < 0x20 || c == 0x7F) {
    AppendHexByte(out, static_cast<unsigned char>(c));
    return true;
  }
  if (IsUnsafeForTerminal(c)) {
    AppendCodePointEscape(out, c);
    return true;
  }
  return false;
}

// Plain printable ASCII without a backslash: every escaper keeps it as it is.
bool IsPlain(unsigned char c) {
  return c >= 0x20 && c < 0x7F && c != '\\';
}

bool IsWide(char32_t c) {
  return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) || (c >= 0x3041 && c <= 0x33FF) ||
         (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
         (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
         (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
         (c >= 0x1F900 && c <= 0x1F9FF) || (c >= 0x20000 && c <= 0x2FFFD) || (c >= 0x30000 && c <= 0x3FFFD);
}

bool IsZeroWidth(char32_t c) {
  return (c >= 0x0300 && c <= 0x036F) || (c >= 0x1AB0 && c <= 0x1AFF) || (c >= 0x1DC0 && c <= 0x1DFF) ||
         (c >= 0x200B && c <= 0x200D) || (c >= 0x20D0 && c <= 0x20FF) || (c >= 0xFE00 && c <= 0xFE0F) ||
         (c >= 0xFE20 && c <= 0xFE2F) || c == 0xFEFF;
}

}  // namespace

std::string EscapeTerminal(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (IsPlain(static_cast<unsigned char>(text[i]))) {
      out += text[i++];
      continue;
    }
    const Step step = Decode(text, i);
    if (!AppendTerminalEscape(out, text, i, step)) out.append(text.substr(i, step.length));
    i += step.length;
  }
  return out;
}

std::size_t DisplayWidth(std::string_view text) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < text.size();) {
    const Step step = Decode(text, i);
    i += step.length;
    if (!step.valid)
      width += step.length;
    else if (!IsZeroWidth(step.code_point))
      width += IsWide(step.code_point) ? 2 : 1;
  }
  return width;
}

std::string ReplaceInvalidUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      out += text[i++];
      continue;
    }
    const Step step = Decode(text, i);
    if (step.valid)
      out.append(text.substr(i, step.length));
    else
      out += kReplacement;
    i += step.length;
  }
  return out;
}

std::string EscapeXml(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const Step step = Decode(text, i);
    const char32_t c = step.code_point;
    if (!step.valid || c == 0xFFFE || c == 0xFFFF || (c < 0x20 && c != '\t' && c != '\n' && c != '\r')) {
      out += kReplacement;
    } else if (c == '&') {
      out += "&amp;";
    } else if (c == '<') {
      out += "&lt;";
    } else if (c == '>') {
      out += "&gt;";
    } else if (c == '"') {
      out += "&quot;";
    } else if (c == '\'') {
      out += "&apos;";
    } else if (c == '\t') {
      out += "&#9;";
    } else if (c == '\n') {
      out += "&#10;";
    } else if (c == '\r') {
      out += "&#13;";
    } else {
      out.append(text.substr(i, step.length));
    }
    i += step.length;
  }
  return out;
}

std::string QuoteDot(std::string_view text) {
  std::string out = "\"";
  out.reserve(text.size() + 2);
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char b = static_cast<unsigned char>(text[i]);
    if (IsPlain(b) && b != '"' && b != '&') {
      out += text[i++];
      continue;
    }
    const Step step = Decode(text, i);
    if (step.valid && step.code_point == '\n') {
      out += "\\n";
    } else if (step.valid && step.code_point == '"') {
      out += "\\\"";
    } else if (step.valid && step.code_point == '\\') {
      out += "\\\\";
    } else if (step.valid && step.code_point == '&') {
      out += "&amp;";
    } else {
      // The terminal's visible form, its backslashes doubled so Graphviz shows them.
      std::string shown;
      if (!AppendTerminalEscape(shown, text, i, step)) shown.assign(text.substr(i, step.length));
      for (char c : shown) {
        if (c == '\\') out += '\\';
        out += c;
      }
    }
    i += step.length;
  }
  return out + "\"";
}

}  // namespace anim
