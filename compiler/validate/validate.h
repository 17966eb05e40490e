// Validation: run a graph through both paths for every frame of a scenario, the task path (VM
// BuildTasks, then ExecuteTaskList) and direct evaluation of the front end's IR, and compare their
// local poses and skinning matrices. Reports agreement, or the first divergent frame, task (by
// graph node name), bone and channel with both values and the error.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "compiler/graph/load_graph.h"
#include "executor/tasks/anim_task_list.h"
#include "executor/tasks/execute_task_list.h"
#include "vm/bytecode/program.h"
#include "vm/scenario.h"

namespace anim {

struct ValidateOptions {
  // Largest accepted difference of any local pose channel or skinning matrix entry (absolute up to
  // magnitude 1, relative to the value beyond it). Both
  // paths compute bit-identical kernels, so agreement is close to exact; a wrong dependency, a
  // stolen shared buffer or a wrong kernel moves bones by orders of magnitude more.
  float tolerance = 1e-4f;

  // Test hooks that break the task path on purpose (tests/validate): executor options, and a
  // function that may tamper with each recorded list before it executes.
  ExecutorOptions executor;
  std::function<void(AnimTaskList&)> tamper_list;
};

struct Divergence {
  int frame = 0;
  float time = 0.0f;
  int task = -1;          // the first recorded task whose result disagrees, -1 when none does
  std::string task_type;  // "Blend", ...
  std::string node;       // the graph node that recorded it
  int bone = -1;
  std::string bone_name;
  std::string channel;        // "rotation.y", "translation.x", "skinning[1][3]"
  float task_value = 0.0f;    // the executor's value
  float direct_value = 0.0f;  // direct evaluation's value
  float error = 0.0f;         // absolute, or relative to |direct_value| when that is past 1
};

struct ValidationReport {
  bool agree = true;
  int frames = 0;          // frames compared
  float max_error = 0.0f;  // over every frame compared
  std::optional<Divergence> divergence;
  std::string error;  // set when the inputs could not be run at all (binding failed)
};

// `program` must be compiled from `graph` (its parameters are matched by name).
ValidationReport Validate(const CompiledGraph& graph, const Program& program, const Scenario& scenario,
                          const ValidateOptions& options = {});

// "frames 0-299 agree (max error 2.4e-07)" or the divergence in a few lines.
std::string FormatReport(const ValidationReport& report);

}  // namespace anim
