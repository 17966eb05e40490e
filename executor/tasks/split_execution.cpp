#include "executor/tasks/split_execution.h"

#include <algorithm>
#include <cstring>

#include "executor/tasks/task_capture.h"

namespace anim {
namespace {

// ExecuteScratch::stage values, by reachable task, during a pre-physics call.
constexpr uint8_t kRunsPre = 0, kRunsPost = 1, kCarried = 2;

// Where ExecuteScratch::stage keeps the instance state slot `task` writes, after the tasks' entries
// (blend slots, then snapshots), or -1 when it writes none that exists.
int StateSlot(const AnimTask& task, const ListShape& shape) {
  const int tasks = shape.task_count, blends = static_cast<int>(shape.blend_slots);
  if (task.type == AnimTaskType::SavePoseSnapshot)
    return task.resource < shape.snapshot_slots ? tasks + blends + task.resource : -1;
  if (KeepsState(task.type))  // a transition task: its seam's history
    return task.resource < shape.blend_slots ? tasks + task.resource : -1;
  return -1;
}

}  // namespace

void SplitExecution::Drop() {
  list_ = nullptr;
  post_.clear();
  carried_.clear();
  carried_buffers_ = 0;
  snapshot_ = nullptr;
}

bool SplitExecution::Holds(const AnimTaskList& list, const ExecutorOptions& options) const {
  if (list_ != &list || list.skeleton == nullptr || list.skeleton != skeleton_ || list.state != state_ ||
      !(ShapeOf(list, options) == shape_))
    return false;
  // The post-physics tasks as they were: the decisions made for them (which inputs they read, by
  // which maths) hold only for those bytes.
  for (const PostTask& p : post_) {
    if (std::memcmp(&list.tasks[p.reached.index], &p.task, sizeof(AnimTask)) != 0) return false;
  }
  return true;
}

TaskSnapshot* SplitSnapshot(SplitExecution& split) {
  return split.snapshot_;
}

void ExecutePrePhysics(const AnimTaskList& list, SplitExecution& split, TaskSnapshot* snapshot,
                       const ExecutorOptions& options) {
  split.Drop();
  if (list.skeleton == nullptr)
    return;  // nothing in flight: the post-physics call does what a whole list does
  if (options.timing != nullptr) options.timing->Begin();
  const ListShape shape = ShapeOf(list, options);
  ThreadExecutor& t = ThisThread();
  ExecuteScratch& s = t.scratch;
  PosePool& pool = t.pool;
  TaskSnapshot* snap = snapshot != nullptr                       ? snapshot
                       : CaptureTargetFor(list.owner) != nullptr ? &split.capture_
                                                                 : nullptr;
  const int reached = FindReachable(list, shape, options, snap, s, nullptr);

  // Which call runs each reachable task, dependencies first: the post-physics one when the task is
  // tagged so, reads a task that runs there, or writes instance state (a seam's history, a
  // snapshot) that an earlier task running there writes too, so that writers of one slot keep their
  // order. Then the pre-physics tasks close up at the front of `s.reached` (still in reverse
  // execution order), and the post-physics ones go to the split.
  s.stage.assign(static_cast<std::size_t>(shape.task_count) + shape.blend_slots + shape.snapshot_slots,
                 kRunsPre);
  for (int step = reached - 1; step >= 0; --step) {
    const ReachedTask& r = s.reached[step];
    const AnimTask& task = list.tasks[r.index];
    const int slot = StateSlot(task, shape);
    bool post = task.stage == AnimTaskStage::PostPhysics || (slot >= 0 && s.stage[slot] == kRunsPost);
    for (const int16_t d : r.deps)
      post = post || (d != AnimTask::NoTask && s.stage[d] == kRunsPost);
    s.stage[r.index] = post ? kRunsPost : kRunsPre;
    if (post && slot >= 0) s.stage[slot] = kRunsPost;
  }
  int pre_count = 0;
  for (int step = 0; step < reached; ++step) {
    const ReachedTask r = s.reached[step];
    if (s.stage[r.index] == kRunsPre) {
      s.reached[pre_count++] = r;
      continue;
    }
    SplitExecution::PostTask& p = split.post_.emplace_back();
    p.reached = r;
    p.uses = s.use_count[r.index];
    std::memcpy(&p.task, &list.tasks[r.index], sizeof(AnimTask));
  }

  SweepProgress progress{.peak_live = pool.live()};
  RunReachable(list, shape, options, snap, t, nullptr, pre_count, 0, progress);

  // Carry the pre-physics results the post-physics tasks read, and the output when it is one of
  // them: a pool buffer's storage moves to the split (it gets same-sized storage back, so a plan
  // naming it stays valid), a retained result (a loaded snapshot, a seam's history) stays where it is.
  const auto carry = [&](int16_t d) {
    if (d == AnimTask::NoTask || s.stage[d] != kRunsPre) return;
    s.stage[d] = kCarried;
    SplitExecution::Carried c{
        .task = d, .uses = s.use_count[d], .level = s.level[d], .buffer = -1, .retained = nullptr};
    if (const int16_t buf = s.result_buf[d]; buf >= 0) {
      const auto k = static_cast<std::size_t>(split.carried_buffers_++);
      if (split.buffers_.size() <= k) split.buffers_.emplace_back();
      split.buffers_[k].Resize(shape.bones, shape.curves);
      split.buffers_[k].swap(pool.buffer(buf));
      pool.Release(buf);
      c.buffer = static_cast<int16_t>(k);
    } else {
      c.retained = s.results()[d];
    }
    split.carried_.push_back(c);
  };
  for (const SplitExecution::PostTask& p : split.post_) {
    carry(p.reached.deps[0]);
    carry(p.reached.deps[1]);
  }
  carry(shape.output);

  split.list_ = &list;
  split.shape_ = shape;
  split.skeleton_ = list.skeleton;
  split.state_ = list.state;
  split.seam_writers_.assign(s.seam_writers.begin(), s.seam_writers.end());
  split.progress_ = progress;
  split.snapshot_ = snap;
  if (snap != nullptr) {
    for (int k = 0; k < pre_count; ++k)
      snap->tasks[s.reached[k].index].ran_in = AnimTaskStage::PrePhysics;
  }
  t.stats.tasks_run += static_cast<uint64_t>(progress.exec_order);
  if (!s.plan.SizedFor(shape)) s.plan.Invalidate();
  if (options.timing != nullptr) options.timing->elapsed_ns = ListTiming::Now() - options.timing->start_ns;
}

int16_t RunPostPhysics(const AnimTaskList& list, const ListShape& shape, const ExecutorOptions& options,
                       ThreadExecutor& t, SplitExecution& split) {
  ExecuteScratch& s = t.scratch;
  PosePool& pool = t.pool;
  s.Prepare(shape.task_count, shape.bones, shape.blend_slots);
  std::copy(split.seam_writers_.begin(), split.seam_writers_.end(), s.seam_writers.begin());
  // The carried results come back into this thread's pool, by a swap again, with the uses left.
  for (const SplitExecution::Carried& c : split.carried_) {
    if (c.buffer >= 0) {
      const int buf = pool.Acquire(shape.bones, shape.curves);
      pool.buffer(buf).swap(split.buffers_[static_cast<std::size_t>(c.buffer)]);
      s.result_buf[c.task] = static_cast<int16_t>(buf);
      s.results()[c.task] = &pool.buffer(buf);
    } else {
      s.result_buf[c.task] = kRetained;
      s.results()[c.task] = c.retained;
    }
    s.use_count[c.task] = c.uses;
    s.level[c.task] = c.level;
  }
  const int post_count = static_cast<int>(split.post_.size());
  for (int k = 0; k < post_count; ++k) {
    const SplitExecution::PostTask& p = split.post_[k];
    s.reached[k] = p.reached;
    s.use_count[p.reached.index] = p.uses;
  }

  TaskSnapshot* snap = split.snapshot_;
  SweepProgress progress = split.progress_;
  progress.peak_live = std::max(progress.peak_live, pool.live());
  RunReachable(list, shape, options, snap, t, nullptr, post_count, 0, progress);
  if (snap != nullptr) {
    for (const SplitExecution::PostTask& p : split.post_)
      snap->tasks[p.reached.index].ran_in = AnimTaskStage::PostPhysics;
    FinishSnapshot(*snap, progress.exec_order, progress.peak_live, progress.level_count);
    snap->carried_buffers = split.carried_buffers_;
  }
  t.stats.tasks_run += static_cast<uint64_t>(progress.exec_order - split.progress_.exec_order);
  t.stats.last_peak_buffers = progress.peak_live;
  if (!s.plan.SizedFor(shape)) s.plan.Invalidate();
  return shape.output != AnimTask::NoTask ? s.result_buf[shape.output] : kRetained;
}

void ExecuteTaskListWith(const AnimTaskList& list, AnimTaskStage stage, SplitExecution& split,
                         const ExecuteOutputs& outputs, TaskSnapshot* snapshot,
                         const ExecutorOptions& options) {
  switch (stage) {
    case AnimTaskStage::PrePhysics:
      return ExecutePrePhysics(list, split, snapshot, options);
    case AnimTaskStage::PostPhysics:
      return ExecutePostPhysics(list, split, outputs, snapshot, options);
    default:
      split.Drop();
      return ExecuteTaskListWith(list, outputs, snapshot, options);
  }
}

void ExecuteTaskList(const AnimTaskList& list, AnimTaskStage stage, SplitExecution& split,
                     const ExecuteOutputs& outputs, TaskSnapshot* snapshot) {
  ExecuteTaskListWith(list, stage, split, outputs, snapshot, ExecutorOptions{});
}

}  // namespace anim
