// What a plain (unquoted) scalar means: null, a boolean, a number or a string, following the YAML
// 1.2 core schema (which also covers every JSON literal). Quoted scalars are always strings.
#pragma once

#include <optional>
#include <string_view>

namespace anim {

bool IsNullLiteral(std::string_view text);
std::optional<bool> ParseBoolLiteral(std::string_view text);
// Decimal numbers (`-12`, `0.5`, `1e-3`, `.5`), plus `.inf`, `-.inf`, `.nan` (YAML) and `NaN`,
// `Infinity`, `-Infinity` (what many JSON writers emit for non-finite floats). A literal too large
// for a double reads as infinity, one too small as zero.
std::optional<double> ParseNumberLiteral(std::string_view text);

}  // namespace anim
