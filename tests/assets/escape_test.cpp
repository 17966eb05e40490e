// The escapers of compiler/diag/escape.h and json_text.h: every C0 byte, DEL, C1, bidi controls,
// noncharacters, and ill-formed UTF-8 (stray continuation bytes, overlong forms, surrogates, code
// points past U+10FFFF, truncated sequences) in each output's form; and properties over every byte
// and every pair of bytes: terminal text holds no control character, XML no forbidden character,
// DOT strings no unescaped quote, JSON always parses.
#include <catch2/catch.hpp>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "compiler/diag/escape.h"
#include "compiler/diag/json_text.h"
#include "tests/support/text_checks.h"

namespace anim {
namespace {

using namespace std::string_literals;

const std::string kFffd = "\xEF\xBF\xBD";

// Terminal text: no control character at all (not even a newline), nothing ill-formed.
bool IsSafeTerminalText(const std::string& s) {
  return test::FirstTerminalHazard(s, /*allow_newline=*/false).empty();
}

// XML 1.0: Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF], and
// no markup character left unescaped.
bool IsXmlText(const std::string& s) {
  if (!test::IsWellFormedUtf8(s)) return false;
  if (s.find_first_of("<>\"'") != std::string::npos) return false;
  if (s.find("\xEF\xBF\xBE") != std::string::npos || s.find("\xEF\xBF\xBF") != std::string::npos)
    return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20) return false;  // even tab, newline and CR are written as references
    if (c == '&') {
      const std::size_t end = s.find(';', i);
      if (end == std::string::npos) return false;
      const std::string entity = s.substr(i, end - i + 1);
      if (entity != "&amp;" && entity != "&lt;" && entity != "&gt;" && entity != "&quot;" &&
          entity != "&apos;" && entity != "&#9;" && entity != "&#10;" && entity != "&#13;")
        return false;
    }
  }
  return true;
}

// A DOT quoted string: quotes around, no quote inside unless escaped, no control character, and
// well-formed UTF-8.
bool IsDotString(const std::string& s) {
  if (s.size() < 2 || s.front() != '"' || s.back() != '"' || !test::IsWellFormedUtf8(s)) return false;
  for (std::size_t i = 1; i + 1 < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7F) return false;
    if (c == '\\') {
      ++i;  // an escaped character; it must not be the closing quote
      if (i + 1 >= s.size()) return false;
    } else if (c == '"') {
      return false;
    }
  }
  return true;
}

std::string Hex(unsigned char b) {
  constexpr char kDigits[] = "0123456789abcdef";
  return "\\x"s + kDigits[b >> 4] + kDigits[b & 0xF];
}

}  // namespace

TEST_CASE("EscapeTerminal keeps printable text as it is", "[diag][escape]") {
  CHECK(EscapeTerminal("") == "");
  CHECK(EscapeTerminal("locomotion.states.run.a") == "locomotion.states.run.a");
  CHECK(EscapeTerminal("walk -> run: 'x' \"y\" <&> ~") == "walk -> run: 'x' \"y\" <&> ~");
  CHECK(EscapeTerminal("caf\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x98\x80") ==
        "caf\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x98\x80");
  CHECK(EscapeTerminal("\xC2\xA0") == "\xC2\xA0");  // U+00A0, the first code point after C1
}

TEST_CASE("EscapeTerminal shows every C0 byte and DEL as an escape", "[diag][escape]") {
  for (int b = 0; b < 0x20; ++b) {
    const std::string text = "a"s + static_cast<char>(b) + "b";
    const std::string expected = b == 0      ? "\\0"
                                 : b == '\t' ? "\\t"
                                 : b == '\n' ? "\\n"
                                 : b == '\r' ? "\\r"
                                             : Hex(static_cast<unsigned char>(b));
    INFO("byte " << b);
    CHECK(EscapeTerminal(text) == "a" + expected + "b");
  }
  CHECK(EscapeTerminal("\x7F") == "\\x7f");
  CHECK(EscapeTerminal("\x1B[2J\x1B[1;1H") == "\\x1b[2J\\x1b[1;1H");
  CHECK(EscapeTerminal("\x1B]0;title\x07") == "\\x1b]0;title\\x07");
  CHECK(EscapeTerminal("back\\slash") == "back\\\\slash");  // so the escaped form is unambiguous
}

TEST_CASE("EscapeTerminal shows C1, bidi controls, separators and noncharacters as code points",
          "[diag][escape]") {
  CHECK(EscapeTerminal("\xC2\x80") == "\\u0080");
  CHECK(EscapeTerminal("\xC2\x85") == "\\u0085");  // NEL
  CHECK(EscapeTerminal("\xC2\x9B"
                       "2J") == "\\u009b2J");  // CSI
  CHECK(EscapeTerminal("\xC2\x9F") == "\\u009f");
  CHECK(EscapeTerminal("abc\u202Edef") == "abc\\u202edef");  // right-to-left override
  for (const char* bidi : {"\u202A", "\u202B", "\u202C", "\u202D", "\u2066", "\u2067", "\u2068", "\u2069",
                           "\u200E", "\u200F", "\u061C"}) {
    INFO(bidi);
    const std::string escaped = EscapeTerminal(bidi);
    CHECK(escaped.rfind("\\u", 0) == 0);
    CHECK(escaped.size() == 6);
  }
  CHECK(EscapeTerminal("\u2028\u2029") == "\\u2028\\u2029");
  CHECK(EscapeTerminal("\xEF\xBF\xBE") == "\\ufffe");
  CHECK(EscapeTerminal("\xEF\xBF\xBF") == "\\uffff");
  CHECK(EscapeTerminal("\xEF\xB7\x90") == "\\ufdd0");
  CHECK(EscapeTerminal("\xF0\x9F\xBF\xBE") == "\\U0001fffe");
  CHECK(EscapeTerminal("\xF4\x8F\xBF\xBF") == "\\U0010ffff");
  CHECK(EscapeTerminal("\xEF\xBF\xBD") == "\xEF\xBF\xBD");  // U+FFFD itself is printable
}

TEST_CASE("EscapeTerminal shows each byte of ill-formed UTF-8 as a hex escape", "[diag][escape]") {
  CHECK(EscapeTerminal("\x80") == "\\x80");  // stray continuation byte
  CHECK(EscapeTerminal("\xBF\xBF") == "\\xbf\\xbf");
  CHECK(EscapeTerminal("\xFF\xFE") == "\\xff\\xfe");  // never in UTF-8
  CHECK(EscapeTerminal("\xF5\x80\x80\x80") == "\\xf5\\x80\\x80\\x80");
  CHECK(EscapeTerminal("\xC0\xAF") == "\\xc0\\xaf");  // overlong '/'
  CHECK(EscapeTerminal("\xC1\xBF") == "\\xc1\\xbf");
  CHECK(EscapeTerminal("\xE0\x80\xAF") == "\\xe0\\x80\\xaf");
  CHECK(EscapeTerminal("\xE0\x9F\xBF") == "\\xe0\\x9f\\xbf");
  CHECK(EscapeTerminal("\xF0\x80\x80\xAF") == "\\xf0\\x80\\x80\\xaf");
  CHECK(EscapeTerminal("\xF0\x8F\xBF\xBF") == "\\xf0\\x8f\\xbf\\xbf");
  CHECK(EscapeTerminal("\xC0\x80") == "\\xc0\\x80");           // overlong NUL (modified UTF-8)
  CHECK(EscapeTerminal("\xED\xA0\x80") == "\\xed\\xa0\\x80");  // surrogate U+D800
  CHECK(EscapeTerminal("\xED\xBF\xBF") == "\\xed\\xbf\\xbf");  // surrogate U+DFFF
  CHECK(EscapeTerminal("\xED\xA0\xBD\xED\xB8\x80") == "\\xed\\xa0\\xbd\\xed\\xb8\\x80");  // CESU-8 pair
  CHECK(EscapeTerminal("\xED\x9F\xBF") == "\xED\x9F\xBF");                                // U+D7FF is fine
  CHECK(EscapeTerminal("\xF4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");                    // past U+10FFFF
  CHECK(EscapeTerminal("\xE2\x80") == "\\xe2\\x80");  // truncated at the end
  CHECK(EscapeTerminal("\xE2\x80"
                       "A") == "\\xe2\\x80A");  // truncated before ASCII
  CHECK(EscapeTerminal("\xE2\x80\xE2\x80\xAE") == "\\xe2\\x80\\u202e");
  CHECK(EscapeTerminal("\xF0\x9F\x98") == "\\xf0\\x9f\\x98");
}

TEST_CASE("EscapeTerminal output is safe for every byte and every pair of bytes", "[diag][escape]") {
  for (int a = 0; a < 256; ++a) {
    for (int b = 0; b < 256; ++b) {
      const std::string text = "n"s + static_cast<char>(a) + static_cast<char>(b) + "\xE2\x80";
      const std::string escaped = EscapeTerminal(text);
      if (!IsSafeTerminalText(escaped)) FAIL("bytes " << a << " " << b << " give '" << escaped << "'");
    }
  }
  std::mt19937 rng(13);
  for (int round = 0; round < 2000; ++round) {
    std::string text(rng() % 24, '\0');
    for (char& c : text)
      c = static_cast<char>(rng() % 4 == 0 ? 0xE0 + rng() % 0x20 : rng());
    const std::string escaped = EscapeTerminal(text);
    if (!IsSafeTerminalText(escaped)) FAIL("'" << escaped << "'");
  }
}

TEST_CASE("DisplayWidth counts terminal columns of escaped text", "[diag][escape]") {
  CHECK(DisplayWidth("") == 0);
  CHECK(DisplayWidth("walk_fwd") == 8);
  CHECK(DisplayWidth("caf\xC3\xA9") == 4);
  CHECK(DisplayWidth("e\xCC\x81") == 1);                  // e + combining acute
  CHECK(DisplayWidth("\xE6\x97\xA5\xE6\x9C\xAC") == 4);   // two wide ideographs
  CHECK(DisplayWidth("\xF0\x9F\x98\x80") == 2);           // emoji
  CHECK(DisplayWidth(EscapeTerminal("a\x1B[2Jb")) == 9);  // a\x1b[2Jb
  CHECK(DisplayWidth(EscapeTerminal("\xFF")) == 4);
}

TEST_CASE("ReplaceInvalidUtf8 replaces each maximal ill-formed subpart by one U+FFFD", "[diag][escape]") {
  CHECK(ReplaceInvalidUtf8("plain \x01\x1B\x7F text") == "plain \x01\x1B\x7F text");  // controls stay
  CHECK(ReplaceInvalidUtf8("\xC3\xA9\xE2\x80\xAE\xF0\x9F\x98\x80") == "\xC3\xA9\xE2\x80\xAE\xF0\x9F\x98\x80");
  CHECK(ReplaceInvalidUtf8("\xFF") == kFffd);
  CHECK(ReplaceInvalidUtf8("\xC0\xAF") == kFffd + kFffd);
  CHECK(ReplaceInvalidUtf8("\xE0\x80\xAF") == kFffd + kFffd + kFffd);
  CHECK(ReplaceInvalidUtf8("\xED\xA0\x80") == kFffd + kFffd + kFffd);
  CHECK(ReplaceInvalidUtf8("\xF4\x90\x80\x80") == kFffd + kFffd + kFffd + kFffd);
  CHECK(ReplaceInvalidUtf8("\xE2\x80"
                           "A") == kFffd + "A");
  CHECK(ReplaceInvalidUtf8("\xF0\x9F\x98") == kFffd);
  // The Unicode Standard's example (chapter 3, U+FFFD substitution of maximal subparts).
  CHECK(ReplaceInvalidUtf8("\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64") ==
        "a" + kFffd + kFffd + kFffd + "b" + kFffd + "c" + kFffd + kFffd + "d");
  for (int a = 0; a < 256; ++a) {
    for (int b = 0; b < 256; ++b) {
      const std::string text = std::string(1, static_cast<char>(a)) + static_cast<char>(b) + "\xF0\x9F";
      if (!test::IsWellFormedUtf8(ReplaceInvalidUtf8(text))) FAIL("bytes " << a << " " << b);
    }
  }
}

TEST_CASE("EscapeXml escapes markup and replaces what XML 1.0 forbids", "[diag][escape]") {
  CHECK(EscapeXml("walk_fwd") == "walk_fwd");
  CHECK(EscapeXml("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&apos;f");
  CHECK(EscapeXml("a\tb\nc\rd") == "a&#9;b&#10;c&#13;d");
  for (int b = 0; b < 0x20; ++b) {
    if (b == '\t' || b == '\n' || b == '\r') continue;
    INFO("byte " << b);
    CHECK(EscapeXml("x"s + static_cast<char>(b) + "y") == "x" + kFffd + "y");
  }
  CHECK(EscapeXml("\x7F\xC2\x85") == "\x7F\xC2\x85");  // allowed by XML 1.0
  CHECK(EscapeXml("\xEF\xBF\xBE\xEF\xBF\xBF") == kFffd + kFffd);
  CHECK(EscapeXml("\xEF\xBF\xBD") == kFffd);
  CHECK(EscapeXml("\xED\xA0\x80") == kFffd + kFffd + kFffd);
  CHECK(EscapeXml("\xC0\xBC") == kFffd + kFffd);  // overlong '<' is not a '<'
  CHECK(EscapeXml("\xE2\x80\xAE\xF0\x9F\x98\x80") == "\xE2\x80\xAE\xF0\x9F\x98\x80");
  for (int a = 0; a < 256; ++a) {
    for (int b = 0; b < 256; ++b) {
      const std::string text = "<"s + static_cast<char>(a) + static_cast<char>(b) + "\xEF\xBF";
      const std::string escaped = EscapeXml(text);
      if (!IsXmlText(escaped)) FAIL("bytes " << a << " " << b << " give '" << escaped << "'");
    }
  }
}

TEST_CASE("QuoteDot writes a DOT string Graphviz accepts for any bytes", "[diag][escape]") {
  CHECK(QuoteDot("walk_fwd") == "\"walk_fwd\"");
  CHECK(QuoteDot("") == "\"\"");
  CHECK(QuoteDot("a\"b") == "\"a\\\"b\"");
  CHECK(QuoteDot("back\\") == "\"back\\\\\"");
  CHECK(QuoteDot("line\nbreak") == "\"line\\nbreak\"");
  CHECK(QuoteDot("a&lt;b") == "\"a&amp;lt;b\"");
  CHECK(QuoteDot("<x>{y}|z") == "\"<x>{y}|z\"");
  CHECK(QuoteDot("esc\x1B[2J") == "\"esc\\\\x1b[2J\"");
  CHECK(QuoteDot("nul\0x"s) == "\"nul\\\\0x\"");
  CHECK(QuoteDot("\xFF") == "\"\\\\xff\"");
  CHECK(QuoteDot("\u202E") == "\"\\\\u202e\"");
  CHECK(QuoteDot("caf\xC3\xA9") == "\"caf\xC3\xA9\"");
  // A name shown as the text outputs show it: its newline as \n, not a line break.
  CHECK(QuoteDot(EscapeTerminal("a\nb\\")) == "\"a\\\\nb\\\\\\\\\"");
  for (int a = 0; a < 256; ++a) {
    for (int b = 0; b < 256; ++b) {
      const std::string text = "\\"s + static_cast<char>(a) + static_cast<char>(b) + "\"\xC3";
      const std::string quoted = QuoteDot(text);
      if (!IsDotString(quoted)) FAIL("bytes " << a << " " << b << " give '" << quoted << "'");
    }
  }
}

TEST_CASE("JsonText never throws: ill-formed UTF-8 becomes U+FFFD, controls are escaped", "[diag][escape]") {
  nlohmann::json j = {{"name",
                       "bad\xFF\xC0\xAF"
                       "end"},
                      {"nul", "a\0b"s},
                      {"esc", "\x1B[2J"}};
  CHECK_THROWS(j.dump());  // what the writers did before
  const std::string text = JsonText(j);
  CHECK(test::IsWellFormedUtf8(text));
  const nlohmann::json back = nlohmann::json::parse(text);
  CHECK(back["nul"] == "a\0b"s);
  CHECK(back["esc"] == "\x1B[2J");
  CHECK(back["name"].get<std::string>().rfind("bad", 0) == 0);
  CHECK(back["name"].get<std::string>().find(kFffd) != std::string::npos);
  CHECK(text.find("\\u001b") != std::string::npos);
  CHECK(std::none_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; }));

  nlohmann::ordered_json ordered =
      nlohmann::ordered_json::array({"\xED\xA0\x80", {{"k", "\xF4\x90\x80\x80"}}});
  CHECK(nlohmann::ordered_json::parse(JsonText(ordered, 2)).size() == 2);
}

TEST_CASE("ReplaceInvalidUtf8InJson makes every string of a tree well-formed", "[diag][escape]") {
  nlohmann::ordered_json j;
  j["name"] = "a\xFF";
  j["list"] = {"ok", "\xC0\xAF", 3, nullptr, {{"deep", "\xE2\x80"}}};
  ReplaceInvalidUtf8InJson(j);
  CHECK(j["name"] == "a" + kFffd);
  CHECK(j["list"][0] == "ok");
  CHECK(j["list"][1] == kFffd + kFffd);
  CHECK(j["list"][2] == 3);
  CHECK(j["list"][4]["deep"] == kFffd);
  CHECK_NOTHROW(j.dump());
}

}  // namespace anim
