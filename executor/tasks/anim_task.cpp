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

int RequiredDependencyCount(const AnimTask& task) {
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

int PassThroughInput(const AnimTask& task) {
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

bool KeepsState(AnimTaskType type) {
  return type == AnimTaskType::Inertialize || type == AnimTaskType::DeadBlend ||
         type == AnimTaskType::Crossfade || type == AnimTaskType::SavePoseSnapshot;
}

}  // namespace anim
