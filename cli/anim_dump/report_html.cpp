#include "cli/anim_dump/report_html.h"

#include "compiler/diag/escape.h"
#include "report_page.inc"  // kPageHtml, kPageCss, kPageJs: generated from report/ (CMakeLists.txt)

namespace anim::dump {
namespace {

// JSON text as the content of a <script> element: `<` is written `\u003c` (only strings hold one),
// so no name can close the element (`</script>`) or open a comment (`<!--`); `>` and `&` likewise.
std::string ScriptSafe(const std::string& json) {
  std::string out;
  out.reserve(json.size());
  for (const char c : json) {
    if (c == '<')
      out += "\\u003c";
    else if (c == '>')
      out += "\\u003e";
    else if (c == '&')
      out += "\\u0026";
    else
      out += c;
  }
  return out;
}

}  // namespace

std::string ReportPage(const std::string& title, const std::string& data) {
  std::string page =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>";
  page += EscapeXml(EscapeTerminal(title)) + " - anim-dump report</title>\n<style>\n";
  page += kPageCss;
  page += "</style>\n</head>\n<body>\n";
  page += kPageHtml;
  page +=
      "<script type=\"application/json\" id=\"report-data\">" + ScriptSafe(data) + "</script>\n<script>\n";
  page += kPageJs;
  page += "</script>\n</body>\n</html>\n";
  return page;
}

}  // namespace anim::dump
