// A graph document after reading and checking: every node (named or inline) with its fields
// resolved (input nodes, bones, clips, masks, snapshots by index; scalar fields as checked
// expressions), plus the tables the IR shares with the bytecode. Lowering reads only this.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "compiler/document/document.h"
#include "compiler/expr/expr.h"
#include "compiler/graph/node_kinds.h"
#include "vm/bytecode/program.h"

namespace anim::graph {

struct FieldValue {
  const DocNode* doc = nullptr;  // as written; null when absent
  int node = -1;                 // Pose, OptionalPose: the input node
  int index = -1;                // Bone, Clip, Mask, Snapshot: table index; Enum: option index
  expr::Expr expr;               // Float, Vec3: the checked expression (the default when absent)
  double number = 0.0;           // ConstFloat, ConstInt, Bool (0 or 1)
};

// A use of an event name (index into GraphModel::event_names), where it is written.
struct EventRef {
  int name = -1;  // -1: none
  TextPosition position;
};

struct ClipEventModel {
  EventRef event;
  float time = 0.0f;
  float duration = 0.0f;  // 0: an instant
};

struct StateModel {
  std::string name;
  TextPosition position;  // the state's key
  int node = -1;
  bool final = false;                     // named in the machine's `final`: it may have no way out
  EventRef events[kStateEventKindCount];  // on_enter, on_exit, on_fully_blended
};

struct TransitionModel {
  TextPosition position;  // the transition's mapping
  int from = -1;          // a state, or -1 for any state
  int to = -1;
  expr::Expr condition;
  TextPosition condition_at;   // the condition as written
  std::string condition_text;  // its text as written: the expression string, or the literal
  float duration = 0.2f;
  BlendMode mode = BlendMode::Inertialize;
  BlendCurve curve = BlendCurve::Linear;
  float half_life = 0.05f;
  bool can_interrupt = false;
  EventRef event;  // fired when the transition fires
};

struct SampleModel {
  float x = 0.0f, y = 0.0f;  // the position (y: 2D only)
  int node = -1;
  TextPosition position;  // its 'position' as written
};

// One use of a node by another, where it is written.
struct InputRef {
  int node = -1;
  TextPosition at;
};

struct GraphNode {
  std::string name;  // inline nodes: derived from where they are written ("loco.states.jump")
  const NodeKindSpec* kind = nullptr;
  TextPosition position;  // a named node's key; an inline node's mapping
  bool named = false;
  std::vector<FieldValue> fields;  // parallel to kind->fields
  int initial_state = -1;          // state machine
  std::vector<StateModel> states;
  std::vector<TransitionModel> transitions;
  std::vector<SampleModel> samples;           // blend spaces; 1D: ascending positions
  std::vector<std::array<int, 3>> triangles;  // 2D blend space: Delaunay, counter-clockwise
  std::vector<InputRef> inputs;               // every pose input, in field order (fields, samples, states)
  // Clip players and blend spaces: the sync group joined (index into GraphModel::sync_groups, or
  // -1) and how. A blend space's group passes to its clip samples that name none.
  int sync_group = -1;
  SyncRole sync_role = SyncRole::Auto;
  std::vector<ClipEventModel> clip_events;  // clip players: by time

  const FieldValue& field(std::string_view field_name) const {
    return fields[static_cast<std::size_t>(FieldIndex(*kind, field_name))];
  }
};

struct GraphModel {
  std::vector<ParamDesc> params;
  std::vector<std::string> clips;
  std::vector<MaskDesc> masks;
  std::vector<BoneRef> bones;
  std::vector<std::string> snapshots;
  std::vector<std::string> sync_groups;  // in the order the graph first names them
  // Every curve of the graph's loaded clips, in clip order, each name once (docs/semantics.md).
  std::vector<std::string> curves;
  std::vector<GraphNode> nodes;
  int output = -1;
  bool lock_root = false;
  uint16_t root_bone = kNoOperand;
  // Root motion: the mode of clip players that name none, and the bone (index into `bones`; -1
  // until a clip player takes motion out).
  RootMotionMode root_motion = RootMotionMode::Keep;
  int root_motion_bone = -1;
  // Events: names in the order first declared (the `events` table) or used, and their thresholds
  // (-1: the graph's `event_threshold`).
  std::vector<std::string> event_names;
  std::vector<float> event_thresholds;
  std::vector<TextPosition> declared_events;  // per name: its key in `events`; line 0 when not declared
  bool events_declared = false;               // the graph has an `events` table: every use must be in it
  float event_threshold = 0.0f;
};

}  // namespace anim::graph
