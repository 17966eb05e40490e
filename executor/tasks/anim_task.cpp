#include "executor/tasks/anim_task.h"

namespace anim {

const char* AnimTaskTypeName(AnimTaskType type) {
  switch (type) {
    case AnimTaskType::ReferencePose:
      return "ReferencePose";
    case AnimTaskType::SampleClip:
      return "SampleClip";
    case AnimTaskType::Blend:
      return "Blend";
    case AnimTaskType::BlendMasked:
      return "BlendMasked";
    case AnimTaskType::MakeAdditive:
      return "MakeAdditive";
    case AnimTaskType::ApplyAdditive:
      return "ApplyAdditive";
    case AnimTaskType::Inertialize:
      return "Inertialize";
    case AnimTaskType::DeadBlend:
      return "DeadBlend";
    case AnimTaskType::SavePoseSnapshot:
      return "SavePoseSnapshot";
    case AnimTaskType::LoadPoseSnapshot:
      return "LoadPoseSnapshot";
    case AnimTaskType::BoneTransform:
      return "BoneTransform";
    case AnimTaskType::TranslateBone:
      return "TranslateBone";
    case AnimTaskType::TwoBoneIK:
      return "TwoBoneIK";
    case AnimTaskType::FABRIK:
      return "FABRIK";
    case AnimTaskType::LookAt:
      return "LookAt";
    case AnimTaskType::FootIK:
      return "FootIK";
    case AnimTaskType::Crossfade:
      return "Crossfade";
  }
  return "Unknown";
}

const char* AnimTaskStageName(AnimTaskStage stage) {
  switch (stage) {
    case AnimTaskStage::AnyStage:
      return "AnyStage";
    case AnimTaskStage::PrePhysics:
      return "PrePhysics";
    case AnimTaskStage::PostPhysics:
      return "PostPhysics";
  }
  return "Unknown";
}

}  // namespace anim
