// AnimCapture: frames of one instance as data (docs/capture.md). Per frame the task list the VM
// recorded, the parameters and time step that produced it, the instance state its tasks read
// (transition blend slots, pose snapshots) as it was before the list executed, and what the list
// produced: the local pose, the root motion, a checksum of the skinning matrices and a hash of
// every executed task's result. Assets are named by content hash, so a capture refuses a skeleton,
// clip or program other than the ones it was recorded with. A frame replays on its own: its list
// executes against its own captured state, whatever ran before it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "executor/math/transform.h"
#include "executor/pose/pose.h"
#include "executor/tasks/anim_task.h"
#include "executor/tasks/task_state_storage.h"

namespace anim {

// Bump on any change to the layout (docs/capture.md lists the history).
inline constexpr uint32_t kAnimCaptureVersion = 1;

struct CapturedClip {
  std::string name;
  uint64_t content_hash = 0;
};

// What the frames were recorded against.
struct CaptureAssets {
  std::string graph;           // the graph or bytecode the recording read, as given (for replay)
  std::string graph_document;  // for bytecode: the graph document its assets came from, or empty
  uint64_t graph_hash = 0;     // Program::graph_hash (0: unknown)
  uint64_t skeleton_hash = 0;
  int bone_count = 0;
  int curve_count = 0;
  std::vector<std::string> params;  // the program's parameter names, three values each per frame
  std::vector<CapturedClip> clips;  // the binding's clips, baked ones included, by index
  int blend_slots = 0;              // the instance's TaskStateStorage sizes
  int snapshot_slots = 0;
};

// The list fields besides its tasks (AnimTaskList); the tables come from the binding at replay.
struct CapturedList {
  std::vector<AnimTask> tasks;
  int16_t output_task = AnimTask::NoTask;
  bool lock_root = false;
  int root_bone = -1;
  int active_bone_count = 0;
  float delta_time = 0.0f;
  bool root_motion = false;
  int curve_count = 0;
};

struct CapturedBlendSlot {
  uint16_t slot = 0;
  TransitionBlendState state;
};

struct CapturedSnapshotSlot {
  uint16_t slot = 0;
  PoseSnapshotSlot state;
};

struct CapturedOutput {
  Pose local_pose;  // bones and curves, after the root lock
  Transform root_motion{};
  uint64_t skinning_checksum = 0;  // SkinningChecksum of the frame's skinning matrices
  // Per task: PoseResultHash of its result, 0 for a task that did not execute.
  std::vector<uint64_t> task_results;
};

struct CapturedFrame {
  int frame = 0;  // the frame's number in the run that recorded it
  float time = 0.0f;
  float delta_time = 0.0f;
  std::vector<float> params;  // three per CaptureAssets::params entry, as the frame read them
  CapturedList list;
  std::vector<CapturedBlendSlot> blends;        // the slots its tasks read, before it ran
  std::vector<CapturedSnapshotSlot> snapshots;  // likewise
  CapturedOutput output;
};

struct AnimCapture {
  uint32_t version = kAnimCaptureVersion;
  CaptureAssets assets;
  std::vector<CapturedFrame> frames;
};

}  // namespace anim
