#include "crowd/crowd.h"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "crowd/tsan_edges.h"
#include "executor/tasks/execute_task_list.h"
#include "executor/tasks/pose_pool.h"
#include "vm/build_tasks.h"

namespace anim::crowd {
namespace {

using Clock = std::chrono::steady_clock;

double NanosecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::nano>(Clock::now() - start).count();
}

// Entities per parallel chunk: an evaluation costs microseconds, so a chunk of 8 is tens of them,
// far above the scheduler's cost, and 1,000 entities still make over a hundred chunks to balance.
constexpr int kGrain = 8;

// Cache-line aligned: entities next to each other are written by different threads at chunk
// boundaries, and must not false-share (seed 000, SSkeletalMeshComponent is CACHE_ALIGN).
struct alignas(64) Entity {
  explicit Entity(const Program& program) : instance(program) {}
  AnimInstance instance;
  AnimTaskList list;
  StaggerState stagger;
  int lod_band = -1;
  int leader = -1;
  int follower_count = 0;  // entities that copy this one
  bool visible = true;
};

// One worker thread's share of a frame.
struct Worker {
  CrowdCounters counters;
  bool used = false;
  // The most this thread's entities have needed (the pool buffers are counters.peak_live_buffers).
  int longest_list = 0;
  std::size_t most_events = 0;
  int reserved = 0;  // the crowd's needs generation this thread last reserved for (0: nothing met yet)
};

}  // namespace

std::string CheckCrowdConfig(const CrowdConfig& config) {
  if (config.count < 0) return "the entity count must be >= 0";
  if (config.update_every < 1) return "the stagger (update every K frames) must be >= 1";
  return CheckLodBands(config.lod_bands);
}

struct Crowd::State {
  State(const ProgramBinding& b, const CrowdConfig& c)
      : binding(b),
        config(c),
        bones(static_cast<std::size_t>(b.skeleton().bone_count())),
        needs{.bones = b.skeleton().bone_count(),
              .curves = static_cast<int>(b.program().curves.size()),
              .blend_slots = static_cast<int>(b.program().machines.size())} {}

  const ProgramBinding& binding;
  CrowdConfig config;
  std::size_t bones;
  std::vector<Entity> entities;
  std::vector<Mat4> skinning;   // entity e's matrices are [e * bones, (e + 1) * bones)
  std::vector<int> evaluating;  // entities that evaluate themselves, in order
  std::vector<int> following;   // entities that copy a leader, in order
  tbb::enumerable_thread_specific<Worker> workers;
  // What each worker reserves, so none allocates in the steady state because it sat out the frames
  // that grew its peers: the program's sizes, and the most any entity's frame has needed so far
  // (folded in after each frame).
  ExecutorReserve needs;
  std::size_t most_events = 0;
  int needs_generation = 0;
  CostModel costs;
  CrowdFrameStats stats;

  std::span<Mat4> Skinning(int e) { return std::span<Mat4>(skinning).subspan(e * bones, bones); }
  int Slot(const Entity& e) const { return e.lod_band + 1; }

  void RebuildOrder() {
    evaluating.clear();
    following.clear();
    for (int e = 0; e < static_cast<int>(entities.size()); ++e)
      (entities[e].leader >= 0 ? following : evaluating).push_back(e);
  }

  void UpdateEntity(int index, float dt, Worker& w) {
    Entity& e = entities[index];
    CrowdCounters& c = w.counters;
    const int slot = Slot(e);
    float step = 0.0f;
    const bool due = AdvanceStagger(e.stagger, config.update_every, e.instance.frame == 0, dt, step);
    const EntityAction action = DecideAction(false, due, e.visible);
    if (action == EntityAction::SkipStagger) {
      ++(e.visible ? c.skipped_visible : c.skipped_invisible)[slot];
      return;
    }
    const Clock::time_point start = Clock::now();
    // Without bands the instance's own cut stays (a scenario's LOD events, or the engine's).
    if (!config.lod_bands.empty())
      e.instance.active_bone_count = e.lod_band >= 0 ? config.lod_bands[e.lod_band].bone_count : 0;
    BuildTasks(binding, e.instance, step, e.list);
    c.tasks_recorded += static_cast<int64_t>(e.list.tasks.size());
    w.longest_list = std::max(w.longest_list, static_cast<int>(e.list.tasks.size()));
    w.most_events = std::max(w.most_events, e.instance.events.capacity());
    if (action == EntityAction::LogicOnly) {
      c.logic_ns += NanosecondsSince(start);
      ++c.gated[slot];
      return;
    }
    Transform root_motion;
    // The executor's thread counters, not a snapshot: a snapshot would make every list take the
    // full path, and lists of one shape (entities of one graph in one state) replay a plan.
    const ExecutorThreadStats& executor = ThreadExecutorStats();
    const ExecutorThreadStats before = executor;
    ExecuteTaskList(e.list, ExecuteOutputs{.skinning = Skinning(index), .root_motion = &root_motion});
    e.instance.AccumulateRootMotion(root_motion);
    c.evaluate_ns[slot] += NanosecondsSince(start);
    ++c.evaluated[slot];
    c.tasks_executed += static_cast<int64_t>(executor.tasks_run - before.tasks_run);
    c.plans_replayed += static_cast<int>(executor.replayed - before.replayed);
    c.peak_live_buffers = std::max(c.peak_live_buffers, executor.last_peak_buffers);
  }

  void CopyLeader(int index, Worker& w) {
    const Clock::time_point start = Clock::now();
    const std::span<const Mat4> from = Skinning(entities[index].leader);
    std::copy(from.begin(), from.end(), Skinning(index).begin());
    w.counters.copy_ns += NanosecondsSince(start);
    ++w.counters.followers[Slot(entities[index])];
  }

  // Runs `body(entity, worker)` over `order` in parallel, each chunk on one thread.
  template <typename Body>
  void ForEach(const std::vector<int>& order, Body body) {
    TsanRelease(&fork_token);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, order.size(), kGrain),
                      [&](const tbb::blocked_range<std::size_t>& range) {
                        TsanAcquire(&fork_token);
                        Worker& w = workers.local();
                        w.used = true;
                        if (w.reserved != needs_generation) Reserve(w);
                        for (std::size_t i = range.begin(); i != range.end(); ++i)
                          body(order[i], w);
                        w.counters.pool_buffers_held = ThreadPosePool().size();
                        TsanRelease(&join_token);
                      });
    TsanAcquire(&join_token);
  }
  void Reserve(Worker& w) {
    ReserveThreadBuildTasks(binding, needs.tasks, most_events);
    ReserveThreadExecutor(needs);
    w.reserved = needs_generation;
  }

  // After a frame: what the workers met, for the next frame's reserves.
  void FoldNeeds() {
    ExecutorReserve grown = needs;
    std::size_t events = most_events;
    for (const Worker& w : workers) {
      grown.tasks = std::max(grown.tasks, w.longest_list);
      grown.buffers = std::max(grown.buffers, w.counters.peak_live_buffers);
      events = std::max(events, w.most_events);
    }
    if (grown != needs || events != most_events) {
      needs = grown;
      most_events = events;
      ++needs_generation;
    }
  }

  // Addresses that name ForEach's fork and join to ThreadSanitizer (tsan_edges.h).
  char fork_token = 0, join_token = 0;
};

Crowd::Crowd(const ProgramBinding& binding, const CrowdConfig& config) {
  if (const std::string problem = CheckCrowdConfig(config); !problem.empty())
    throw std::invalid_argument(problem);
  state_ = std::make_unique<State>(binding, config);
  State& s = *state_;
  s.entities.reserve(static_cast<std::size_t>(config.count));
  for (int e = 0; e < config.count; ++e) {
    s.entities.emplace_back(binding.program());
    s.entities.back().stagger =
        SeedStagger(static_cast<uint32_t>(e), config.stagger_seed, config.update_every);
  }
  s.skinning.assign(s.bones * static_cast<std::size_t>(config.count), Mat4::Identity());
  s.RebuildOrder();
  s.stats.entities = config.count;
}

Crowd::~Crowd() = default;

int Crowd::size() const {
  return static_cast<int>(state_->entities.size());
}
AnimInstance& Crowd::instance(int entity) {
  return state_->entities[entity].instance;
}
const AnimInstance& Crowd::instance(int entity) const {
  return state_->entities[entity].instance;
}
void Crowd::set_visible(int entity, bool visible) {
  state_->entities[entity].visible = visible;
}
bool Crowd::visible(int entity) const {
  return state_->entities[entity].visible;
}
void Crowd::set_distance(int entity, float distance) {
  state_->entities[entity].lod_band = LodBandFor(state_->config.lod_bands, distance);
}
int Crowd::lod_band(int entity) const {
  return state_->entities[entity].lod_band;
}
int Crowd::leader(int entity) const {
  return state_->entities[entity].leader;
}
void Crowd::AddTime(int entity, float seconds) {
  if (std::isfinite(seconds) && seconds > 0.0f) state_->entities[entity].stagger.pending_time += seconds;
}
float Crowd::pending_time(int entity) const {
  return state_->entities[entity].stagger.pending_time;
}
std::span<const Mat4> Crowd::skinning(int entity) const {
  return state_->Skinning(entity);
}
const CrowdFrameStats& Crowd::stats() const {
  return state_->stats;
}

bool Crowd::set_leader(int entity, int leader) {
  State& s = *state_;
  const int n = size();
  if (entity < 0 || entity >= n || leader < -1 || leader >= n || leader == entity) return false;
  Entity& e = s.entities[entity];
  if (leader >= 0 && (s.entities[leader].leader >= 0 || e.follower_count > 0)) return false;
  if (e.leader >= 0) --s.entities[e.leader].follower_count;
  e.leader = leader;
  if (leader >= 0) ++s.entities[leader].follower_count;
  s.RebuildOrder();
  return true;
}

const CrowdFrameStats& Crowd::Update(float dt) {
  State& s = *state_;
  const Clock::time_point start = Clock::now();
  const float frame_dt = std::isfinite(dt) && dt > 0.0f ? dt : 0.0f;
  for (Worker& w : s.workers) {
    w.counters = CrowdCounters{};
    w.used = false;
  }
  s.ForEach(s.evaluating, [&](int e, Worker& w) { s.UpdateEntity(e, frame_dt, w); });
  s.ForEach(s.following, [&](int e, Worker& w) { s.CopyLeader(e, w); });

  CrowdCounters total;
  int threads = 0;
  for (const Worker& w : s.workers) {
    if (!w.used) continue;
    total.Add(w.counters);
    ++threads;
  }
  s.FoldNeeds();
  s.costs.Learn(total);
  s.costs.Summarise(total, s.stats);
  s.stats.threads = threads;
  s.stats.wall_ns = NanosecondsSince(start);
  return s.stats;
}

}  // namespace anim::crowd
