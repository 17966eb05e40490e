// A graph compiled from YAML text (front end and back end), bound to the sample humanoid's assets,
// with one instance stepped frame by frame: record, then execute, as a game does.
#pragma once

#include <catch2/catch.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/codegen/compile.h"
#include "compiler/graph/load_graph.h"
#include "executor/tasks/execute_task_list.h"
#include "vm/build_tasks.h"
#include "vm/program_binding.h"

namespace anim::test {

// The graph header the rig's graphs start with: the humanoid with clips idle, walk (walk_fwd) and
// jump, bound by the graph's names.
extern const char* const kHumanoidHeader;

struct Rig {
  CompiledGraph graph;
  Program program;
  std::vector<const Clip*> clips;
  std::optional<ProgramBinding> binding;
  std::unique_ptr<AnimInstance> instance;
  AnimTaskList list;
  TaskSnapshot snapshot;
  Pose pose;              // the last frame's output
  Transform root_motion;  // and its root motion (instance->root accumulates it)

  // `header` + `body`, compiled (REQUIREd to succeed) and bound.
  static std::unique_ptr<Rig> Compile(const std::string& body, const char* header = kHumanoidHeader);

  void Bind();
  // One frame: record, then execute (so the machine's blend history advances as in a game).
  void Step(float dt = 0.1f);
  int State(const char* name, int machine = 0) const;
  int Current(int machine = 0) const { return instance->machines[machine].current; }
  // The recorded SampleClip task of clip `clip` this frame.
  const AnimTask& Sampled(const char* clip) const;
  // Whether the tasks recorded by graph node `node` ran this frame.
  bool NodeReachable(const std::string& node) const;
};

}  // namespace anim::test
