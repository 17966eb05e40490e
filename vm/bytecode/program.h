// Program: a compiled animation graph in memory, as the compiler emits it and the loader reads
// it back (binary layout: docs/bytecode.md). Tables hold everything instructions index; names are
// kept so tools can print them and so a program binds to assets by name.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "executor/ops/root_motion.h"
#include "executor/pose/clip_keys.h"
#include "vm/bytecode/opcodes.h"

namespace anim {

enum class ParamType : uint8_t { Float = 0, Bool = 1, Int = 2, Trigger = 3, Vec3 = 4 };

// "float", "bool", "int", "trigger", "vec3": as graphs, messages and tools spell them.
const char* ParamTypeName(ParamType type);

struct ParamDesc {
  std::string name;
  ParamType type = ParamType::Float;
  float default_value[3] = {0.0f, 0.0f, 0.0f};  // vec3 uses all three; bool and trigger 0 or 1
  bool has_range = false;                       // parameter values are clamped into [min, max]
  float min = 0.0f, max = 0.0f;
};

// How a clock takes part in its sync group (docs/semantics.md, "Sync groups"): `Auto` leads when it
// weighs the most, `Leader` leads whenever it plays, `Follower` leads only a group of followers.
enum class SyncRole : uint8_t { Auto = 0, Leader = 1, Follower = 2 };
inline constexpr int kSyncRoleCount = 3;

// "auto", "leader", "follower": as graphs and tools spell them.
const char* SyncRoleName(SyncRole role);

// A clip's playback clock: one per clip player node. It advances only while its scope is active,
// and winds back to `start_time` when its scope is inactive, so a state replays on re-entry. A
// clock in a sync group is moved by its group instead (docs/semantics.md, "Sync groups").
// The verifier allows at most one sample_clip per clock (docs/semantics.md).
struct ClockDesc {
  uint16_t clip = 0;   // index into Program::clips
  uint16_t scope = 0;  // index into Program::scopes
  bool loop = true;
  float start_time = 0.0f;
  uint16_t sync_group = kNoOperand;  // index into Program::sync_groups, or kNoOperand
  SyncRole sync_role = SyncRole::Auto;
  // Unless Keep, the motion of bone `root_motion_bone` (index into Program::bones) is taken out of
  // the clip's pose (docs/semantics.md, "Root motion").
  RootMotionMode root_motion = RootMotionMode::Keep;
  uint16_t root_motion_bone = kNoOperand;
};

// Where code runs conditionally on state-machine state. Scope 0 is the root, always active; any
// other scope is one state of one machine, active when the machine's own scope is active and the
// machine's current state is that state.
struct ScopeDesc {
  uint16_t machine = kNoOperand;  // kNoOperand for the root scope
  uint16_t state = kNoOperand;
};

enum class BlendMode : uint8_t { Inertialize = 0, DeadBlend = 1, Crossfade = 2 };
// A crossfade's weight curve (numbered as the executor's FadeCurve).
enum class BlendCurve : uint8_t { Linear = 0, Smoothstep = 1, Cubic = 2 };

// "inertialize", "dead_blend", "crossfade"; "linear", "smoothstep", "cubic": as graphs and tools
// spell them.
const char* BlendModeName(BlendMode mode);
const char* BlendCurveName(BlendCurve curve);

struct TransitionDesc {
  uint16_t from = kNoOperand;  // a state index, or kNoOperand for "any state"
  uint16_t to = 0;
  uint16_t condition = 0;  // scalar register holding the condition, written before MachineUpdate
  float duration = 0.2f;
  BlendMode mode = BlendMode::Inertialize;
  float half_life = 0.05f;                  // dead blend only
  bool can_interrupt = false;               // may another transition fire while this one is blending
  std::vector<uint16_t> consumed_triggers;  // trigger parameters the condition reads
  BlendCurve curve = BlendCurve::Linear;    // crossfade only
};

struct StateDesc {
  std::string name;
  uint16_t pose = 0;                     // pose register holding the state's result at MachineRecord
  uint16_t scope = 0;                    // the scope of code inside this state
  uint16_t progress_clock = kNoOperand;  // the clock StateProgress reads, if any
};

// In code, a machine has at most one machine_update, which follows the machine_update of the
// machine it is nested in, and at most one machine_record, which follows its machine_update; every
// state's pose register is written before the machine_record (the verifier checks all of this).
struct MachineDesc {
  std::string name;
  uint16_t scope = 0;  // the scope the machine itself runs in
  uint16_t initial_state = 0;
  std::vector<StateDesc> states;
  std::vector<TransitionDesc> transitions;  // in priority order: the first true one fires
};

struct MaskDesc {
  std::string name;
  std::vector<float> weights;  // one per skeleton bone
  // One per Program::curves entry, or none: every curve then blends by the alpha alone.
  std::vector<float> curve_weights;
};

// A 2D blend space's layout, triangulated by the compiler (Delaunay): where each sample sits and
// the triangles over them. blend_space_weight reads it (docs/semantics.md, blend_space_2d).
struct BlendSpaceDesc {
  std::string name;                 // the graph node
  std::vector<float> positions;     // x, y of each sample
  std::vector<uint16_t> triangles;  // three sample indices per triangle, counter-clockwise
  std::size_t sample_count() const { return positions.size() / 2; }
};

// The larger side of the samples' bounding box, in double.
double BlendSpaceExtent(const BlendSpaceDesc& space);
// Twice the signed area of the triangle of samples corners[0..2], in double: positive when
// counter-clockwise. The verifier requires at least kMinBlendSpaceTriangleArea * extent^2, so
// barycentric weights never divide by (nearly) zero.
double TwiceTriangleArea(const BlendSpaceDesc& space, const uint16_t* corners);

// Events (docs/semantics.md, "Events"): names fired during a frame, each from a clip crossing one
// of its clip node's event times, a state entered, left or fully blended in, or a transition
// firing. An event fires when its weight (what its source gives the output) is above its
// threshold; a negative threshold is the table's.
enum class StateEventKind : uint8_t { Enter = 0, Exit = 1, FullyBlended = 2 };
inline constexpr int kStateEventKindCount = 3;
// "on_enter", "on_exit", "on_fully_blended": as graphs and tools spell them.
const char* StateEventKindName(StateEventKind kind);

struct ClipEventDesc {
  uint16_t clock = 0;
  uint16_t name = 0;      // index into EventTable::names
  float time = 0.0f;      // seconds into the clip
  float duration = 0.0f;  // 0: an instant; else a window that begins at `time` and ends after this
  float threshold = -1.0f;
};

struct StateEventDesc {
  uint16_t machine = 0;
  uint16_t state = 0;
  StateEventKind kind = StateEventKind::Enter;
  uint16_t name = 0;
  float threshold = -1.0f;
};

struct TransitionEventDesc {
  uint16_t machine = 0;
  uint16_t transition = 0;
  uint16_t name = 0;
  float threshold = -1.0f;
};

struct EventTable {
  float threshold = 0.0f;  // the graph's: an event of weight at most this does not fire
  std::vector<std::string> names;
  std::vector<ClipEventDesc> clip;  // by clock, then time
  std::vector<StateEventDesc> state;
  std::vector<TransitionEventDesc> transition;
  bool empty() const { return clip.empty() && state.empty() && transition.empty(); }
};

struct BoneRef {
  std::string name;
  uint16_t index = 0;  // the bone's index in the skeleton the program was compiled against
};

// Source of one instruction, for disassembly and for naming tasks by graph node.
struct DebugEntry {
  uint32_t code_offset = 0;  // word offset of the instruction's opcode
  std::string node;          // graph node name
  uint32_t line = 0;         // 1-based; 0 unknown
  uint32_t column = 0;
};

// One channel of a baked clip: frame_count keys of x y z (and w for a rotation), one after another.
struct BakedChannel {
  uint16_t bone = 0;  // skeleton index
  TrackChannel channel = TrackChannel::Translation;
  bool step = false;  // holds each key until the next (docs/semantics.md, "Clip sampling")
  std::vector<float> keys;
};

// One curve of a baked clip: frame_count keys.
struct BakedCurve {
  uint16_t curve = 0;  // index into Program::curves
  bool step = false;
  std::vector<float> keys;
};

// A clip the compiler baked from a loaded one (section BAKE, docs/bytecode.md): the additive delta
// of clip `source_clip` against the bind pose, key frame by key frame, so a frame samples it instead
// of sampling the source and making the additive. Same rate, frame count and looping as the source,
// so every clip time names the same key pair. Channels it does not list hold the identity delta.
struct BakedClipDesc {
  std::string name;          // the source's name + "~additive", for tools
  uint16_t source_clip = 0;  // index into Program::clips
  // BakedClipInputsHash of the skeleton and the source clip it was baked from: a binding refuses a
  // baked clip whose source has changed since.
  uint64_t inputs_hash = 0;
  float sample_rate = 30.0f;
  uint32_t frame_count = 1;
  bool looping = false;
  std::vector<BakedChannel> channels;  // ascending by (bone, channel), each once
  std::vector<BakedCurve> curves;      // ascending by curve, each once
};

// Floats in one key of `channel`: 4 for a rotation, else 3.
inline int BakedKeyComponents(TrackChannel channel) {
  return channel == TrackChannel::Rotation ? 4 : 3;
}

// What a baked clip depends on: the skeleton's content hash and the source clip's
// (Skeleton::content_hash(), Clip::content_hash()).
uint64_t BakedClipInputsHash(uint64_t skeleton_hash, uint64_t source_clip_hash);

struct Program {
  uint32_t version = kAnimBytecodeVersion;
  uint64_t skeleton_hash = 0;
  // What the program was compiled from: FNV-1a over the graph document's text and the content
  // hashes of its skeleton and clips, so tools can tell a stale program from a bug. 0: unknown.
  uint64_t graph_hash = 0;
  uint16_t scalar_register_count = 0;
  uint16_t pose_register_count = 0;

  std::vector<uint16_t> code;
  std::vector<float> constants;
  std::vector<ParamDesc> params;
  std::vector<std::string> clips;  // bound by name to loaded clips
  // Clip indices past `clips` name these (a clock's `clip`, a SampleClip task's resource).
  std::vector<BakedClipDesc> baked_clips;
  std::vector<ClockDesc> clocks;
  std::vector<ScopeDesc> scopes;  // scopes[0] is the root
  std::vector<MachineDesc> machines;
  std::vector<MaskDesc> masks;
  std::vector<BoneRef> bones;
  std::vector<std::string> snapshots;
  std::vector<BlendSpaceDesc> blend_spaces;
  std::vector<std::string> sync_groups;  // names; clocks say which they belong to
  // Named float curves every pose carries (docs/semantics.md, "Curves"), bound by name to the
  // clips' curves; `curve` instructions read the last output's.
  std::vector<std::string> curves;
  EventTable events;
  std::vector<DebugEntry> debug;  // ascending code_offset
};

// The name of clip index `clip`: a loaded clip's, then a baked clip's; "?" past both.
const std::string& ClipName(const Program& program, std::size_t clip);

// The smoother slots an instance keeps (damp and spring state): one per damp or spring
// instruction in the code. Stops at an unknown opcode or a cut-off instruction, which the verifier
// refuses anyway.
std::size_t SmootherCount(const Program& program);

}  // namespace anim
