// Crowd: N entities sharing one program and binding, each with its own AnimInstance (parameters,
// clocks, machines), task list and output, updated in parallel across cores with oneTBB. One
// entity's list runs on one thread, start to finish, into that thread's pose pool
// (ThreadPosePool); parallelism comes from the entity count only (seed 000, "Parallelism comes
// from entity count"). Outputs are skinning matrices in storage allocated once: after warm-up a
// frame allocates nothing. The policy (stagger, visibility, LOD bands, followers) is crowd_policy.h;
// semantics and figures: docs/crowd.md.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "crowd/crowd_policy.h"
#include "crowd/crowd_stats.h"
#include "executor/math/mat4.h"
#include "vm/instance/anim_instance.h"
#include "vm/program_binding.h"

namespace anim::crowd {

struct CrowdConfig {
  int count = 0;              // entities
  int update_every = 1;       // the stagger K: each entity updates every K-th frame (1: every frame)
  uint64_t stagger_seed = 0;  // seeds each entity's phase among the K frames
  std::vector<LodBand> lod_bands = {};
};

// An empty string, or why `config` cannot make a crowd.
std::string CheckCrowdConfig(const CrowdConfig& config);

class Crowd {
 public:
  // `binding` must outlive the crowd. Throws std::invalid_argument when CheckCrowdConfig fails.
  // Every entity starts visible, at distance 0, evaluating itself, showing the bind pose
  // (identity skinning matrices) until its first evaluation. Its first update, the entering frame,
  // happens on the first Update whatever the stagger.
  Crowd(const ProgramBinding& binding, const CrowdConfig& config);
  ~Crowd();
  Crowd(const Crowd&) = delete;
  Crowd& operator=(const Crowd&) = delete;

  int size() const;
  // Entities are 0 <= entity < size() (the accessors below do not check).
  // The entity's VM state: set its parameters here between updates.
  AnimInstance& instance(int entity);
  const AnimInstance& instance(int entity) const;

  void set_visible(int entity, bool visible);
  bool visible(int entity) const;
  // Picks the entity's LOD band; its next update records with that band's cut. A crowd without
  // bands leaves each instance's active_bone_count as it is.
  void set_distance(int entity, float distance);
  int lod_band(int entity) const;  // -1: full detail
  // Makes `entity` copy `leader`'s output every frame instead of evaluating (-1: evaluate itself
  // again). Refused (false, nothing changes) for an index out of range, the entity itself, a
  // leader that is a follower, or an entity that others follow: leaders are never followers, so
  // every copy reads a finished pose. Setup time: it allocates.
  bool set_leader(int entity, int leader);
  int leader(int entity) const;
  // Adds time to the entity's pending time, which its next update after its entering frame
  // consumes: a phase offset.
  void AddTime(int entity, float seconds);
  float pending_time(int entity) const;

  // The entity's skinning matrices (model * inverse bind), one per bone, as its last evaluation
  // (or its leader's) left them.
  std::span<const Mat4> skinning(int entity) const;

  // One frame of `dt` seconds (negative or not finite counts as 0) for every entity: leaders and
  // lone entities in parallel, then followers in parallel. Uses the threads of the calling
  // task arena (tbb::task_arena, tbb::global_control). Results do not depend on the thread count.
  const CrowdFrameStats& Update(float dt);
  const CrowdFrameStats& stats() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace anim::crowd
