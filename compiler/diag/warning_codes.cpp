#include "compiler/diag/warning_codes.h"

#include <algorithm>

#include "compiler/diag/suggest.h"

namespace anim {
namespace {

constexpr std::string_view kCodes[] = {"W001", "W002", "W003", "W004", "W005", "W006", "W007", "W008",
                                       "W009", "W010", "I206", "I207", "I208", "I210", "I212"};

}  // namespace

std::span<const std::string_view> WarningCodes() {
  return kCodes;
}

bool IsWarningCode(std::string_view code) {
  return std::find(std::begin(kCodes), std::end(kCodes), code) != std::end(kCodes);
}

std::optional<WarningOption> ParseWarningOption(std::string_view argument, std::string& problem) {
  if (argument == "error") return WarningOption{};
  WarningOption option;
  std::string_view code;
  if (argument.starts_with("error=")) {
    option.kind = WarningOption::Kind::Error;
    code = argument.substr(6);
  } else if (argument.starts_with("no-")) {
    option.kind = WarningOption::Kind::Disable;
    code = argument.substr(3);
  } else {
    problem = "-W" + std::string(argument) + ": expected -Werror, -Werror=CODE or -Wno-CODE";
    return std::nullopt;
  }
  if (!IsWarningCode(code)) {
    std::string codes;
    for (std::string_view c : kCodes)
      codes += (codes.empty() ? "" : " ") + std::string(c);
    const std::string suggestion = DidYouMean(code, WarningCodes());
    problem = "-W" + std::string(argument) + ": unknown warning code '" + std::string(code) + "'" +
              (suggestion.empty() ? "; the warnings are " + codes : suggestion);
    return std::nullopt;
  }
  option.code = code;
  return option;
}

}  // namespace anim
