#include "cli/anim_dump/profile_run.h"

#include <functional>
#include <utility>

#include "executor/tasks/execute_task_list.h"
#include "vm/build_tasks.h"
#include "vm/instance/anim_instance.h"

namespace anim::dump {
namespace {

// One frame as a play measured it, times from the steady clock's epoch.
struct PlayedFrame {
  int frame;
  const AnimTaskList& list;
  int64_t record_start_ns, record_ns, execute_start_ns, execute_ns;
};

// Plays frames 0..range.last on a fresh instance, handing frames range.first.. to `measured`.
template <typename Measured>
void Play(const ProgramBinding& binding, const Scenario& scenario, const FrameRange& range,
          const ExecutorOptions& options, TaskSnapshot* snapshot, const std::function<void()>& on_frame,
          Measured&& measured) {
  AnimInstance instance(binding.program());
  ScenarioPlayer player(scenario);
  AnimTaskList list;
  std::vector<Mat4> skinning(static_cast<std::size_t>(binding.skeleton().bone_count()));
  for (int frame = 0; frame <= range.last; ++frame) {
    player.ApplyBeforeFrame(frame, instance);
    Transform root_motion;
    const int64_t record_start = ListTiming::Now();
    BuildTasks(binding, instance, scenario.delta_time, list);
    const int64_t execute_start = ListTiming::Now();
    ExecuteTaskListWith(list, ExecuteOutputs{.skinning = skinning, .root_motion = &root_motion}, snapshot,
                        options);
    const int64_t end = ListTiming::Now();
    instance.AccumulateRootMotion(root_motion);
    if (frame >= range.first)
      measured(PlayedFrame{frame, list, record_start, execute_start - record_start, execute_start,
                           end - execute_start});
    on_frame();
  }
}

FramePool PoolTraffic(const TaskSnapshot& snapshot) {
  FramePool p;
  for (const TaskSnapshotEntry& e : snapshot.tasks) {
    if (e.exec_order < 0) continue;
    ++p.tasks;
    p.stolen += e.stole_buffer ? 1 : 0;
    p.acquired += !e.stole_buffer && e.buffer >= 0 ? 1 : 0;  // a loaded snapshot takes none
    p.handed_over += e.handed_over ? 1 : 0;
  }
  p.peak_live = snapshot.peak_live_buffers;
  return p;
}

double ClockReadNs() {
  constexpr int kReads = 10000;
  const int64_t start = ListTiming::Now();
  int64_t last = start;
  for (int i = 0; i < kReads; ++i)
    last = ListTiming::Now();
  return static_cast<double>(last - start) / kReads;
}

}  // namespace

ProfileRun RunProfile(const ProgramBinding& binding, const Scenario& scenario, const FrameRange& range,
                      int repeat, const std::function<void()>& on_frame) {
  ProfileRun run;
  run.range = range;
  run.repeat = repeat;
  run.node_names = binding.node_names();
  const auto frames = static_cast<std::size_t>(range.last - range.first + 1);
  if (frames * static_cast<std::size_t>(repeat) > kMaxProfiledTasks)
    throw InputError{"the profile would time " + std::to_string(frames) + " frames " +
                     std::to_string(repeat) + " times, more than " + std::to_string(kMaxProfiledTasks) +
                     ": give fewer --frames or a smaller --repeat"};
  run.record_ns.resize(frames);
  run.execute_ns.resize(frames);

  TaskSnapshot snapshot;
  std::size_t tasks_per_play = 0;
  Play(binding, scenario, range, ExecutorOptions{}, &snapshot, on_frame, [&](const PlayedFrame&) {
    run.pool.push_back(PoolTraffic(snapshot));
    tasks_per_play += static_cast<std::size_t>(run.pool.back().tasks);
  });
  if (tasks_per_play * static_cast<std::size_t>(repeat) > kMaxProfiledTasks)
    throw InputError{"the profile would time " + std::to_string(tasks_per_play) + " tasks " +
                     std::to_string(repeat) + " times, more than " + std::to_string(kMaxProfiledTasks) +
                     ": give fewer --frames or a smaller --repeat"};
  run.clock_read_ns = ClockReadNs();

  ListTiming timing;
  timing.tasks.reserve(static_cast<std::size_t>(kMaxTasksPerList));  // no allocation while timing
  ExecutorOptions timed_options;
  timed_options.timing = &timing;
  for (int r = 0; r < repeat; ++r) {
    Play(binding, scenario, range, ExecutorOptions{}, nullptr, on_frame, [&](const PlayedFrame& f) {
      const auto k = static_cast<std::size_t>(f.frame - range.first);
      run.record_ns[k].push_back(f.record_ns);
      run.execute_ns[k].push_back(f.execute_ns);
    });
    TimedPlay& play = run.timed.emplace_back();
    play.frames.reserve(frames);
    play.tasks.reserve(tasks_per_play);
    int64_t origin = -1;  // the first measured frame's start
    Play(binding, scenario, range, timed_options, nullptr, on_frame, [&](const PlayedFrame& f) {
      if (origin < 0) origin = f.record_start_ns;
      play.frames.push_back({.frame = f.frame,
                             .record_start_ns = f.record_start_ns - origin,
                             .record_ns = f.record_ns,
                             .execute_start_ns = timing.start_ns - origin,
                             .execute_ns = timing.elapsed_ns,
                             .resolve_start_ns = timing.resolve_start_ns,
                             .resolve_ns = timing.resolve_ns,
                             .replayed = timing.replayed,
                             .first_task = play.tasks.size(),
                             .task_count = timing.tasks.size()});
      play.execute_ns += timing.elapsed_ns;
      for (const TaskTime& t : timing.tasks) {
        const AnimTask& task = f.list.tasks[static_cast<std::size_t>(t.task)];
        play.tasks.push_back({t.task, task.type, task.source_node, t.start_ns, t.elapsed_ns});
      }
    });
  }
  return run;
}

}  // namespace anim::dump
