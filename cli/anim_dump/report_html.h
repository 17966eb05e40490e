// The HTML debugger's page (`anim-dump report`): one self-contained file, its markup, style and
// script (report/page.{html,css,js}, compiled in) inline and the report's data (report_data.h)
// embedded as JSON in a <script type="application/json">. Its Content-Security-Policy lets it load
// nothing from anywhere.
#pragma once

#include <string>

namespace anim::dump {

// The page titled `title` (any bytes) showing `data`, a JSON text of well-formed UTF-8.
std::string ReportPage(const std::string& title, const std::string& data);

}  // namespace anim::dump
