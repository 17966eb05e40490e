// A tool's command line parsed with CLI11 and its problems said in the project's words, so the three
// tools agree (docs/cli.md): one `TOOL: error: ...` line, an unknown option with the closest known
// one, a value that does not convert with what was expected, never CLI11's own phrasing; --help and
// --version print and end the run with 0, a usage error with 2.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace anim::cli {

inline constexpr int kExitUsage = 2;

// Nothing when the run goes on; else the exit code the tool returns (the error already logged).
std::optional<int> ParseCommandLine(CLI::App& app, int argc, char** argv);

// `option` takes one of `names` (in any case when `ignore_case`), shown in help as "a|b|c" rather
// than CLI11's "TEXT:{a,b,c}".
CLI::Option* Choices(CLI::Option* option, const std::vector<std::string>& names, bool ignore_case = false);

// `option` takes a number in [low, high], shown in help as `what` (HZ, UNITS) rather than CLI11's
// "FLOAT:FLOAT in [low - high]".
CLI::Option* NumberIn(CLI::Option* option, double low, double high, const std::string& what);

// `option` takes a number above 0 (and finite), shown in help as `what`.
CLI::Option* PositiveNumber(CLI::Option* option, const std::string& what);

// The error line (without the "TOOL: error: " prefix) for a parse error of `app` on `argv`.
std::string UsageErrorText(const CLI::App& app, const CLI::ParseError& error, int argc, char** argv);

}  // namespace anim::cli
