// The graph node kinds and the fields each may hold: one table that the reader checks documents
// against and docs/graph-format.md describes. One kind per executor task type.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace anim::graph {

enum class FieldType : std::uint8_t {
  Pose,          // a node name or an inline node
  OptionalPose,  // the same, may be absent
  Float,         // a float expression (int accepted)
  Vec3,          // a vec3 expression or an array of three float expressions
  OptionalVec3,  // the same, may be absent (no default)
  ConstFloat,    // a float expression that reads nothing at run time
  ConstInt,      // an integer literal
  Bool,          // a boolean literal
  Bone,          // a skeleton bone's name
  Clip,          // a name from the graph's `clips`
  Mask,          // a name from the graph's `masks`, or an inline mask
  Snapshot,      // a pose snapshot's name
  Enum,          // one of `options`
  Special,       // read by the kind's own code (samples, states, transitions, initial)
};

// Allowed values of a constant.
// Seconds: a transition's duration (0 to an hour); PositiveSeconds: its half-life (above 0, at most an
// hour). An hour is the format's limit (vm/bytecode/limits.h, kMaxTransitionSeconds).
enum class Range : std::uint8_t {
  Any,
  Unit,
  NonNegative,
  Positive,
  Angle,
  AtLeastOne,
  Seconds,
  PositiveSeconds
};

struct FieldSpec {
  std::string_view name;
  FieldType type;
  bool required = false;
  float fallback[3] = {0.0f, 0.0f, 0.0f};  // the default when absent
  Range range = Range::Any;
  std::span<const std::string_view> options = {};  // Enum
};

enum class NodeType : std::uint8_t {
  Clip,
  ReferencePose,
  Blend,
  MaskedBlend,
  BlendSpace1D,
  BlendSpace2D,
  MakeAdditive,
  ApplyAdditive,
  StateMachine,
  SaveSnapshot,
  LoadSnapshot,
  BoneTransform,
  TranslateBone,
  TwoBoneIK,
  Fabrik,
  LookAt,
  FootIK,
  Physics,
};

struct NodeKindSpec {
  std::string_view name;
  NodeType type;
  std::span<const FieldSpec> fields;  // `kind` itself is not listed
  bool bone_chain = false;            // its Bone fields, in order, must each lie below the previous
};

std::span<const NodeKindSpec> NodeKinds();
const NodeKindSpec* FindNodeKind(std::string_view name);
// The index of `name` in spec.fields, or -1.
int FieldIndex(const NodeKindSpec& spec, std::string_view name);

// "0 to 1", "at least 0", ...: a range in messages; whether `value` lies in it.
const char* RangeText(Range range);
bool InRange(Range range, double value);

}  // namespace anim::graph
