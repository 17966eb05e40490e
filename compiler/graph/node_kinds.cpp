#include "compiler/graph/node_kinds.h"

#include "executor/ops/root_motion.h"
#include "vm/bytecode/limits.h"

namespace anim::graph {
namespace {

using F = FieldType;

constexpr std::string_view kAdditiveSpaces[] = {"local", "mesh"};
constexpr std::string_view kRootMotionModes[] = {"keep", "extract", "ignore"};
static_assert(std::size(kRootMotionModes) == kRootMotionModeCount, "spelled in RootMotionMode's order");
constexpr std::string_view kBoneSpaces[] = {"local", "component"};
constexpr std::string_view kBoneModes[] = {"additive", "replace"};
// In AnimTaskStage's order from PrePhysics: the stage is the option's index + 1.
constexpr std::string_view kPhysicsStages[] = {"pre", "post"};

constexpr FieldSpec Alpha(float fallback = 1.0f, bool required = false) {
  return {"alpha", F::Float, required, {fallback, 0, 0}, Range::Unit};
}
constexpr FieldSpec Input(std::string_view name) {
  return {name, F::Pose, true};
}
constexpr FieldSpec Bone(std::string_view name) {
  return {name, F::Bone, true};
}

constexpr FieldSpec kClip[] = {
    {"clip", F::Clip, true},
    {"rate", F::Float, false, {1, 0, 0}},
    {"loop", F::Bool, false, {1, 0, 0}},
    {"start", F::ConstFloat, false, {0, 0, 0}, Range::NonNegative},
    {"sync", F::Special},
    {"root_motion", F::Enum, false, {}, Range::Any, kRootMotionModes},
    {"events", F::Special},
};
constexpr FieldSpec kBlend[] = {Input("a"), Input("b"), Alpha(0.0f, true)};
constexpr FieldSpec kMaskedBlend[] = {Input("a"), Input("b"), {"mask", F::Mask, true}, Alpha()};
constexpr FieldSpec kBlendSpace[] = {
    {"axis", F::Float, true}, {"samples", F::Special, true}, {"sync", F::Special}};
constexpr FieldSpec kBlendSpace2D[] = {
    {"x", F::Float, true}, {"y", F::Float, true}, {"samples", F::Special, true}, {"sync", F::Special}};
constexpr FieldSpec kMakeAdditive[] = {
    Input("pose"), {"base", F::OptionalPose}, {"space", F::Enum, false, {}, Range::Any, kAdditiveSpaces}};
constexpr FieldSpec kApplyAdditive[] = {Input("base"), Input("additive"), Alpha()};
constexpr FieldSpec kStateMachine[] = {{"initial", F::Special, true},
                                       {"states", F::Special, true},
                                       {"transitions", F::Special},
                                       {"final", F::Special},
                                       {"state_events", F::Special}};
constexpr FieldSpec kSaveSnapshot[] = {Input("pose"), {"name", F::Snapshot, true}};
constexpr FieldSpec kLoadSnapshot[] = {{"name", F::Snapshot, true}};
constexpr FieldSpec kBoneTransform[] = {
    Input("pose"),
    Bone("bone"),
    {"space", F::Enum, false, {}, Range::Any, kBoneSpaces},
    {"mode", F::Enum, false, {}, Range::Any, kBoneModes},
    {"translation", F::Vec3},
    {"rotation", F::Vec3},
    {"scale", F::Vec3, false, {1, 1, 1}},
    Alpha(),
};
constexpr FieldSpec kTranslateBone[] = {Input("pose"), Bone("bone"), {"offset", F::Vec3, true}, Alpha()};
constexpr FieldSpec kTwoBoneIK[] = {
    Input("pose"),
    Bone("root"),
    Bone("mid"),
    Bone("end"),
    {"target", F::Vec3, true},
    {"pole", F::OptionalVec3},
    Alpha(),
};
constexpr FieldSpec kFabrik[] = {
    Input("pose"),
    Bone("root"),
    Bone("tip"),
    {"target", F::Vec3, true},
    {"iterations", F::ConstInt, false, {10, 0, 0}, Range::AtLeastOne},
    {"tolerance", F::ConstFloat, false, {0.001f, 0, 0}, Range::Positive},
    Alpha(),
};
constexpr FieldSpec kLookAt[] = {
    Input("pose"),
    Bone("bone"),
    {"target", F::Vec3, true},
    {"axis", F::Vec3, false, {0, 0, 1}},
    {"max_angle", F::Float, false, {90, 0, 0}, Range::Angle},
    Alpha(),
};
constexpr FieldSpec kFootIK[] = {
    Input("pose"),
    Bone("thigh"),
    Bone("calf"),
    Bone("foot"),
    {"ground_height", F::Float},
    {"normal", F::Vec3, false, {0, 1, 0}},
    {"ankle_height", F::ConstFloat, false, {0, 0, 0}, Range::NonNegative},
    {"plant_distance", F::ConstFloat, false, {0, 0, 0}, Range::NonNegative},
    Alpha(),
};

constexpr FieldSpec kPhysics[] = {Input("pose"), {"stage", F::Enum, true, {}, Range::Any, kPhysicsStages}};

constexpr NodeKindSpec kKinds[] = {
    {"clip", NodeType::Clip, kClip},
    {"reference_pose", NodeType::ReferencePose, {}},
    {"blend", NodeType::Blend, kBlend},
    {"masked_blend", NodeType::MaskedBlend, kMaskedBlend},
    {"blend_space_1d", NodeType::BlendSpace1D, kBlendSpace},
    {"blend_space_2d", NodeType::BlendSpace2D, kBlendSpace2D},
    {"make_additive", NodeType::MakeAdditive, kMakeAdditive},
    {"apply_additive", NodeType::ApplyAdditive, kApplyAdditive},
    {"state_machine", NodeType::StateMachine, kStateMachine},
    {"save_snapshot", NodeType::SaveSnapshot, kSaveSnapshot},
    {"load_snapshot", NodeType::LoadSnapshot, kLoadSnapshot},
    {"bone_transform", NodeType::BoneTransform, kBoneTransform},
    {"translate_bone", NodeType::TranslateBone, kTranslateBone},
    {"two_bone_ik", NodeType::TwoBoneIK, kTwoBoneIK, true},
    {"fabrik", NodeType::Fabrik, kFabrik, true},
    {"look_at", NodeType::LookAt, kLookAt},
    {"foot_ik", NodeType::FootIK, kFootIK, true},
    {"physics", NodeType::Physics, kPhysics},
};

}  // namespace

std::span<const NodeKindSpec> NodeKinds() {
  return kKinds;
}

const NodeKindSpec* FindNodeKind(std::string_view name) {
  for (const NodeKindSpec& spec : kKinds)
    if (spec.name == name) return &spec;
  return nullptr;
}

int FieldIndex(const NodeKindSpec& spec, std::string_view name) {
  for (std::size_t i = 0; i < spec.fields.size(); ++i)
    if (spec.fields[i].name == name) return static_cast<int>(i);
  return -1;
}

const char* RangeText(Range range) {
  switch (range) {
    case Range::Any:
      return "any number";
    case Range::Unit:
      return "between 0 and 1";
    case Range::NonNegative:
      return "at least 0";
    case Range::Positive:
      return "greater than 0";
    case Range::Angle:
      return "between 0 and 180 degrees";
    case Range::AtLeastOne:
      return "at least 1";
    case Range::Seconds:
      return "between 0 and 3600 seconds";
    case Range::PositiveSeconds:
      return "greater than 0 and at most 3600 seconds";
  }
  return "?";
}

bool InRange(Range range, double value) {
  switch (range) {
    case Range::Any:
      return true;
    case Range::Unit:
      return value >= 0.0 && value <= 1.0;
    case Range::NonNegative:
      return value >= 0.0;
    case Range::Positive:
      return value > 0.0;
    case Range::Angle:
      return value >= 0.0 && value <= 180.0;
    case Range::AtLeastOne:
      return value >= 1.0;
    case Range::Seconds:
      return value >= 0.0 && value <= kMaxTransitionSeconds;
    case Range::PositiveSeconds:
      return value > 0.0 && value <= kMaxTransitionSeconds;
  }
  return false;
}

}  // namespace anim::graph
