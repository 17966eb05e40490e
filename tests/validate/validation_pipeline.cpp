#include "tests/validate/validation_pipeline.h"

#include <catch2/catch.hpp>

#include "compiler/scenario/scenario_reader.h"

namespace anim::test {
namespace {

std::unique_ptr<ValidationInputs> Finish(
    std::optional<CompiledGraph> graph, DiagnosticSink& diagnostics,
    const std::function<std::optional<Scenario>(const Program&)>& scenario,
    const codegen::CompileOptions& options) {
  INFO(FormatText(diagnostics));
  REQUIRE(graph);
  std::optional<codegen::CompiledProgram> compiled =
      codegen::CompileGraph(graph->graph, graph->skeleton, graph->clips, diagnostics, options);
  INFO(FormatText(diagnostics));
  REQUIRE(compiled);
  std::optional<Scenario> s = scenario(compiled->program);
  INFO(FormatText(diagnostics));
  REQUIRE(s);
  return std::make_unique<ValidationInputs>(
      ValidationInputs{*std::move(graph), *std::move(compiled), *std::move(s)});
}

}  // namespace

std::unique_ptr<ValidationInputs> PrepareValidation(const std::string& graph_text,
                                                    const std::string& scenario_text,
                                                    const std::string& base_dir) {
  DiagnosticSink diagnostics;
  return Finish(ParseGraph(graph_text, "generated.yaml", base_dir, diagnostics), diagnostics,
                [&](const Program& p) {
                  return ParseScenario(scenario_text, "generated.scenario.yaml", p, diagnostics);
                },
                {});
}

std::unique_ptr<ValidationInputs> PrepareValidationFiles(const std::string& graph_path,
                                                         const std::string& scenario_path,
                                                         const std::vector<std::string>& asset_dirs,
                                                         const codegen::CompileOptions& options) {
  DiagnosticSink diagnostics;
  return Finish(
      LoadGraph(graph_path, diagnostics, asset_dirs), diagnostics,
      [&](const Program& p) { return LoadScenarioFile(scenario_path, p, diagnostics); }, options);
}

}  // namespace anim::test
