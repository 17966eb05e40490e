// Scenario files (YAML or JSON; schemas/scenario.schema.json, docs/semantics.md "Scenarios"): a
// frame count, a time step and parameter events, read against a program's parameter table. Every
// problem is reported with file:line:col; when any error is found nothing is returned.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "compiler/diag/diagnostics.h"
#include "vm/bytecode/program.h"
#include "vm/scenario.h"

namespace anim {

std::optional<Scenario> ParseScenario(std::string_view text, const std::string& file_name,
                                      const Program& program, DiagnosticSink& diagnostics);
std::optional<Scenario> LoadScenarioFile(const std::string& path, const Program& program,
                                         DiagnosticSink& diagnostics);

}  // namespace anim
