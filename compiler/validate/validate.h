// Validation: run a graph through both paths for every frame of a scenario, the task path (VM
// BuildTasks, then ExecuteTaskList, in float) and direct evaluation of the front end's IR (its own
// maths, in double), and compare their local poses (bones and curves), skinning matrices, root
// motion and events (the same names, phases and sources in the same order, weights within 1e-5).
// Reports agreement, or the first divergent frame, task (by graph node name), bone or curve and
// channel with both values and the error.
//
// Errors do not depend on the character's size: a length (a translation, the translation column of
// a skinning matrix) counts relative to the character's extent (the diagonal of the box around its
// bind-pose joints); a rotation's quaternion components count as they are; a scale, and a column of
// a skinning matrix's linear part, relative to its magnitude once that is past 1.
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
  // Largest accepted error (above) of any local pose channel or skinning matrix entry. The task
  // path's float rounding stays near 1e-6 of the character's size; a wrong dependency, a stolen
  // shared buffer or a wrong formula moves bones by orders of magnitude more.
  float tolerance = 1e-4f;

  // Test hooks that break the task path on purpose (tests/validate): executor options, and a
  // function that may tamper with each recorded list before it executes.
  ExecutorOptions executor;
  std::function<void(AnimTaskList&)> tamper_list;

  // Called before each frame with the number of frames compared so far (a tool's progress line).
  std::function<void(int frames_done)> on_frame;
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
  float error = 0.0f;         // in the units above
  // When the frame's events differ (and its poses agree): both paths' events, as text.
  std::string task_events, direct_events;
};

struct ValidationReport {
  bool agree = true;
  int frames = 0;          // frames compared
  float max_error = 0.0f;  // over every frame compared
  int events = 0;          // events fired (and compared) over every frame
  int curve_values = 0;    // non-zero output curve values compared, over every frame
  float tolerance = 0.0f;  // the tolerance it was compared with
  float extent = 1.0f;     // the character's extent, the unit of length errors
  std::optional<Divergence> divergence;
  // Set when the inputs could not be compared at all: the program does not bind to the graph's
  // assets, or it is stale (compiled from another version of the graph or its assets).
  std::string error;
  bool stale = false;
};

// `program` must be compiled from `graph` (its parameters are matched by name); a program whose
// graph hash is not the graph's is refused as stale before anything runs.
ValidationReport Validate(const CompiledGraph& graph, const Program& program, const Scenario& scenario,
                          const ValidateOptions& options = {});

// "frames 0-299 agree (max error 2.4e-07)" or the divergence in a few lines.
std::string FormatReport(const ValidationReport& report);

}  // namespace anim
