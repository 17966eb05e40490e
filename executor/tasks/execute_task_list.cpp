#include "executor/tasks/execute_task_list.h"

#include <algorithm>
#include <memory>
#include <vector>

#include "executor/kernels/pose_kernels.h"
#include "executor/resolve/forward_kinematics.h"
#include "executor/tasks/execute_internal.h"
#include "executor/tasks/split_execution.h"
#include "executor/tasks/task_capture.h"
#include "executor/tasks/task_runner.h"

namespace anim {

ThreadExecutor& ThisThread() {
  thread_local ThreadExecutor executor;
  return executor;
}

namespace {

// The dependency slots a task reads: only those its type uses, and only valid earlier indices.
int ReadDependencies(const AnimTask& task, int index, int16_t (&deps)[2]) {
  const int required = RequiredDependencyCount(task);
  int valid = 0;
  const int16_t slots[2] = {task.dep_a, task.dep_b};
  for (int k = 0; k < 2; ++k) {
    deps[k] = k < required && slots[k] >= 0 && slots[k] < index ? slots[k] : AnimTask::NoTask;
    valid += deps[k] != AnimTask::NoTask ? 1 : 0;
  }
  if (valid == required) return valid;
  deps[0] = deps[1] = AnimTask::NoTask;  // a required dependency is missing: the task reads nothing
  return -1;
}

// Whether each task's subtree holds a task that keeps state (KeepsState), for tasks [0, count):
// dependencies come first, so one forward pass.
void MarkStatefulSubtrees(const AnimTaskList& list, int count, ExecuteScratch& s) {
  for (int i = 0; i < count; ++i) {
    const AnimTask& t = list.tasks[i];
    uint8_t keeps = KeepsState(t.type) ? 1 : 0;
    for (const int16_t d : {t.dep_a, t.dep_b})
      if (d >= 0 && d < i) keeps |= s.keeps_state[d];
    s.keeps_state[i] = keeps;
  }
}

bool WritesSeamHistory(AnimTaskType type) {
  return type == AnimTaskType::Inertialize || type == AnimTaskType::DeadBlend ||
         type == AnimTaskType::Crossfade;
}

// Whether Resolve has anything to write (a list run for its state alone, or for a profile of the
// executor, asks for nothing).
bool AsksForPose(const ExecuteOutputs& out) {
  return !out.skinning.empty() || !out.model.empty() || out.local_pose != nullptr || !out.curves.empty();
}

void Resolve(const AnimTaskList& list, const Pose& final_pose, const ExecuteOutputs& out, ExecuteScratch& s) {
  const Skeleton& skeleton = *list.skeleton;
  const int n = skeleton.bone_count();
  const bool want_skinning = out.skinning.size() >= static_cast<std::size_t>(n);
  const bool want_model = out.model.size() >= static_cast<std::size_t>(n);
  if (want_skinning) {
    ToSkinningMatrices(skeleton, final_pose.view(), s.model.data(), out.skinning.data());
  } else if (want_model) {
    LocalToModel(skeleton, final_pose.view(), s.model.data());
  }
  if (want_model) std::copy_n(s.model.begin(), n, out.model.begin());
  if (want_skinning && out.packed.size() >= static_cast<std::size_t>(n)) {
    PackSkinning3x4(out.skinning.data(), n, out.packed.data());
  }
  if (out.local_pose != nullptr) {
    out.local_pose->Resize(n, list.CurveCount());
    CopyPose(out.local_pose->view(), final_pose.view(), n);
    CopyCurves(out.local_pose->view(), final_pose.view());
    out.local_pose->kind = final_pose.kind;
  }
  CopyCurves(out.curves, final_pose.view());
}

// Tells `plan` which tasks its shape covers: the reachable ones, and every task under an input a
// weight could prune, since their types decided whether that subtree keeps state (and so whether
// it was pruned).
void WatchShape(const AnimTaskList& list, int task_count, int reached_count, ExecuteScratch& s,
                ExecutionPlan& plan) {
  constexpr uint8_t kUnderPrunable = 1, kReachable = 2;
  s.watched.assign(static_cast<std::size_t>(task_count), 0);
  for (int k = 0; k < reached_count; ++k)
    s.watched[s.reached[k].index] = kReachable;
  int top = -1;
  for (const int16_t d : s.prune_candidates) {
    s.watched[d] |= kUnderPrunable;
    top = std::max<int>(top, d);
  }
  for (int i = top; i >= 0; --i) {  // dependencies come first: one reverse pass marks the subtrees
    if ((s.watched[i] & kUnderPrunable) == 0) continue;
    const AnimTask& t = list.tasks[i];
    for (const int16_t d : {t.dep_a, t.dep_b})
      if (d >= 0 && d < i) s.watched[d] |= kUnderPrunable;
  }
  for (int i = 0; i < task_count; ++i) {
    if (s.watched[i] != 0) plan.Watch(list, i, (s.watched[i] & kReachable) != 0);
  }
}

// Notes the step of `task`, which ends now and began where the one before it ended: one clock read
// a step, and nothing held across the step.
void NoteStep(ListTiming& timing, int task) {
  const int64_t now = ListTiming::Now();
  timing.tasks.push_back(
      {static_cast<int16_t>(task), timing.step_start_ns - timing.start_ns, now - timing.step_start_ns});
  timing.step_start_ns = now;
}

// Notes a replayed step when kTimed, however the step ends (a `continue` included).
template <bool kTimed>
struct StepTimer {
  StepTimer(ListTiming*, int) {}
};
template <>
struct StepTimer<true> {
  StepTimer(ListTiming* t, int i) : timing(*t), task(i) {}
  ~StepTimer() { NoteStep(timing, task); }
  StepTimer(const StepTimer&) = delete;
  StepTimer& operator=(const StepTimer&) = delete;
  ListTiming& timing;
  int task;
};

}  // namespace

int FindReachable(const AnimTaskList& list, const ListShape& shape, const ExecutorOptions& options,
                  TaskSnapshot* snap, ExecuteScratch& s, ExecutionPlan* plan) {
  const int16_t output = shape.output;
  s.Prepare(shape.task_count, shape.bones, shape.blend_slots);
  if (snap != nullptr) BeginSnapshot(*snap, list, shape.task_count, output);

  // 1. Reachability and use counts: dependencies are earlier tasks, so one reverse pass suffices.
  // It lists the reachable tasks, so the sweep below never looks at an unreachable one.
  // A task that passes one input through by its weight does not read the other (weight pruning),
  // unless that input's subtree keeps state.
  int reached_count = 0;
  bool stateful_known = false;
  s.prune_candidates.clear();
  if (output != AnimTask::NoTask) s.needed[output] = 1;
  for (int i = output; i >= 0; --i) {
    if (!s.needed[i]) continue;
    ReachedTask& r = s.reached[reached_count++];
    r.index = static_cast<int16_t>(i);
    const AnimTask& task = list.tasks[i];
    r.inputs_valid = ReadDependencies(task, i, r.deps) >= 0;
    if (WritesSeamHistory(task.type) && task.resource < s.seam_writers.size()) {
      uint8_t& writers = s.seam_writers[task.resource];
      writers = writers < 2 ? writers + 1 : 2;
    }
    if (const int through = PassThroughInput(task);
        through >= 0 && r.inputs_valid && options.prune_by_weight) {
      const int other = 1 - through;
      if (const int16_t d = r.deps[other]; d != AnimTask::NoTask) {
        if (plan != nullptr) s.prune_candidates.push_back(d);
        if (!stateful_known) MarkStatefulSubtrees(list, i, s);
        stateful_known = true;
        if (!s.keeps_state[d]) {
          r.deps[other] = AnimTask::NoTask;
          if (snap != nullptr) NotePruned(*snap, d, i);
        }
      }
    }
    for (int16_t d : r.deps) {
      if (d == AnimTask::NoTask) continue;
      s.needed[d] = 1;
      ++s.use_count[d];
    }
  }

  if (plan != nullptr) WatchShape(list, shape.task_count, reached_count, s, *plan);
  return reached_count;
}

namespace {

// RunReachable's sweep; with kTimed, each step's time goes to ExecutorOptions::timing. Without, it
// has no timing code at all (a check per task costs the full path 3%).
template <bool kTimed>
void Sweep(const AnimTaskList& list, const ListShape& shape, const ExecutorOptions& options,
           TaskSnapshot* snap, ThreadExecutor& t, ExecutionPlan* plan, int begin, int end,
           SweepProgress& progress) {
  ExecuteScratch& s = t.scratch;
  PosePool& pool = t.pool;
  const int bones = shape.bones;
  // 2 + 3. Ownership and one forward sweep over the reachable tasks.
  int exec_order = progress.exec_order, peak_live = progress.peak_live, level_count = progress.level_count;
  if constexpr (kTimed) options.timing->step_start_ns = ListTiming::Now();
  for (int step = begin - 1; step >= end; --step) {
    const ReachedTask& r = s.reached[step];
    const int i = r.index;
    const AnimTask& task = list.tasks[i];
    const int16_t(&deps)[2] = r.deps;
    const bool inputs_valid = r.inputs_valid;
    const Pose* a = s.results()[deps[0]];  // deps are none when the inputs are invalid
    const Pose* b = s.results()[deps[1]];

    int16_t level = 0;  // only tools read levels: worked out for a snapshot alone
    if (snap != nullptr) {
      for (int16_t d : deps) {
        if (d >= 0) level = std::max<int16_t>(level, static_cast<int16_t>(s.level[d] + 1));
      }
      s.level[i] = level;
      level_count = std::max(level_count, level + 1);
    }

    int mask_weighted = -1;
    int16_t dst_buf = AnimTask::NoTask;
    bool stole = false;
    SeamRecord seam = SeamRecord::None;
    const TaskRunner runner = ResolveTaskRunner(task, inputs_valid);
    const Pose* retained = task.type == AnimTaskType::LoadPoseSnapshot ? LoadedSnapshot(list, task) : nullptr;
    if (retained != nullptr) {
      s.result_buf[i] = kRetained;
      s.results()[i] = retained;
    } else {
      for (int16_t d : deps) {
        if (d < 0 || s.result_buf[d] < 0) continue;  // no dependency, or retained history
        if (s.use_count[d] == 1 || options.fault_steal_shared_buffers) {
          dst_buf = s.result_buf[d];
          stole = true;
          break;
        }
      }
      if (!stole) dst_buf = static_cast<int16_t>(pool.Acquire(bones, shape.curves));
      Pose& dst = pool.buffer(dst_buf);
      RunResolvedTask(runner, list, task, inputs_valid, a, b, dst, *options.kernels);
      if (snap != nullptr) mask_weighted = MaskWeightedBones(list, task, inputs_valid);
      s.result_buf[i] = dst_buf;
      s.results()[i] = &dst;
      if (PoseHistory* history = SeamHistory(list, task, inputs_valid); history != nullptr) {
        seam = SeamRecord::Push;
        // The seam's only writer in this list hands its buffer to the history instead of copying
        // it, and its result is read from there as retained history. With two writers, the second
        // handover would rotate the first one's result out while readers may still need it.
        if (s.seam_writers[task.resource] == 1) {
          history->Adopt(pool.owner(dst_buf), list.delta_time);  // `dst` is now the history's
          s.result_buf[i] = kRetained;
          pool.Release(dst_buf);  // it now names the frame that fell out of the history
          seam = SeamRecord::HandOver;
        } else {
          history->Push(dst.view(), list.delta_time);
        }
      }
    }
    if (plan != nullptr) {
      const int through = PassThroughInput(task);
      const bool in_place = inputs_valid && through >= 0 && s.results()[i] == (through == 0 ? a : b) &&
                            PassThroughKeepsInput(list, task);
      plan->AddStep({.run = in_place || retained != nullptr ? nullptr : runner,
                     .dst = retained != nullptr ? AnimTask::NoTask : dst_buf,
                     .task = static_cast<int16_t>(i),
                     .deps = {deps[0], deps[1]},  // none when inputs are invalid (ReadDependencies)
                     .inputs_valid = inputs_valid,
                     .seam = seam});
    }

    const int use_count = s.use_count[i];  // readers of this result; none has run yet
    int16_t released[2] = {AnimTask::NoTask, AnimTask::NoTask};
    for (int k = 0; k < 2; ++k) {
      const int16_t d = deps[k];
      if (d < 0 || --s.use_count[d] != 0) continue;
      const int16_t buf = s.result_buf[d];
      if (buf >= 0 && buf != dst_buf) {
        pool.Release(buf);
        released[k] = buf;
      }
    }
    peak_live = std::max(peak_live, pool.live());
    if (snap != nullptr) {
      const bool handed_over = seam == SeamRecord::HandOver;
      RecordExecuted(*snap, i, exec_order, handed_over ? dst_buf : s.result_buf[i], stole, handed_over, level,
                     pool.live(), released, mask_weighted, use_count);
    }
    if constexpr (kTimed) NoteStep(*options.timing, i);
    ++exec_order;
  }
  progress = {.exec_order = exec_order, .peak_live = peak_live, .level_count = level_count};
}

}  // namespace

void RunReachable(const AnimTaskList& list, const ListShape& shape, const ExecutorOptions& options,
                  TaskSnapshot* snap, ThreadExecutor& t, ExecutionPlan* plan, int begin, int end,
                  SweepProgress& progress) {
  if (options.timing != nullptr) {
    Sweep<true>(list, shape, options, snap, t, plan, begin, end, progress);
  } else {
    Sweep<false>(list, shape, options, snap, t, plan, begin, end, progress);
  }
}

namespace {

// The full path: works out reachability, use counts and buffer ownership for `list`, runs the
// reachable tasks, and records what it decided into `plan` when given. Out of line, so its frame
// and registers do not weigh on a replayed list.
[[gnu::noinline]] void DecideAndRun(const AnimTaskList& list, const ListShape& shape,
                                    const ExecutorOptions& options, TaskSnapshot* snap, ThreadExecutor& t,
                                    ExecutionPlan* plan) {
  const int reached_count = FindReachable(list, shape, options, snap, t.scratch, plan);
  SweepProgress progress{.peak_live = t.pool.live()};
  RunReachable(list, shape, options, snap, t, plan, reached_count, 0, progress);
  const int16_t output = shape.output;
  if (plan != nullptr)
    plan->Finish(progress.peak_live, output != AnimTask::NoTask ? t.scratch.result_buf[output] : kRetained);
  if (snap != nullptr) FinishSnapshot(*snap, progress.exec_order, progress.peak_live, progress.level_count);
  t.stats.tasks_run += static_cast<uint64_t>(progress.exec_order);
  t.stats.last_peak_buffers = progress.peak_live;
}

// A replayed transition step's result goes to its seam's history (there is one: the shape fixes
// its slot), in the buffer `owner` holds.
[[gnu::noinline]] void RecordSeam(const AnimTaskList& list, const AnimTask& task, SeamRecord record,
                                  std::unique_ptr<Pose>& owner) {
  PoseHistory* history = SeamHistory(list, task, true);
  if (record == SeamRecord::HandOver) {
    history->Adopt(owner, list.delta_time);  // the buffer's pose is now the history's
  } else {
    history->Push(owner->view(), list.delta_time);
  }
}

// The decisions `s.plan` recorded for a list of this shape, replayed: each reachable task in order,
// into the buffer the full path gave it, by the runner it chose. The pool's books are not kept:
// every buffer the plan names exists (the full path created it on this thread) and none is in use
// between lists, and each is already sized for this shape. Only results are written: the plan
// knows the output's buffer. Out of line, so the loop has registers to itself; without root motion
// (kMotion false) each runner is called plainly.
template <bool kTimed, bool kMotion>
[[gnu::noinline]] void ReplayPlan(const AnimTaskList& list, const PoseKernelTable& kernels, ExecuteScratch& s,
                                  std::unique_ptr<Pose>* buffers, ListTiming* timing) {
  const Pose** results = s.results();
  const AnimTask* tasks = list.tasks.data();
  if constexpr (kTimed) timing->step_start_ns = ListTiming::Now();
  for (const PlanStep& step : s.plan.steps()) {
    const StepTimer<kTimed> timer(timing, step.task);
    const AnimTask& task = tasks[step.task];
    if (step.run == nullptr) {  // its input's buffer as the input left it, or a loaded snapshot
      results[step.task] = step.dst >= 0 ? buffers[step.dst].get() : LoadedSnapshot(list, task);
      continue;
    }
    // A buffer taken fresh is not reset as PosePool::Acquire resets it: every runner writes its
    // result's kind, and its root motion when the list has any (the only time it is read).
    Pose& dst = *buffers[step.dst];
    results[step.task] = &dst;
    const Pose* a = results[step.deps[0]];
    const Pose* b = results[step.deps[1]];
    if constexpr (kMotion) {
      RunTaskWithMotion(step.run, list, task, step.inputs_valid, a, b, dst, kernels);
    } else {
      step.run(list, task, a, b, dst, kernels);
    }
    // The task and its buffer are looked up again rather than kept across the call, which leaves
    // the loop its registers.
    if (step.seam != SeamRecord::None) RecordSeam(list, tasks[step.task], step.seam, buffers[step.dst]);
  }
}

// A whole list, or with `post` the post-physics call of a split one (split_execution.h), which runs
// the split's remaining tasks instead of deciding or replaying, then resolves the same way. Inlined
// into both callers, so a whole list pays nothing for the split.
[[gnu::always_inline]] inline void ExecuteList(const AnimTaskList& list, const ExecuteOutputs& outputs,
                                               TaskSnapshot* snapshot, const ExecutorOptions& options,
                                               SplitExecution* post) {
  const PoseKernelTable& kernels = *options.kernels;
  if (list.skeleton == nullptr) return;
  ListTiming* const timing = options.timing;
  if (timing != nullptr) timing->Begin();
  const Skeleton& skeleton = *list.skeleton;
  const ListShape shape = ShapeOf(list, options);
  const int bones = shape.bones;
  const int16_t output = shape.output;

  ThreadExecutor& t = ThisThread();
  ExecuteScratch& s = t.scratch;
  PosePool& pool = t.pool;
  TaskSnapshot* snap = post != nullptr       ? SplitSnapshot(*post)
                       : snapshot != nullptr ? snapshot
                                             : CaptureTargetFor(list.owner);
  // A plan's buffers are free when the pool starts empty, as it does between lists.
  const bool pool_empty = pool.live() == 0;
  ExecutorThreadStats& stats = t.stats;
  ++stats.lists;
  int16_t final_buf;  // the output's pool buffer; negative when its result is not one
  if (post != nullptr) {
    final_buf = RunPostPhysics(list, shape, options, t, *post);
  } else if (snap == nullptr && pool_empty && options.reuse_plan && s.plan.Matches(list, shape)) {
    if (timing != nullptr) {
      (list.root_motion ? ReplayPlan<true, true> : ReplayPlan<true, false>)(list, kernels, s, pool.owners(),
                                                                            timing);
      timing->replayed = true;
    } else {
      (list.root_motion ? ReplayPlan<false, true> : ReplayPlan<false, false>)(list, kernels, s, pool.owners(),
                                                                              nullptr);
    }
    final_buf = s.plan.output_buffer();
    ++stats.replayed;
    stats.tasks_run += s.plan.steps().size();
    stats.last_peak_buffers = s.plan.peak_buffers();
  } else {
    const bool record = pool_empty && options.reuse_plan;
    if (record) {
      s.plan.Begin(shape);
    } else {
      s.plan.Invalidate();
    }
    DecideAndRun(list, shape, options, snap, t, record ? &s.plan : nullptr);
    final_buf = output != AnimTask::NoTask ? s.result_buf[output] : kRetained;
  }

  // Resolve: the root pin goes on a copy when the result is retained history.
  const int64_t resolve_start = timing != nullptr ? ListTiming::Now() : 0;
  const Pose* final_pose = output != AnimTask::NoTask ? s.results()[output] : &skeleton.bind_pose();
  if (outputs.root_motion != nullptr)
    *outputs.root_motion =
        list.root_motion && output != AnimTask::NoTask ? final_pose->root_motion : Transform{};
  const int pinned = list.PinnedRootBone();
  if (pinned >= 0 && pinned < bones) {
    if (final_buf < 0) {
      final_buf = static_cast<int16_t>(pool.Acquire(bones, list.CurveCount()));
      Pose& copy = pool.buffer(final_buf);
      kernels.copy(copy.view(), final_pose->view(), bones);
      CopyCurves(copy.view(), final_pose->view());
      copy.kind = final_pose->kind;
      final_pose = &copy;
      stats.last_peak_buffers = std::max(stats.last_peak_buffers, pool.live());
      if (snap != nullptr) snap->peak_live_buffers = std::max(snap->peak_live_buffers, pool.live());
    }
    ApplyRootLock(pool.buffer(final_buf).view(), skeleton, pinned);
  }
  if (AsksForPose(outputs)) Resolve(list, *final_pose, outputs, s);
  // The output's curves for the next frame's curve() reads, before its buffer goes.
  if (list.state != nullptr) CopyCurves(list.state->curves, final_pose->view());
  if (timing != nullptr) {
    timing->resolve_start_ns = resolve_start - timing->start_ns;
    timing->resolve_ns = ListTiming::Now() - resolve_start;
  }

  // Release and reset: the pool is empty again for the next list on this thread.
  if (final_buf >= 0) pool.Release(final_buf);
  if (list.state != nullptr && !list.state->snapshots.empty()) CommitPendingSnapshots(*list.state);
  if (snap != nullptr && snap != snapshot) PublishCapture(*snap);
  if (timing != nullptr) timing->elapsed_ns = ListTiming::Now() - timing->start_ns;
}

}  // namespace

void ExecuteTaskListWith(const AnimTaskList& list, const ExecuteOutputs& outputs, TaskSnapshot* snapshot,
                         const ExecutorOptions& options) {
  ExecuteList(list, outputs, snapshot, options, nullptr);
}

void ExecutePostPhysics(const AnimTaskList& list, SplitExecution& split, const ExecuteOutputs& outputs,
                        TaskSnapshot* snapshot, const ExecutorOptions& options) {
  if (!split.Holds(list, options)) {
    split.Drop();
    ExecuteTaskListWith(list, outputs, snapshot, options);
    return;
  }
  // The pre-physics call's snapshot: the caller's, or the armed capture's, which is published.
  TaskSnapshot* begun = SplitSnapshot(split);
  ExecuteList(list, outputs, begun == &split.capture_ ? nullptr : begun, options, &split);
  split.Drop();
}

const ExecutorThreadStats& ThreadExecutorStats() {
  return ThisThread().stats;
}

PosePool& ThreadPosePool() {
  return ThisThread().pool;
}

void ReserveThreadExecutor(const ExecutorReserve& reserve) {
  ThreadExecutor& t = ThisThread();
  t.scratch.Reserve(reserve.tasks, reserve.bones, reserve.blend_slots);
  t.pool.Reserve(reserve.buffers, reserve.bones, reserve.curves);
  ReserveKinematicsScratch(reserve.bones);
  ReserveKernelScratch(reserve.bones);
}

void ExecuteTaskList(const AnimTaskList& list, const ExecuteOutputs& outputs, TaskSnapshot* snapshot) {
  ExecuteTaskListWith(list, outputs, snapshot, ExecutorOptions{});
}

}  // namespace anim
