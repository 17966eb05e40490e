// Graphs for the crowd tests, compiled from YAML text against the sample humanoid and bound, and
// the serial reference a crowd is held to: one entity evaluated alone, frame by frame, by the
// plain BuildTasks + ExecuteTaskList loop on the calling thread.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/graph/load_graph.h"
#include "executor/math/mat4.h"
#include "executor/tasks/anim_task_list.h"
#include "executor/tasks/task_snapshot.h"
#include "vm/bytecode/program.h"
#include "vm/instance/anim_instance.h"
#include "vm/program_binding.h"

namespace anim::test {

struct BoundGraph {
  CompiledGraph graph;
  Program program;
  std::vector<const Clip*> clips;
  std::optional<ProgramBinding> binding;

  // `yaml` compiled and bound (REQUIREd to succeed); assets resolve against samples/.
  static std::unique_ptr<BoundGraph> Compile(const std::string& yaml);
  int bones() const { return graph.skeleton.bone_count(); }
};

// The bench's 2D-blend-space locomotion graph (tools/bench/locomotion_2d_graph.h).
std::unique_ptr<BoundGraph> LocomotionGraph();
// One looping idle clip: the output depends on clip time only.
std::unique_ptr<BoundGraph> IdleClipGraph();
// A machine that leaves idle for walk once 0.5 s have passed in idle (an inertialized 0.2 s
// transition): the output depends on time only, through a state machine.
std::unique_ptr<BoundGraph> TimedMachineGraph();

// One entity evaluated alone.
struct SerialEntity {
  explicit SerialEntity(const BoundGraph& g);
  // Records with `dt` and executes; the skinning matrices and snapshot then hold the frame.
  void Step(float dt);

  const BoundGraph& graph;
  AnimInstance instance;
  AnimTaskList list;
  TaskSnapshot snapshot;
  std::vector<Mat4> skinning;
};

// Bit for bit, every float.
bool SameBits(std::span<const Mat4> a, std::span<const Mat4> b);

}  // namespace anim::test
