// AnimTask: one recorded pose operation. A flat POD: no virtuals, no owning pointers. Assets and
// per-instance state are referenced by index into tables the task list points at, so a list can be
// copied, compared and serialised.
#pragma once

#include <cstdint>
#include <type_traits>

#include "executor/math/quat.h"
#include "executor/math/vec3.h"

namespace anim {

// Append-only: tools and golden files print these names.
enum class AnimTaskType : uint8_t {
  ReferencePose,
  SampleClip,
  Blend,
  BlendMasked,
  MakeAdditive,
  ApplyAdditive,
  Inertialize,
  DeadBlend,
  SavePoseSnapshot,
  LoadPoseSnapshot,
  BoneTransform,
  TranslateBone,
  TwoBoneIK,
  FABRIK,
  LookAt,
  FootIK,
  Crossfade,
};
inline constexpr int kAnimTaskTypeCount = 17;

// Physics staging. Everything records AnyStage today; the tag exists so ragdoll write and read can
// split across the simulation step, and only the producer knows which stage a task belongs to.
enum class AnimTaskStage : uint8_t { AnyStage, PrePhysics, PostPhysics };

const char* AnimTaskTypeName(AnimTaskType type);
const char* AnimTaskStageName(AnimTaskStage stage);

// Values of AnimTask::space: for MakeAdditive 0 = local, 1 = mesh; for BoneTransform a BoneSpace.
enum class AdditiveSpace : uint8_t { Local, Mesh };
// Values of AnimTask::mode: for MakeAdditive an AdditiveBase, for BoneTransform a BoneOpMode, for
// TwoBoneIK a BendHint.
enum class AdditiveBase : uint8_t { BindPose, Pose };
enum class BendHint : uint8_t { CurrentBend, PoleTarget };

// Values of AnimTask::flags.
inline constexpr uint8_t kTaskFlagCapture =
    1;  // Inertialize, DeadBlend, Crossfade: a transition starts this frame
inline constexpr uint8_t kTaskFlagApply = 2;  // Inertialize, DeadBlend, Crossfade: the blend is active

// Fields are reused across task types, so the struct stays small:
// clang-format off
//
//   type              dep_a     dep_b     resource    time     alpha     t / r / s, bones, aux
//   ReferencePose     -         -         -           -        -         -
//   SampleClip        -         -         clip        time     -         mode: RootMotionMode; unless Keep,
//                                                                        bone_b = root track, t.x = the time
//                                                                        before, t.y = wraps since (signed)
//   Blend             a         b         -           -        alpha     -
//   BlendMasked       a         b         mask        -        alpha     -
//   MakeAdditive      source    base*     -           -        -         space: AdditiveSpace, mode: AdditiveBase
//                                                                        (*base read only in AdditiveBase::Pose)
//   ApplyAdditive     base      additive  -           -        alpha     -
//   Inertialize       source    -         blend slot  elapsed  duration  flags
//   DeadBlend         source    -         blend slot  elapsed  duration  flags, aux = half-life
//   Crossfade         incoming  outgoing* blend slot  elapsed  duration  flags, mode: FadeCurve
//                                                                        (*NoTask: fade from the output frozen
//                                                                        at the seam; read only when present)
//   SavePoseSnapshot  source    -         snapshot    -        -         -
//   LoadPoseSnapshot  -         -         snapshot    -        -         -
//   BoneTransform     source    -         -           -        alpha     bone_a, space: BoneSpace, mode: BoneOpMode, t r s
//   TranslateBone     source    -         -           -        alpha     bone_a, t = component-space offset
//   TwoBoneIK         source    -         -           -        alpha     bone_a/b/c = root/mid/end, t = target,
//                                                                        s = pole target, mode: BendHint
//   FABRIK            source    -         -           -        alpha     bone_a = root, bone_b = tip,
//                                                                        bone_c = iterations, t = target,
//                                                                        aux = tolerance
//   LookAt            source    -         -           -        alpha     bone_a, t = target, s = forward axis,
//                                                                        aux = max angle (radians)
//   FootIK            source    -         -           -        alpha     bone_a/b/c = thigh/calf/foot,
//                                                                        aux = ground height, s = ground normal,
//                                                                        t.x = ankle height, t.y = plant distance
//
// clang-format on
struct AnimTask {
  static constexpr int16_t NoTask = -1;

  AnimTaskType type = AnimTaskType::ReferencePose;
  AnimTaskStage stage = AnimTaskStage::AnyStage;
  uint8_t space = 0;
  uint8_t mode = 0;
  uint8_t flags = 0;

  int16_t dep_a = NoTask;  // indices of earlier tasks in the same list
  int16_t dep_b = NoTask;

  uint16_t resource = 0;  // clip, mask or state slot index, by type
  uint16_t bone_a = 0, bone_b = 0, bone_c = 0;
  int32_t source_node = -1;  // the graph node that recorded it, for tools (-1: none)

  float time = 0.0f;
  float alpha = 1.0f;
  float aux = 0.0f;
  Vec3 t{};
  Quat r{};
  Vec3 s{};
};

static_assert(std::is_trivially_copyable_v<AnimTask>, "AnimTask must stay a flat POD");

// How many dependencies a task of this type reads (dep_a first). MakeAdditive reads its base
// pose only in AdditiveBase::Pose mode, and Crossfade its outgoing pose only when dep_b names one.
inline int RequiredDependencyCount(const AnimTask& task) {
  switch (task.type) {
    case AnimTaskType::ReferencePose:
    case AnimTaskType::SampleClip:
    case AnimTaskType::LoadPoseSnapshot:
      return 0;
    case AnimTaskType::Blend:
    case AnimTaskType::BlendMasked:
    case AnimTaskType::ApplyAdditive:
      return 2;
    case AnimTaskType::MakeAdditive:
      return static_cast<AdditiveBase>(task.mode) == AdditiveBase::Pose ? 2 : 1;
    case AnimTaskType::Crossfade:
      return task.dep_b != AnimTask::NoTask ? 2 : 1;
    case AnimTaskType::Inertialize:
    case AnimTaskType::DeadBlend:
    case AnimTaskType::SavePoseSnapshot:
    case AnimTaskType::BoneTransform:
    case AnimTaskType::TranslateBone:
    case AnimTaskType::TwoBoneIK:
    case AnimTaskType::FABRIK:
    case AnimTaskType::LookAt:
    case AnimTaskType::FootIK:
      return 1;
  }
  return 0;
}

// Weight pruning (docs/executor.md, "Weight pruning"): the input a task passes through unchanged
// because of its weight, 0 (dep_a) or 1 (dep_b), or -1 when every input counts. A blend at alpha
// exactly 0 passes a and at exactly 1 passes b; a masked blend or an additive at 0 passes its
// first input; a bone op or IK solver at 0 passes its source. Such a task's result is that input
// exactly, and the input it does not pass cannot contribute.
inline int PassThroughInput(const AnimTask& task) {
  switch (task.type) {
    case AnimTaskType::Blend:
      return task.alpha == 0.0f ? 0 : task.alpha == 1.0f ? 1 : -1;
    case AnimTaskType::BlendMasked:
    case AnimTaskType::ApplyAdditive:
    case AnimTaskType::BoneTransform:
    case AnimTaskType::TranslateBone:
    case AnimTaskType::TwoBoneIK:
    case AnimTaskType::FABRIK:
    case AnimTaskType::LookAt:
    case AnimTaskType::FootIK:
      return task.alpha == 0.0f ? 0 : -1;
    default:
      return -1;
  }
}

// Tasks that keep state across frames (transition history, snapshots): a weight never prunes a
// subtree holding one, since skipping it would change later frames.
inline bool KeepsState(AnimTaskType type) {
  return type == AnimTaskType::Inertialize || type == AnimTaskType::DeadBlend ||
         type == AnimTaskType::Crossfade || type == AnimTaskType::SavePoseSnapshot;
}

}  // namespace anim
