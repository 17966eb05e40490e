#include "executor/tasks/task_runner.h"

#include "executor/ops/bone_ops.h"
#include "executor/ops/curve_ops.h"
#include "executor/ops/fabrik.h"
#include "executor/ops/foot_ik.h"
#include "executor/ops/look_at.h"
#include "executor/ops/two_bone_ik.h"
#include "executor/tasks/task_state_storage.h"

namespace anim {
namespace {

// Bones [from, n) of the additive identity (no translation, no rotation, unit scale).
void FillAdditiveIdentity(PoseView out, int from, int n) {
  for (int i = from; i < n; ++i)
    SetBoneTransform(out, i, Transform{});
}

// Makes `dst` hold `src` (every bone and curve) unless it already is that buffer.
void TakeInput(Pose& dst, const Pose& src, int n, const PoseKernelTable& k) {
  if (&dst != &src) {
    k.copy(dst.view(), src.view(), n);
    CopyCurves(dst.view(), src.view());
  }
  dst.kind = src.kind;
}

// The bind pose, or the additive identity: curves 0 in both.
void FillBind(Pose& dst, const Skeleton& skeleton, PoseKind kind, const PoseKernelTable& k) {
  const int n = skeleton.bone_count();
  if (kind == PoseKind::Absolute) {
    k.copy(dst.view(), skeleton.bind_pose().view(), n);
  } else {
    FillAdditiveIdentity(dst.view(), 0, n);
  }
  ZeroCurves(dst.view());
  dst.kind = kind;
}

bool BonesInRange(const AnimTask& task, int bone_count, int used) {
  const int bones[3] = {task.bone_a, task.bone_b, task.bone_c};
  for (int i = 0; i < used; ++i) {
    if (bones[i] >= bone_count) return false;
  }
  return true;
}

PoseKind AdditiveKind(const AnimTask& task) {
  return static_cast<AdditiveSpace>(task.space) == AdditiveSpace::Mesh ? PoseKind::AdditiveMesh
                                                                       : PoseKind::AdditiveLocal;
}

template <typename T>
T* Slot(std::vector<T>* table, uint16_t index) {
  return table != nullptr && index < table->size() ? &(*table)[index] : nullptr;
}

// An alpha as a weight in [0, 1]; NaN as 0.
float UnitWeight(float alpha) {
  return alpha > 0.0f ? (alpha < 1.0f ? alpha : 1.0f) : 0.0f;
}

// Whether the mask or bones a task names are usable: else it yields the bind pose, whatever its
// weight. The one check of them, before RunTaskPose's pass-through and kernels.
bool ResourcesValid(const AnimTaskList& list, const AnimTask& task, int n, int count) {
  switch (task.type) {
    case AnimTaskType::BlendMasked: {
      if (task.resource >= list.masks.size()) return false;
      const BoneMask& mask = list.masks[task.resource];
      return static_cast<int>(mask.weights.size()) >= count &&
             (mask.curve_weights.empty() || static_cast<int>(mask.curve_weights.size()) >= list.CurveCount());
    }
    case AnimTaskType::BoneTransform:
    case AnimTaskType::TranslateBone:
    case AnimTaskType::LookAt:
      return BonesInRange(task, n, 1);
    case AnimTaskType::FABRIK:
      return BonesInRange(task, n, 2);
    case AnimTaskType::TwoBoneIK:
    case AnimTaskType::FootIK:
      return BonesInRange(task, n, 3);
    default:
      return true;
  }
}

// The input a task passes through by its weight (PassThroughInput) when it can, else -1.
int PassesThrough(const AnimTaskList& list, const AnimTask& task) {
  const int through = PassThroughInput(task);
  if (through < 0) return -1;
  const int n = list.skeleton->bone_count();
  return ResourcesValid(list, task, n, list.ActiveBones()) ? through : -1;
}

// The root track of a SampleClip that takes its clip's motion out, or null.
const RootMotionTrack* Track(const AnimTaskList& list, const AnimTask& task) {
  if (task.mode == static_cast<uint8_t>(RootMotionMode::Keep) || task.bone_b >= list.root_tracks.size())
    return nullptr;
  return &list.root_tracks[task.bone_b];
}

// The root motion `task`'s result carries (docs/semantics.md, "Root motion"), from its inputs'.
// Called once the bones are done: no kernel writes a pose's root motion, so an input whose buffer
// the result took still holds its own.
Transform TaskRootMotion(const AnimTaskList& list, const AnimTask& task, const Pose* a, const Pose* b) {
  const Transform none{};
  auto motion = [&](const Pose* p) { return p != nullptr ? p->root_motion : none; };
  if (const int through = PassesThrough(list, task); through >= 0) return motion(through == 0 ? a : b);
  switch (task.type) {
    case AnimTaskType::SampleClip: {
      const RootMotionTrack* track = Track(list, task);
      if (track == nullptr || task.mode != static_cast<uint8_t>(RootMotionMode::Extract)) return none;
      return track->Delta(task.t.x, task.time, task.t.y);
    }
    case AnimTaskType::Blend:
      return BlendMotion(motion(a), motion(b), UnitWeight(task.alpha));
    case AnimTaskType::BlendMasked: {
      // The mask's weight at the skeleton's root (bone 0) scales the alpha.
      const bool masked = task.resource < list.masks.size() && !list.masks[task.resource].weights.empty();
      const float root_weight = masked ? list.masks[task.resource].weights[0] : 0.0f;
      return BlendMotion(motion(a), motion(b), UnitWeight(task.alpha) * root_weight);
    }
    case AnimTaskType::Crossfade: {
      if ((task.flags & kTaskFlagApply) == 0) return motion(a);
      // A frozen source stands still: its motion is the identity.
      const TransitionBlendState* seam = Slot(list.state ? &list.state->blends : nullptr, task.resource);
      const bool live = task.dep_b != AnimTask::NoTask;
      if (!live && (seam == nullptr || !seam->crossfade.held)) return motion(a);
      const float w = CrossfadeWeight(static_cast<FadeCurve>(task.mode), task.time, task.alpha);
      return BlendMotion(live ? motion(b) : none, motion(a), w);
    }
    case AnimTaskType::ReferencePose:
    case AnimTaskType::MakeAdditive:  // a delta pose moves nothing
    case AnimTaskType::LoadPoseSnapshot:
      return none;
    default:  // ApplyAdditive keeps its base's; transitions and ops their source's
      return motion(a);
  }
}

// The bones of one task (RunTask, before its root motion is set).
TaskRun RunTaskPose(const AnimTaskList& list, const AnimTask& task, bool inputs_valid, const Pose* a,
                    const Pose* b, Pose& dst, const PoseKernelTable& k) {
  const Skeleton& skeleton = *list.skeleton;
  const int n = skeleton.bone_count();
  const int count = list.ActiveBones();
  const int16_t* parents = skeleton.parents().data();
  TaskStateStorage* state = list.state;
  const PoseKind fallback_kind =
      task.type == AnimTaskType::MakeAdditive ? AdditiveKind(task) : PoseKind::Absolute;
  if (!inputs_valid || !ResourcesValid(list, task, n, count)) {
    FillBind(dst, skeleton, fallback_kind, k);
    return {};
  }
  if (const int through = PassThroughInput(task); through >= 0) {  // the other input may be pruned
    TakeInput(dst, through == 0 ? *a : *b, n, k);
    return {};
  }
  // Kernels write only the active prefix; the tail rides along from the first input (the bind pose
  // for tasks without one). A fresh buffer holds garbage there, and a stolen second input may be of
  // another kind (a delta).
  if (count < n && &dst != a) CopyBones(dst.view(), (a ? *a : skeleton.bind_pose()).view(), count, n);

  switch (task.type) {
    case AnimTaskType::ReferencePose:
      FillBind(dst, skeleton, PoseKind::Absolute, k);
      return {};

    case AnimTaskType::SampleClip: {
      const Clip* clip = task.resource < list.clips.size() ? list.clips[task.resource] : nullptr;
      if (clip == nullptr || clip->bone_count() != n) break;
      k.sample_clip(dst.view(), *clip, task.time, count);
      SampleCurves(dst.view(), *clip, list.CurveTargets(task.resource), task.time);
      dst.kind = clip->pose_kind();  // a baked additive clip samples to a delta
      if (dst.kind != PoseKind::Absolute) FillAdditiveIdentity(dst.view(), count, n);  // the tail
      if (const RootMotionTrack* track = list.root_motion ? Track(list, task) : nullptr;
          track != nullptr && track->bone() < count)
        dst.Set(track->bone(), WithoutMotion(dst.Get(track->bone())));
      return {};
    }

    case AnimTaskType::Blend:
      k.blend(dst.view(), a->view(), b->view(), task.alpha, count);
      BlendCurves(dst.view(), a->view(), b->view(), task.alpha);
      dst.kind = a->kind;
      return {};

    case AnimTaskType::BlendMasked: {
      const BoneMask& mask = list.masks[task.resource];
      const int weighted =
          k.blend_masked(dst.view(), a->view(), b->view(), mask.weights.data(), task.alpha, count);
      BlendCurves(dst.view(), a->view(), b->view(), task.alpha,
                  mask.curve_weights.empty() ? nullptr : mask.curve_weights.data());
      dst.kind = a->kind;
      return {.mask_weighted = weighted};
    }

    case AnimTaskType::MakeAdditive: {
      const Pose& base =
          static_cast<AdditiveBase>(task.mode) == AdditiveBase::Pose ? *b : skeleton.bind_pose();
      if (AdditiveKind(task) == PoseKind::AdditiveMesh) {
        k.make_additive_mesh(dst.view(), a->view(), base.view(), parents, count);
      } else {
        k.make_additive_local(dst.view(), a->view(), base.view(), count);
      }
      SubtractCurves(dst.view(), a->view(), base.view());
      FillAdditiveIdentity(dst.view(), count, n);  // the tail is at bind pose in both
      dst.kind = AdditiveKind(task);
      return {};
    }

    case AnimTaskType::ApplyAdditive:
      if (b->kind == PoseKind::AdditiveMesh) {
        k.apply_additive_mesh(dst.view(), a->view(), b->view(), task.alpha, parents, count);
        AddCurves(dst.view(), a->view(), b->view(), task.alpha);
      } else if (b->kind == PoseKind::AdditiveLocal) {
        k.apply_additive_local(dst.view(), a->view(), b->view(), task.alpha, count);
        AddCurves(dst.view(), a->view(), b->view(), task.alpha);
      } else {
        TakeInput(dst, *a, n, k);  // an absolute pose is no delta: the base passes through
      }
      dst.kind = a->kind;
      return {};

    case AnimTaskType::Inertialize: {
      TransitionBlendState* seam = Slot(state ? &state->blends : nullptr, task.resource);
      if (seam == nullptr) break;
      TakeInput(dst, *a, n, k);
      InertializeOutput(*seam, dst.view(), count, (task.flags & kTaskFlagCapture) != 0, task.time,
                        task.alpha);
      return {.history = &seam->history};
    }

    case AnimTaskType::DeadBlend: {
      TransitionBlendState* seam = Slot(state ? &state->blends : nullptr, task.resource);
      if (seam == nullptr) break;
      TakeInput(dst, *a, n, k);
      DeadBlendOutput(*seam, dst.view(), count, (task.flags & kTaskFlagCapture) != 0, task.time, task.alpha,
                      task.aux);
      return {.history = &seam->history};
    }

    case AnimTaskType::Crossfade: {
      TransitionBlendState* seam = Slot(state ? &state->blends : nullptr, task.resource);
      if (seam == nullptr) break;
      const bool capture = (task.flags & kTaskFlagCapture) != 0;
      const Pose* from = CrossfadeSource(*seam, task.dep_b != AnimTask::NoTask ? b : nullptr, capture, n);
      if ((task.flags & kTaskFlagApply) != 0 && from != nullptr) {
        const float w = CrossfadeWeight(static_cast<FadeCurve>(task.mode), task.time, task.alpha);
        k.blend(dst.view(), from->view(), a->view(), w, count);
        BlendCurves(dst.view(), from->view(), a->view(), w);
      } else {
        TakeInput(dst, *a, n, k);
      }
      dst.kind = a->kind;
      return {.history = &seam->history};
    }

    case AnimTaskType::SavePoseSnapshot: {
      PoseSnapshotSlot* slot = Slot(state ? &state->snapshots : nullptr, task.resource);
      if (slot == nullptr) break;
      TakeInput(dst, *a, n, k);
      slot->pending.Resize(n, dst.curve_count());
      k.copy(slot->pending.view(), dst.view(), n);
      CopyCurves(slot->pending.view(), dst.view());
      slot->pending.kind = dst.kind;
      slot->pending_written = true;
      return {};
    }

    case AnimTaskType::LoadPoseSnapshot: {
      PoseSnapshotSlot* slot = Slot(state ? &state->snapshots : nullptr, task.resource);
      if (slot == nullptr || !slot->saved || slot->pose.bone_count() != n) break;
      TakeInput(dst, slot->pose, n, k);
      return {};
    }

    case AnimTaskType::BoneTransform:
      TakeInput(dst, *a, n, k);
      ApplyBoneTransform(dst.view(), skeleton, count, task.bone_a, static_cast<BoneSpace>(task.space),
                         static_cast<BoneOpMode>(task.mode), Transform{task.t, Normalize(task.r), task.s},
                         task.alpha);
      return {};

    case AnimTaskType::TranslateBone:
      TakeInput(dst, *a, n, k);
      TranslateBone(dst.view(), skeleton, count, task.bone_a, task.t, task.alpha);
      return {};

    case AnimTaskType::TwoBoneIK: {
      TakeInput(dst, *a, n, k);
      const bool use_pole = static_cast<BendHint>(task.mode) == BendHint::PoleTarget;
      SolveTwoBoneIK(dst.view(), skeleton, count, task.bone_a, task.bone_b, task.bone_c, task.t,
                     use_pole ? &task.s : nullptr, task.alpha);
      return {};
    }

    case AnimTaskType::FABRIK:
      TakeInput(dst, *a, n, k);
      SolveFabrik(dst.view(), skeleton, count, task.bone_a, task.bone_b, task.t, task.bone_c, task.aux,
                  task.alpha);
      return {};

    case AnimTaskType::LookAt:
      TakeInput(dst, *a, n, k);
      SolveLookAt(dst.view(), skeleton, count, task.bone_a, task.t, task.s, task.aux, task.alpha);
      return {};

    case AnimTaskType::FootIK:
      TakeInput(dst, *a, n, k);
      SolveFootIK(dst.view(), skeleton, count, task.bone_a, task.bone_b, task.bone_c,
                  FootGround{task.aux, task.s, task.t.x, task.t.y}, task.alpha);
      return {};
  }
  FillBind(dst, skeleton, fallback_kind, k);
  return {};
}

// RunTaskPose, then the root motion the result carries. Out of line: see RunTask.
[[gnu::noinline]] TaskRun RunTaskWithMotion(const AnimTaskList& list, const AnimTask& task, bool inputs_valid,
                                            const Pose* a, const Pose* b, Pose& dst,
                                            const PoseKernelTable& k) {
  const TaskRun run = RunTaskPose(list, task, inputs_valid, a, b, dst, k);
  dst.root_motion = inputs_valid ? TaskRootMotion(list, task, a, b) : Transform{};
  return run;
}

}  // namespace

TaskRun RunTask(const AnimTaskList& list, const AnimTask& task, bool inputs_valid, const Pose* a,
                const Pose* b, Pose& dst, const PoseKernelTable& k) {
  // Without root motion, a plain tail call: the motion's transforms need an aligned stack frame,
  // which every task would otherwise pay for.
  if (!list.root_motion) return RunTaskPose(list, task, inputs_valid, a, b, dst, k);
  return RunTaskWithMotion(list, task, inputs_valid, a, b, dst, k);
}

}  // namespace anim
