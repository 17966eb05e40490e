// Plays the scenario through the VM and the executor and keeps what tools print about the frames
// asked for: each recorded task with what the executor decided for it, the machines' states, and
// (for `pose`) the final local pose and its model-space and skinning matrices.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "cli/anim_dump/dump_input.h"
#include "executor/math/mat4.h"
#include "executor/math/transform.h"
#include "executor/tasks/anim_task.h"
#include "executor/tasks/task_snapshot.h"
#include "vm/program_binding.h"

namespace anim::dump {

struct FrameRange {
  int first = 0;
  int last = 0;       // inclusive
  bool many = false;  // --frames: print an array even for one frame
};

// "--frame N" or "--frames A:B" (inclusive) against a scenario of `frame_count` frames; without
// either, the last frame. Throws InputError when out of range or malformed.
FrameRange SelectFrames(const std::string& frame, const std::string& frames, int frame_count);

struct DumpTask {
  AnimTask task;
  TaskSnapshotEntry exec;
  std::string node;      // graph node that recorded it; "" when unknown
  std::string resource;  // clip, mask, snapshot or machine name, by type; "" when none
};

// An event the frame fired (docs/semantics.md, "Events"), with where it came from.
struct DumpEvent {
  std::string name;
  EventPhase phase = EventPhase::Instant;
  EventSource source = EventSource::Clip;
  std::string origin;  // the clip player's node; "machine.state"; "machine: from -> to"
  float weight = 0.0f;
};

// A machine's transition as authored: its states ("any" for an any-state one) and blend kind.
struct TransitionFrame {
  std::string from, to;
  std::string blend;  // BlendModeName: "inertialize", "dead_blend", "crossfade"
};

struct MachineFrame {
  std::string name;
  std::string state;            // current state
  int current = 0;              // its index in `states`
  bool fired = false;           // a transition started this frame
  std::string transition;       // "walk -> run" when fired
  bool blend_active = false;    // the last transition is still blending
  bool blend_finished = false;  // the last transition's blend ended this frame
  TransitionFrame last;         // the transition that fired last; empty before one did
  // Every state's name and its result task this frame (-1 unknown), in state order.
  std::vector<std::string> states;
  std::vector<int> state_tasks;
};

// A 2D blend space this frame: where its point was and every sample's weight there.
struct BlendSpaceFrame {
  std::string name;
  float x = 0.0f, y = 0.0f;
  std::vector<float> positions;  // x, y per sample, as the program holds them
  std::vector<float> weights;    // per sample
};

struct DumpFrame {
  int frame = 0;
  float time = 0.0f;
  int task_count = 0;
  int active_bones = 0;  // bones sampled and blended (the LOD cut), of bone_count
  int bone_count = 0;
  std::vector<DumpTask> tasks;  // empty when captured without tasks
  TaskSnapshot summary;         // its `tasks` left empty: see DumpFrame::tasks
  std::vector<MachineFrame> machines;
  std::vector<BlendSpaceFrame> blend_spaces;
  Transform root_motion;          // the frame's root motion (docs/semantics.md, "Root motion")
  Transform root;                 // the instance's root after it
  std::vector<DumpEvent> events;  // in the order they fired
  std::vector<float> curves;      // the output's curves, as CapturedRun::curve_names names them
  // The parameters as the frame read them, three floats per CapturedRun::params entry (a trigger
  // reads 1 on the frame a transition consumes it).
  std::vector<float> params;
  // Per bone, captured only with FrameContent::pose (empty otherwise): the executor's final local
  // pose (after the root lock), its model-space matrices and its skinning matrices.
  std::vector<Transform> local_pose;
  std::vector<Mat4> model;
  std::vector<Mat4> skinning;
};

// What a captured frame keeps besides its summary and machines. Each costs only the reports that
// ask for it.
struct FrameContent {
  bool tasks = false;  // DumpFrame::tasks (tasks, reach, timeline, graph)
  bool pose = false;   // DumpFrame::local_pose, model, skinning (pose)
};

struct CapturedRun {
  std::vector<DumpFrame> frames;  // the selected frames, in order (CaptureFrames only)
  int frames_run = 0;
  bool version_mismatch = false;
  std::vector<std::string> bone_names;   // the skeleton's, for naming bone operands
  std::vector<int> bone_parents;         // the skeleton's, per bone: the parent's index, -1 for a root
  std::vector<std::string> curve_names;  // the program's curves (docs/semantics.md, "Curves")
  std::vector<ParamDesc> params;         // the program's parameters: names, types and ranges
  std::vector<Transform> final_pose;     // the last frame's local pose, per bone
  std::vector<Mat4> final_skinning;      // the last frame's skinning matrices, per bone
};

// Receives each captured frame as it is made; the frame is gone after the call.
using FrameSink = std::function<void(const CapturedRun& run, const DumpFrame& frame)>;

// Binds and runs frames 0..range.last, handing each of range.first..range.last to `on_frame` in
// order (CapturedRun::frames stays empty, so a long range holds one frame at a time). Throws
// InputError when the program does not bind to its assets; the version mismatch warning goes to
// spdlog once. Frames carry their summary and machines, and what `content` asks for (nothing more
// for `run`). Returns the run, with the last frame's pose and skinning.
CapturedRun StreamFrames(const DumpInput& input, const FrameRange& range, FrameContent content,
                         const FrameSink& on_frame);

// StreamFrames keeping every frame in CapturedRun::frames: for short ranges (one frame to draw).
CapturedRun CaptureFrames(const DumpInput& input, const FrameRange& range, bool keep_tasks = true);

// A run's tables before its first frame: the skeleton's bones and the program's curves and parameters.
CapturedRun NewRun(const ProgramBinding& binding);

// Task `index` of `list` as the dumps show it: what `snapshot` says the executor decided for it, and
// its node and resource by name.
DumpTask DescribeTask(const AnimTaskList& list, std::size_t index, const TaskSnapshot& snapshot,
                      const ProgramBinding& binding);

// The name of a task's bone operand (skeleton index), or its number.
std::string BoneName(const CapturedRun& run, uint16_t bone);

}  // namespace anim::dump
