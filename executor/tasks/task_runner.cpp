#include "executor/tasks/task_runner.h"

#include <algorithm>

#include "executor/ops/bone_ops.h"
#include "executor/ops/curve_ops.h"
#include "executor/ops/fabrik.h"
#include "executor/ops/foot_ik.h"
#include "executor/ops/look_at.h"
#include "executor/ops/two_bone_ik.h"
#include "executor/tasks/task_state_storage.h"

namespace anim {
namespace {

// list.ActiveBones() without its test for a missing skeleton, which no list a task runs in lacks.
int ActiveCount(const AnimTaskList& list) {
  const int n = list.skeleton->bone_count();
  return list.active_bone_count > 0 && list.active_bone_count < n ? list.active_bone_count : n;
}

// Bones [from, n) of the additive identity (no translation, no rotation, unit scale).
void FillAdditiveIdentity(PoseView out, int from, int n) {
  for (int i = from; i < n; ++i)
    SetBoneTransform(out, i, Transform{});
}

// Out of line, so a task that took over its input's buffer pays only for the test.
[[gnu::noinline]] void CopyInput(Pose& dst, const Pose& src, int n, const PoseKernelTable& k) {
  k.copy(dst.view(), src.view(), n);
  CopyCurves(dst.view(), src.view());
}

// Makes `dst` hold `src` (every bone and curve) unless it already is that buffer.
void TakeInput(Pose& dst, const Pose& src, int n, const PoseKernelTable& k) {
  if (&dst != &src) CopyInput(dst, src, n, k);
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

// By address rather than by size(), which divides by sizeof(T).
template <typename T>
T* Slot(std::vector<T>* table, uint16_t index) {
  if (table == nullptr) return nullptr;
  T* slot = table->data() + index;
  return slot < table->data() + table->size() ? slot : nullptr;
}

// An alpha as a weight in [0, 1]; NaN as 0.
float UnitWeight(float alpha) {
  return alpha > 0.0f ? (alpha < 1.0f ? alpha : 1.0f) : 0.0f;
}

// Whether the mask or bones a task names are usable: else it yields the bind pose, whatever its
// weight.
bool ResourcesValid(const AnimTaskList& list, const AnimTask& task, int n, int count) {
  if (task.type != AnimTaskType::BlendMasked) return BonesInRange(task, n, BonesNamed(task.type));
  if (task.resource >= list.masks.size()) return false;
  const BoneMask& mask = list.masks[task.resource];
  return static_cast<int>(mask.weights.size()) >= count &&
         (mask.curve_weights.empty() || static_cast<int>(mask.curve_weights.size()) >= list.CurveCount());
}

// The input a task passes through by its weight (PassThroughInput) when it can, else -1.
int PassesThrough(const AnimTaskList& list, const AnimTask& task) {
  const int through = PassThroughInput(task);
  if (through < 0) return -1;
  const int n = list.skeleton->bone_count();
  return ResourcesValid(list, task, n, ActiveCount(list)) ? through : -1;
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

PoseKind FallbackKind(const AnimTask& task) {
  return task.type == AnimTaskType::MakeAdditive ? AdditiveKind(task) : PoseKind::Absolute;
}

// What a task yields when an input is missing or something it names is out of range.
void YieldBind(const AnimTaskList& list, const AnimTask& task, Pose& dst, const PoseKernelTable& k) {
  FillBind(dst, *list.skeleton, FallbackKind(task), k);
}

// Kernels write only the active prefix; the tail rides along from the first input (the bind pose
// for tasks without one). A fresh buffer holds garbage there, and a stolen second input may be of
// another kind (a delta).
[[gnu::noinline]] void CopyTail(const AnimTaskList& list, const Pose* a, Pose& dst) {
  const int n = list.skeleton->bone_count();
  const int count = ActiveCount(list);
  if (count < n && &dst != a) CopyBones(dst.view(), (a ? *a : list.skeleton->bind_pose()).view(), count, n);
}
void CarryTail(const AnimTaskList& list, const Pose* a, Pose& dst) {
  if (list.active_bone_count > 0) CopyTail(list, a, dst);  // else every bone is active: no tail
}

// The runners ResolveTaskRunner picks from: one per task type, and three that do not look at the
// type's maths (missing inputs, and the two inputs a weight can pass through).

void RunInvalid(const AnimTaskList& list, const AnimTask& task, const Pose*, const Pose*, Pose& dst,
                const PoseKernelTable& k) {
  return YieldBind(list, task, dst, k);
}

// The other input may be pruned. A task that took over the passed input's buffer does nothing.
template <int kThrough>
void RunPassThrough(const AnimTaskList& list, const AnimTask& task, const Pose* a, const Pose* b, Pose& dst,
                    const PoseKernelTable& k) {
  const int n = list.skeleton->bone_count();
  if (!ResourcesValid(list, task, n, ActiveCount(list))) return YieldBind(list, task, dst, k);
  TakeInput(dst, kThrough == 0 ? *a : *b, n, k);
}

void RunReferencePose(const AnimTaskList& list, const AnimTask&, const Pose* a, const Pose*, Pose& dst,
                      const PoseKernelTable& k) {
  CarryTail(list, a, dst);
  FillBind(dst, *list.skeleton, PoseKind::Absolute, k);
}

// RunSampleClip's bones when the clip is a delta (whose tail is the identity) or the list takes
// root motion out: out of line, so the common sample ends in its kernel call.
[[gnu::noinline]] void SampleDeltaOrMotion(const AnimTaskList& list, const AnimTask& task, const Clip& clip,
                                           Pose& dst, const PoseKernelTable& k) {
  const int count = ActiveCount(list);
  k.sample_clip(dst.view(), clip, task.time, count);
  if (dst.kind != PoseKind::Absolute) FillAdditiveIdentity(dst.view(), count, list.skeleton->bone_count());
  if (const RootMotionTrack* track = list.root_motion ? Track(list, task) : nullptr;
      track != nullptr && track->bone() < count)
    dst.Set(track->bone(), WithoutMotion(dst.Get(track->bone())));
}

// Every bone active (no LOD cut: no tail to carry) and no curves: a runner's common case, which
// then calls nothing but its kernel, last, and keeps no register across a call. The general case
// is its own function, called in tail position.
bool Plain(const AnimTaskList& list, const Pose& dst) {
  return list.active_bone_count <= 0 && dst.curve_count() == 0;
}

// Here and below, curves and kinds are written before the bones' kernel (kernels touch only bones,
// and read no kind), so the kernel call is the task's last and its frame stays small.
[[gnu::noinline]] void SampleClipGeneral(const AnimTaskList& list, const AnimTask& task, const Pose* a,
                                         Pose& dst, const PoseKernelTable& k) {
  CarryTail(list, a, dst);
  const Clip* clip = task.resource < list.clips.size() ? list.clips[task.resource] : nullptr;
  if (clip == nullptr || clip->bone_count() != list.skeleton->bone_count())
    return YieldBind(list, task, dst, k);
  if (dst.curve_count() > 0) SampleCurves(dst.view(), *clip, list.CurveTargets(task.resource), task.time);
  dst.kind = clip->pose_kind();  // a baked additive clip samples to a delta
  if (dst.kind != PoseKind::Absolute || list.root_motion)
    return SampleDeltaOrMotion(list, task, *clip, dst, k);
  k.sample_clip(dst.view(), *clip, task.time, ActiveCount(list));
}

void RunSampleClip(const AnimTaskList& list, const AnimTask& task, const Pose* a, const Pose*, Pose& dst,
                   const PoseKernelTable& k) {
  const Clip* clip = task.resource < list.clips.size() ? list.clips[task.resource] : nullptr;
  const int n = list.skeleton->bone_count();
  if (!Plain(list, dst) || list.root_motion || clip == nullptr || clip->bone_count() != n ||
      clip->pose_kind() != PoseKind::Absolute)
    return SampleClipGeneral(list, task, a, dst, k);
  dst.kind = PoseKind::Absolute;
  k.sample_clip(dst.view(), *clip, task.time, n);
}

[[gnu::noinline]] void BlendGeneral(const AnimTaskList& list, const AnimTask& task, const Pose* a,
                                    const Pose* b, Pose& dst, const PoseKernelTable& k) {
  CarryTail(list, a, dst);
  if (dst.curve_count() > 0) BlendCurves(dst.view(), a->view(), b->view(), task.alpha);
  dst.kind = a->kind;
  k.blend(dst.view(), a->view(), b->view(), task.alpha, ActiveCount(list));
}

void RunBlend(const AnimTaskList& list, const AnimTask& task, const Pose* a, const Pose* b, Pose& dst,
              const PoseKernelTable& k) {
  if (!Plain(list, dst)) return BlendGeneral(list, task, a, b, dst, k);
  dst.kind = a->kind;
  k.blend(dst.view(), a->view(), b->view(), task.alpha, list.skeleton->bone_count());
}

void RunBlendMasked(const AnimTaskList& list, const AnimTask& task, const Pose* a, const Pose* b, Pose& dst,
                    const PoseKernelTable& k) {
  const int count = ActiveCount(list);
  if (!ResourcesValid(list, task, list.skeleton->bone_count(), count)) return YieldBind(list, task, dst, k);
  CarryTail(list, a, dst);
  const BoneMask& mask = list.masks[task.resource];
  k.blend_masked(dst.view(), a->view(), b->view(), mask.weights.data(), task.alpha, count);
  BlendCurves(dst.view(), a->view(), b->view(), task.alpha,
              mask.curve_weights.empty() ? nullptr : mask.curve_weights.data());
  dst.kind = a->kind;
}

const Pose& AdditiveBasePose(const AnimTaskList& list, const AnimTask& task, const Pose* b) {
  return static_cast<AdditiveBase>(task.mode) == AdditiveBase::Pose ? *b : list.skeleton->bind_pose();
}

// A MakeAdditive's kind and its first `count` bones (both of its runner's cases).
[[gnu::always_inline]] inline void MakeAdditiveBones(const AnimTaskList& list, const AnimTask& task,
                                                     const Pose* a, const Pose& base, Pose& dst,
                                                     const PoseKernelTable& k, int count) {
  dst.kind = AdditiveKind(task);
  if (dst.kind == PoseKind::AdditiveMesh) {
    k.make_additive_mesh(dst.view(), a->view(), base.view(), list.skeleton->parents().data(), count);
  } else {
    k.make_additive_local(dst.view(), a->view(), base.view(), count);
  }
}

[[gnu::noinline]] void MakeAdditiveGeneral(const AnimTaskList& list, const AnimTask& task, const Pose* a,
                                           const Pose* b, Pose& dst, const PoseKernelTable& k) {
  CarryTail(list, a, dst);
  const int n = list.skeleton->bone_count();
  const int count = ActiveCount(list);
  const Pose& base = AdditiveBasePose(list, task, b);
  if (dst.curve_count() > 0) SubtractCurves(dst.view(), a->view(), base.view());
  MakeAdditiveBones(list, task, a, base, dst, k, count);
  // The tail is at bind pose in both; after the kernel, which may write whole blocks.
  if (count < n) FillAdditiveIdentity(dst.view(), count, n);
}

void RunMakeAdditive(const AnimTaskList& list, const AnimTask& task, const Pose* a, const Pose* b, Pose& dst,
                     const PoseKernelTable& k) {
  if (!Plain(list, dst)) return MakeAdditiveGeneral(list, task, a, b, dst, k);
  MakeAdditiveBones(list, task, a, AdditiveBasePose(list, task, b), dst, k, list.skeleton->bone_count());
}

// An ApplyAdditive's kind and its first `count` bones, for a `delta` (b's kind, read before dst,
// which may be b, takes a's) that is one (both of its runner's cases).
[[gnu::always_inline]] inline void ApplyAdditiveBones(const AnimTaskList& list, const AnimTask& task,
                                                      const Pose* a, const Pose* b, PoseKind delta, Pose& dst,
                                                      const PoseKernelTable& k, int count) {
  dst.kind = a->kind;
  if (delta == PoseKind::AdditiveMesh) {
    k.apply_additive_mesh(dst.view(), a->view(), b->view(), task.alpha, list.skeleton->parents().data(),
                          count);
  } else {
    k.apply_additive_local(dst.view(), a->view(), b->view(), task.alpha, count);
  }
}

[[gnu::noinline]] void ApplyAdditiveGeneral(const AnimTaskList& list, const AnimTask& task, const Pose* a,
                                            const Pose* b, Pose& dst, const PoseKernelTable& k) {
  CarryTail(list, a, dst);
  const PoseKind delta = b->kind;
  if (delta == PoseKind::Absolute) {  // an absolute pose is no delta: the base passes through
    TakeInput(dst, *a, list.skeleton->bone_count(), k);
    return;
  }
  if (dst.curve_count() > 0) AddCurves(dst.view(), a->view(), b->view(), task.alpha);
  ApplyAdditiveBones(list, task, a, b, delta, dst, k, ActiveCount(list));
}

void RunApplyAdditive(const AnimTaskList& list, const AnimTask& task, const Pose* a, const Pose* b, Pose& dst,
                      const PoseKernelTable& k) {
  const PoseKind delta = b->kind;
  if (!Plain(list, dst) || delta == PoseKind::Absolute) return ApplyAdditiveGeneral(list, task, a, b, dst, k);
  ApplyAdditiveBones(list, task, a, b, delta, dst, k, list.skeleton->bone_count());
}

TransitionBlendState* Seam(const AnimTaskList& list, const AnimTask& task) {
  return Slot(list.state ? &list.state->blends : nullptr, task.resource);
}

// A transition task's seam when its common case holds (Plain, in its input's buffer, no capture
// this frame), else null. With no transition in flight either, its result is its input, and only
// the seam's history is left to the caller.
TransitionBlendState* SeamInPlace(const AnimTaskList& list, const AnimTask& task, const Pose* a,
                                  const Pose& dst) {
  if (!Plain(list, dst) || &dst != a || (task.flags & kTaskFlagCapture) != 0) return nullptr;
  return Seam(list, task);
}

// An Inertialize's or DeadBlend's general case: the bind pose without a seam, else its input, and
// `output` (the op) only while a transition starts or runs (`kState`: the seam's state of this op).
template <auto kState, typename Output>
[[gnu::always_inline]] inline void TransitionGeneral(const AnimTaskList& list, const AnimTask& task,
                                                     const Pose* a, Pose& dst, const PoseKernelTable& k,
                                                     Output output) {
  CarryTail(list, a, dst);
  TransitionBlendState* seam = Seam(list, task);
  if (seam == nullptr) return YieldBind(list, task, dst, k);
  TakeInput(dst, *a, list.skeleton->bone_count(), k);
  const bool capture = (task.flags & kTaskFlagCapture) != 0;
  // Between transitions there is nothing to do: no call into the op's large frame.
  if (capture || (seam->*kState).active) output(*seam, dst.view(), ActiveCount(list), capture);
}

[[gnu::noinline]] void InertializeGeneral(const AnimTaskList& list, const AnimTask& task, const Pose* a,
                                          Pose& dst, const PoseKernelTable& k) {
  TransitionGeneral<&TransitionBlendState::inertialization>(
      list, task, a, dst, k, [&](TransitionBlendState& seam, const PoseView& out, int count, bool capture) {
        InertializeOutput(seam, out, count, capture, task.time, task.alpha);
      });
}

[[gnu::noinline]] void DeadBlendGeneral(const AnimTaskList& list, const AnimTask& task, const Pose* a,
                                        Pose& dst, const PoseKernelTable& k) {
  TransitionGeneral<&TransitionBlendState::dead_blend>(
      list, task, a, dst, k, [&](TransitionBlendState& seam, const PoseView& out, int count, bool capture) {
        DeadBlendOutput(seam, out, count, capture, task.time, task.alpha, task.aux);
      });
}

// The Inertialize and DeadBlend runners: between transitions, in place, nothing to do; else `kGeneral`.
template <auto kState,
          void (*kGeneral)(const AnimTaskList&, const AnimTask&, const Pose*, Pose&, const PoseKernelTable&)>
void RunTransition(const AnimTaskList& list, const AnimTask& task, const Pose* a, const Pose*, Pose& dst,
                   const PoseKernelTable& k) {
  TransitionBlendState* seam = SeamInPlace(list, task, a, dst);
  if (seam == nullptr || (seam->*kState).active) kGeneral(list, task, a, dst, k);
}

void RunCrossfade(const AnimTaskList& list, const AnimTask& task, const Pose* a, const Pose* b, Pose& dst,
                  const PoseKernelTable& k) {
  CarryTail(list, a, dst);
  TransitionBlendState* seam = Seam(list, task);
  if (seam == nullptr) return YieldBind(list, task, dst, k);
  const int n = list.skeleton->bone_count();
  const bool capture = (task.flags & kTaskFlagCapture) != 0;
  const Pose* from = CrossfadeSource(*seam, task.dep_b != AnimTask::NoTask ? b : nullptr, capture, n);
  if ((task.flags & kTaskFlagApply) != 0 && from != nullptr) {
    const float w = CrossfadeWeight(static_cast<FadeCurve>(task.mode), task.time, task.alpha);
    k.blend(dst.view(), from->view(), a->view(), w, ActiveCount(list));
    if (dst.curve_count() > 0) BlendCurves(dst.view(), from->view(), a->view(), w);
  } else {
    TakeInput(dst, *a, n, k);
  }
  dst.kind = a->kind;
}

void RunSavePoseSnapshot(const AnimTaskList& list, const AnimTask& task, const Pose* a, const Pose*,
                         Pose& dst, const PoseKernelTable& k) {
  CarryTail(list, a, dst);
  PoseSnapshotSlot* slot = Slot(list.state ? &list.state->snapshots : nullptr, task.resource);
  if (slot == nullptr) return YieldBind(list, task, dst, k);
  const int n = list.skeleton->bone_count();
  TakeInput(dst, *a, n, k);
  slot->pending.Resize(n, dst.curve_count());
  k.copy(slot->pending.view(), dst.view(), n);
  CopyCurves(slot->pending.view(), dst.view());
  slot->pending.kind = dst.kind;
  slot->pending_written = true;
}

void RunLoadPoseSnapshot(const AnimTaskList& list, const AnimTask& task, const Pose* a, const Pose*,
                         Pose& dst, const PoseKernelTable& k) {
  CarryTail(list, a, dst);
  const int n = list.skeleton->bone_count();
  PoseSnapshotSlot* slot = Slot(list.state ? &list.state->snapshots : nullptr, task.resource);
  if (slot == nullptr || !slot->saved || slot->pose.bone_count() != n) return YieldBind(list, task, dst, k);
  TakeInput(dst, slot->pose, n, k);
}

// The bone ops and IK solvers: each edits a copy of its source, when the bones it names exist.
void RunBoneTransform(const AnimTaskList& list, const AnimTask& task, const Pose* a, const Pose*, Pose& dst,
                      const PoseKernelTable& k) {
  const Skeleton& skeleton = *list.skeleton;
  const int n = skeleton.bone_count();
  if (!BonesInRange(task, n, BonesNamed(AnimTaskType::BoneTransform))) return YieldBind(list, task, dst, k);
  CarryTail(list, a, dst);
  TakeInput(dst, *a, n, k);
  ApplyBoneTransform(dst.view(), skeleton, ActiveCount(list), task.bone_a, static_cast<BoneSpace>(task.space),
                     static_cast<BoneOpMode>(task.mode), Transform{task.t, Normalize(task.r), task.s},
                     task.alpha);
}

void RunTranslateBone(const AnimTaskList& list, const AnimTask& task, const Pose* a, const Pose*, Pose& dst,
                      const PoseKernelTable& k) {
  const Skeleton& skeleton = *list.skeleton;
  const int n = skeleton.bone_count();
  if (!BonesInRange(task, n, BonesNamed(AnimTaskType::TranslateBone))) return YieldBind(list, task, dst, k);
  CarryTail(list, a, dst);
  TakeInput(dst, *a, n, k);
  TranslateBone(dst.view(), skeleton, ActiveCount(list), task.bone_a, task.t, task.alpha);
}

void RunTwoBoneIK(const AnimTaskList& list, const AnimTask& task, const Pose* a, const Pose*, Pose& dst,
                  const PoseKernelTable& k) {
  const Skeleton& skeleton = *list.skeleton;
  const int n = skeleton.bone_count();
  if (!BonesInRange(task, n, BonesNamed(AnimTaskType::TwoBoneIK))) return YieldBind(list, task, dst, k);
  CarryTail(list, a, dst);
  TakeInput(dst, *a, n, k);
  const bool use_pole = static_cast<BendHint>(task.mode) == BendHint::PoleTarget;
  SolveTwoBoneIK(dst.view(), skeleton, ActiveCount(list), task.bone_a, task.bone_b, task.bone_c, task.t,
                 use_pole ? &task.s : nullptr, task.alpha);
}

void RunFABRIK(const AnimTaskList& list, const AnimTask& task, const Pose* a, const Pose*, Pose& dst,
               const PoseKernelTable& k) {
  const Skeleton& skeleton = *list.skeleton;
  const int n = skeleton.bone_count();
  if (!BonesInRange(task, n, BonesNamed(AnimTaskType::FABRIK))) return YieldBind(list, task, dst, k);
  CarryTail(list, a, dst);
  TakeInput(dst, *a, n, k);
  SolveFabrik(dst.view(), skeleton, ActiveCount(list), task.bone_a, task.bone_b, task.t, task.bone_c,
              task.aux, task.alpha);
}

void RunLookAt(const AnimTaskList& list, const AnimTask& task, const Pose* a, const Pose*, Pose& dst,
               const PoseKernelTable& k) {
  const Skeleton& skeleton = *list.skeleton;
  const int n = skeleton.bone_count();
  if (!BonesInRange(task, n, BonesNamed(AnimTaskType::LookAt))) return YieldBind(list, task, dst, k);
  CarryTail(list, a, dst);
  TakeInput(dst, *a, n, k);
  SolveLookAt(dst.view(), skeleton, ActiveCount(list), task.bone_a, task.t, task.s, task.aux, task.alpha);
}

void RunFootIK(const AnimTaskList& list, const AnimTask& task, const Pose* a, const Pose*, Pose& dst,
               const PoseKernelTable& k) {
  const Skeleton& skeleton = *list.skeleton;
  const int n = skeleton.bone_count();
  if (!BonesInRange(task, n, BonesNamed(AnimTaskType::FootIK))) return YieldBind(list, task, dst, k);
  CarryTail(list, a, dst);
  TakeInput(dst, *a, n, k);
  SolveFootIK(dst.view(), skeleton, ActiveCount(list), task.bone_a, task.bone_b, task.bone_c,
              FootGround{task.aux, task.s, task.t.x, task.t.y}, task.alpha);
}

TaskRunner RunnerForType(AnimTaskType type) {
  switch (type) {
    case AnimTaskType::ReferencePose:
      return &RunReferencePose;
    case AnimTaskType::SampleClip:
      return &RunSampleClip;
    case AnimTaskType::Blend:
      return &RunBlend;
    case AnimTaskType::BlendMasked:
      return &RunBlendMasked;
    case AnimTaskType::MakeAdditive:
      return &RunMakeAdditive;
    case AnimTaskType::ApplyAdditive:
      return &RunApplyAdditive;
    case AnimTaskType::Inertialize:
      return &RunTransition<&TransitionBlendState::inertialization, &InertializeGeneral>;
    case AnimTaskType::DeadBlend:
      return &RunTransition<&TransitionBlendState::dead_blend, &DeadBlendGeneral>;
    case AnimTaskType::Crossfade:
      return &RunCrossfade;
    case AnimTaskType::SavePoseSnapshot:
      return &RunSavePoseSnapshot;
    case AnimTaskType::LoadPoseSnapshot:
      return &RunLoadPoseSnapshot;
    case AnimTaskType::BoneTransform:
      return &RunBoneTransform;
    case AnimTaskType::TranslateBone:
      return &RunTranslateBone;
    case AnimTaskType::TwoBoneIK:
      return &RunTwoBoneIK;
    case AnimTaskType::FABRIK:
      return &RunFABRIK;
    case AnimTaskType::LookAt:
      return &RunLookAt;
    case AnimTaskType::FootIK:
      return &RunFootIK;
  }
  return &RunInvalid;  // a type no list records: the bind pose
}

}  // namespace

bool PassThroughKeepsInput(const AnimTaskList& list, const AnimTask& task) {
  return task.type != AnimTaskType::BlendMasked &&
         ResourcesValid(list, task, list.skeleton->bone_count(), ActiveCount(list));
}

TaskRunner ResolveTaskRunner(const AnimTask& task, bool inputs_valid) {
  if (!inputs_valid) return &RunInvalid;
  switch (PassThroughInput(task)) {
    case 0:
      return &RunPassThrough<0>;
    case 1:
      return &RunPassThrough<1>;
    default:
      return RunnerForType(task.type);
  }
}

void RunTaskWithMotion(TaskRunner run, const AnimTaskList& list, const AnimTask& task, bool inputs_valid,
                       const Pose* a, const Pose* b, Pose& dst, const PoseKernelTable& k) {
  run(list, task, a, b, dst, k);
  dst.root_motion = inputs_valid ? TaskRootMotion(list, task, a, b) : Transform{};
}

void RunTask(const AnimTaskList& list, const AnimTask& task, bool inputs_valid, const Pose* a, const Pose* b,
             Pose& dst, const PoseKernelTable& k) {
  RunResolvedTask(ResolveTaskRunner(task, inputs_valid), list, task, inputs_valid, a, b, dst, k);
}

PoseHistory* SeamHistory(const AnimTaskList& list, const AnimTask& task, bool inputs_valid) {
  const bool transition = task.type == AnimTaskType::Inertialize || task.type == AnimTaskType::DeadBlend ||
                          task.type == AnimTaskType::Crossfade;
  TransitionBlendState* seam = transition && inputs_valid ? Seam(list, task) : nullptr;
  return seam != nullptr ? &seam->history : nullptr;
}

int MaskWeightedBones(const AnimTaskList& list, const AnimTask& task, bool inputs_valid) {
  if (ResolveTaskRunner(task, inputs_valid) != &RunBlendMasked) return -1;
  const int count = ActiveCount(list);
  if (!ResourcesValid(list, task, list.skeleton->bone_count(), count)) return -1;  // the bind pose
  const std::vector<float>& weights = list.masks[task.resource].weights;
  return static_cast<int>(
      std::count_if(weights.begin(), weights.begin() + count, [](float w) { return w != 0.0f; }));
}

}  // namespace anim
