// Untrusted text (names from graph, skeleton, clip and glTF documents and from .animbc files: any
// bytes, valid UTF-8 or not) made safe for each output the tools write. One function per output;
// each takes the text as it is and escapes it once, at the point where it is written.
//
// The compiler and the tools use these; the runtime libraries (executor/, vm/) do not. JSON has
// its own helper next to nlohmann (compiler/diag/json_text.h).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace anim {

// Terminal text: printable UTF-8 is kept; everything that could move the cursor, clear the screen,
// reorder the line or fake a new one is shown as a visible escape:
//   NUL `\0`, tab `\t`, newline `\n`, carriage return `\r`, other C0 controls and DEL `\x1b`,
//   C1 controls (U+0080-U+009F), bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E,
//   U+2066-U+2069), line and paragraph separators and noncharacters `\u202e` (`\U0001fffe` past
//   U+FFFF), each byte of an ill-formed UTF-8 sequence (overlong forms, surrogates, past U+10FFFF,
//   stray or missing continuation bytes) `\xc0`, and the backslash itself `\\`, so the escaped
//   form reads back unambiguously.
std::string EscapeTerminal(std::string_view text);

// Terminal columns `text` takes (text as EscapeTerminal returns it): one per code point, two for
// East Asian wide characters, none for combining marks and zero-width characters. Bytes of
// ill-formed UTF-8 count one each.
std::size_t DisplayWidth(std::string_view text);

// `text` as well-formed UTF-8: each maximal ill-formed subsequence (Unicode's "maximal subpart")
// becomes one U+FFFD. Everything else, control characters included, is kept.
std::string ReplaceInvalidUtf8(std::string_view text);

// XML 1.0 character data or attribute value (either quote): & < > " ' as entities; tab, newline
// and carriage return as character references (so attribute values keep them); the characters
// XML 1.0 forbids (other C0 controls, U+FFFE, U+FFFF) and each maximal ill-formed UTF-8
// subsequence as U+FFFD. The result always parses.
std::string EscapeXml(std::string_view text);

// A Graphviz DOT quoted string, quotes included, that `dot` accepts and renders as written: a
// newline in `text` is a line break (`\n`); `"` and `\` are escaped so they show as themselves;
// `&` is written `&amp;` so Graphviz reads no entity into it; what EscapeTerminal would escape
// (other controls, ill-formed UTF-8, ...) shows in EscapeTerminal's form (ESC renders as `\x1b`).
// The result is well-formed UTF-8. For a label that shows a name's newline as `\n` rather than
// breaking the line, pass the name through EscapeTerminal first.
std::string QuoteDot(std::string_view text);

}  // namespace anim
