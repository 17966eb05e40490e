// Graph text -> front end -> back end -> scenario, ready for Validate, failing the test on any
// diagnostic.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "compiler/codegen/compile.h"
#include "compiler/graph/load_graph.h"
#include "vm/scenario.h"

namespace anim::test {

struct ValidationInputs {
  CompiledGraph graph;
  codegen::CompiledProgram compiled;
  Scenario scenario;
};

// `base_dir` resolves the graph's asset paths.
std::unique_ptr<ValidationInputs> PrepareValidation(const std::string& graph_text,
                                                    const std::string& scenario_text,
                                                    const std::string& base_dir);
// A graph file and a scenario file; `asset_dirs` as animc -I.
std::unique_ptr<ValidationInputs> PrepareValidationFiles(const std::string& graph_path,
                                                         const std::string& scenario_path,
                                                         const std::vector<std::string>& asset_dirs = {},
                                                         const codegen::CompileOptions& options = {});

}  // namespace anim::test
