// Per-instance VM state, created once from a Program and advanced by BuildTasks: scalar registers,
// parameter values, clip clocks, scope activity, state machine state, and the TaskStateStorage the
// recorded tasks point at (one transition blend slot per machine, at the machine's index, shared by
// its Inertialize and DeadBlend tasks; one pose snapshot slot per program snapshot). Nothing here
// allocates after construction.
//
// The meaning of every field over a frame is specified in docs/semantics.md.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "executor/tasks/task_state_storage.h"
#include "vm/bytecode/program.h"

namespace anim {

struct ClockState {
  float time = 0.0f;      // seconds into the clip
  bool finished = false;  // a play-once clock has reached the clip's end
  int16_t task = -1;      // the SampleClip task that showed it in the last list recorded (-1: none yet)
  // A clock in a sync group whose scope runs: the rate its SampleClip gave it this frame, for the
  // group to set its time once the frame's weights are known.
  float sync_rate = 0.0f;
};

// A sync group as the last frame left it (docs/semantics.md, "Sync groups").
struct SyncGroupState {
  bool playing = false;          // a member played: a member that starts playing joins its phase
  uint16_t leader = kNoOperand;  // the clock that led
  float leader_time = 0.0f;      // the leader's time
};

struct ScopeState {
  bool active_now = false;
  bool active_prev = false;  // active in the previous frame
  bool entering = false;     // active now and (re)entered this frame: its clocks restart
  // A state's scope: seconds it has run since it was entered (0 on that frame and while inactive),
  // and what expressions inside the state read this frame, latched at its start: that time and
  // its progress clock's (docs/semantics.md, "State values").
  float time = 0.0f;
  float time_at_frame_start = 0.0f;
  float progress_at_frame_start = 0.0f;
};

// The state of one damp or spring instruction: the value it has reached and, for a spring, its
// velocity. Unprimed until its first frame, which starts at its target.
struct SmootherState {
  float value = 0.0f;
  float velocity = 0.0f;
  bool primed = false;
};

struct MachineState {
  uint16_t current = 0;        // current state
  float time_in_state = 0.0f;  // seconds since the frame the current state was entered
  // What transition conditions read this frame: time in state and state progress as the previous
  // frame left them (latched at frame start).
  float time_at_frame_start = 0.0f;
  float progress_at_frame_start = 0.0f;
  bool fired = false;            // a transition fired this frame (the blend captures)
  int32_t last_transition = -1;  // index of the transition that fired last, for tools
  uint16_t left_state = 0;       // when fired: the state the transition left
  bool blend_finished = false;   // the last transition's blend ended this frame
  int16_t record_task = -1;      // the task machine_record recorded in the last list
  // The blend of the last transition.
  bool blend_active = false;
  float blend_elapsed = 0.0f;
  float blend_duration = 0.0f;
  float blend_half_life = 0.0f;
  BlendMode blend_mode = BlendMode::Inertialize;
  BlendCurve blend_curve = BlendCurve::Linear;
  bool interruptible = true;  // the active blend's transition can be interrupted
  // A crossfade from a live state: the state being left, which stays active (it updates and
  // records) until the fade ends; -1 when no crossfade is in flight or it fades from a frozen pose.
  int32_t fade_from = -1;
  // For tools: each state's result task in the last list recorded (-1 before one was), so an
  // unreachable task can be told to belong to a state that is not running.
  std::vector<int16_t> state_tasks;
};

// An event fired in a frame (docs/semantics.md, "Events").
enum class EventPhase : uint8_t { Instant = 0, Begin = 1, End = 2 };
enum class EventSource : uint8_t { Clip = 0, State = 1, Transition = 2 };
// "instant", "begin", "end"; "clip", "state", "transition": as tools spell them.
const char* EventPhaseName(EventPhase phase);
const char* EventSourceName(EventSource source);

struct FiredEvent {
  uint16_t name = 0;  // index into Program::events.names
  EventPhase phase = EventPhase::Instant;
  EventSource source = EventSource::Clip;
  uint16_t desc = 0;    // index into the program's clip, state or transition event table
  float weight = 0.0f;  // what its source gave the output this frame
};

// A 2D blend space's weights as last computed, and where: the weight instructions of its samples
// share one computation while (x, y) stays the same.
struct BlendSpaceState {
  float x = 0.0f, y = 0.0f;
  bool valid = false;
  uint32_t first_weight = 0;  // its samples' weights start here in AnimInstance::blend_space_weights
};

// Receives the one-time warning of an instance (a version mismatch). The runtime has no logging.
using InstanceWarningCallback = void (*)(void* user, const char* message);

class AnimInstance {
 public:
  explicit AnimInstance(const Program& program);

  // Parameters, by index into Program::params or by name (-1 when absent). Setters return false
  // and change nothing for an unknown parameter, a non-finite value, or a parameter of another
  // type; int parameters accept floats (rounded to nearest) and floats accept ints. Values are
  // clamped into the parameter's range.
  int FindParameter(std::string_view name) const;
  bool SetFloat(int param, float value);
  bool SetInt(int param, int64_t value);
  bool SetBool(int param, bool value);
  bool SetVec3(int param, float x, float y, float z);
  bool FireTrigger(int param);
  bool SetFloat(std::string_view name, float value) { return SetFloat(FindParameter(name), value); }
  bool SetInt(std::string_view name, int64_t value) { return SetInt(FindParameter(name), value); }
  bool SetBool(std::string_view name, bool value) { return SetBool(FindParameter(name), value); }
  bool SetVec3(std::string_view name, float x, float y, float z) {
    return SetVec3(FindParameter(name), x, y, z);
  }
  bool FireTrigger(std::string_view name) { return FireTrigger(FindParameter(name)); }
  // Component 0..2 of a parameter's value (bools and triggers are 0 or 1).
  float param_value(int param, int component = 0) const { return param_values[3 * param + component]; }

  // The version-mismatch warning goes to `callback` (when set) once per instance.
  void set_warning_callback(InstanceWarningCallback callback, void* user) {
    warning_callback_ = callback;
    warning_user_ = user;
  }
  int warnings_given() const { return warnings_given_; }
  // Moves `root` by a frame's root motion (ExecuteOutputs::root_motion): root = root * delta.
  void AccumulateRootMotion(const Transform& delta) { root = ComposeMotion(root, delta); }

  // Called by BuildTasks: delivers `message` unless this instance has warned already.
  void WarnOnce(const char* message);

  const Program& program() const { return *program_; }

  // State advanced by BuildTasks; read by tools and tests.
  std::vector<float> scalars;       // scalar registers, zeroed at the start of every frame
  std::vector<float> param_values;  // three floats per parameter
  std::vector<ClockState> clocks;
  std::vector<ScopeState> scopes;
  std::vector<MachineState> machines;
  std::vector<BlendSpaceState> blend_spaces;
  std::vector<float> blend_space_weights;
  std::vector<SyncGroupState> sync_groups;
  std::vector<SmootherState> smoothers;  // one per damp or spring instruction (SmootherCount)
  // The events the last frame fired, in order (docs/semantics.md, "Events"). Reserved for the most
  // a frame can fire, so firing allocates nothing.
  std::vector<FiredEvent> events;
  // Also the output's curves as the last executed frame left them (task_state.curves, one per
  // Program::curves entry): what `curve` instructions read, 0 before the first.
  TaskStateStorage task_state;
  // Where root motion has taken the character (docs/semantics.md, "Root motion"): every frame's
  // delta, composed in order by AccumulateRootMotion. The engine may set it (a teleport).
  Transform root{};
  int64_t frame = 0;  // frames built so far
  // The skeleton LOD cut for the next frames (AnimTaskList::active_bone_count): sampling, blending
  // and ops touch only bones [0, active_bone_count); 0 is every bone. Set by the engine's distance
  // LOD or a scenario; BuildTasks stamps it on each list.
  int active_bone_count = 0;

 private:
  bool Store(int param, ParamType type, const float* values);

  const Program* program_;
  InstanceWarningCallback warning_callback_ = nullptr;
  void* warning_user_ = nullptr;
  int warnings_given_ = 0;
};

}  // namespace anim
