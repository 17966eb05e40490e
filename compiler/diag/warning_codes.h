// Every warning code the tools can give, for the -W options (-Wno-CODE, -Werror=CODE): a code
// that is not here is a usage error, so a typo does not silently suppress nothing. The graph lints
// are compiler/graph/graph_lints.h; the importer's warnings are docs/import.md.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace anim {

std::span<const std::string_view> WarningCodes();
bool IsWarningCode(std::string_view code);

// What one -W argument asks for: "error" (every warning), "error=CODE" or "no-CODE".
struct WarningOption {
  enum class Kind { AllErrors, Error, Disable } kind = Kind::AllErrors;
  std::string code;  // Error, Disable
};
// The option, or nullopt with `problem` set ("unknown warning code 'W999'; ...").
std::optional<WarningOption> ParseWarningOption(std::string_view argument, std::string& problem);

}  // namespace anim
