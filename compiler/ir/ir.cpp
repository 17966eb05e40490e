#include "compiler/ir/ir.h"

namespace anim::ir {

const char* TypeName(Type type) {
  switch (type) {
    case Type::Float:
      return "float";
    case Type::Bool:
      return "bool";
    case Type::Int:
      return "int";
    case Type::Vec3:
      return "vec3";
    case Type::Pose:
      return "pose";
  }
  return "?";
}

const char* OpName(Op op) {
  static constexpr const char* kNames[] = {
      "const",
      "param",
      "time_in_state",
      "state_progress",
      "neg",
      "not",
      "abs",
      "sin",
      "cos",
      "add",
      "sub",
      "mul",
      "div",
      "min",
      "max",
      "lt",
      "le",
      "gt",
      "ge",
      "eq",
      "ne",
      "and",
      "or",
      "clamp",
      "lerp",
      "smoothstep",
      "remap",
      "vec3",
      "reference_pose",
      "sample_clip",
      "blend",
      "blend_masked",
      "make_additive",
      "apply_additive",
      "state_machine",
      "save_snapshot",
      "load_snapshot",
      "bone_transform",
      "translate_bone",
      "two_bone_ik",
      "fabrik",
      "look_at",
      "foot_ik",
      "blend_space_weight",
      "select",
      "state_time",
      "state_clock_progress",
      "damp",
      "spring",
      "curve",
      "physics_stage",
  };
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == static_cast<int>(Op::PhysicsStage) + 1,
                "one name per op");
  return kNames[static_cast<int>(op)];
}

}  // namespace anim::ir
