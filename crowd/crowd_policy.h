// Crowd policy: the decisions that keep work out of task lists (seed 000, "Work that never enters
// the list"), as plain data and functions with no threads inside, so an engine can reuse them with
// its own scheduler. Crowd (crowd.h) runs them on oneTBB.
//   - Update-rate stagger: an entity updates every K-th frame, at a phase seeded from its id; the
//     time of the frames it skips accumulates (pending time) and its next update consumes it.
//   - Visibility: an invisible entity runs the VM's logic only (clocks, machines) and executes no
//     task; its output keeps the last pose it showed.
//   - Distance LOD: bands of camera distance that set the skeleton cut
//     (AnimInstance::active_bone_count, stamped on each recorded list).
//   - Followers: an entity that copies its leader's output instead of evaluating.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace anim::crowd {

// From `min_distance` on (up to the next band), sampling and blending cut to `bone_count` bones
// (0: every bone). Bands are given in ascending `min_distance`.
struct LodBand {
  float min_distance = 0.0f;
  int bone_count = 0;
};

inline constexpr int kMaxLodBands = 8;

// The band `distance` falls in, or -1 when it is nearer than the first band (full detail).
int LodBandFor(std::span<const LodBand> bands, float distance);

// An empty string, or why `bands` cannot be used (too many, out of order, a negative bone count or
// a distance that is not a finite number >= 0).
std::string CheckLodBands(std::span<const LodBand> bands);

// One entity's update-rate stagger: a countdown to its next update and the time it has skipped
// (the seed's PendingAnimTime).
struct StaggerState {
  int countdown = 0;          // frames to skip before the next update
  float pending_time = 0.0f;  // seconds not yet given to the VM
};

// The state an entity starts with when it updates every `update_every` frames: a countdown in
// [0, update_every) from a hash of `entity` and `seed`, so a crowd's updates spread over the K
// frames instead of spiking on one. Per entity: no frame counter that several worlds could share.
StaggerState SeedStagger(uint32_t entity, uint64_t seed, int update_every);

// Advances `state` by one frame of `dt` seconds. Returns true when the entity updates this frame,
// with `step` the time it consumes (dt plus everything pending); false when it skips, with dt
// added to the pending time. The entity's entering frame (its instance's first) is always an
// update, with `step` dt, that leaves the state alone: that frame shows every clip at its start
// (docs/semantics.md, "sample_clip"), so pending time given to it would be lost.
bool AdvanceStagger(StaggerState& state, int update_every, bool entering, float dt, float& step);

// What one entity does in a frame.
enum class EntityAction : uint8_t {
  SkipStagger,  // not its frame: time accumulates, nothing runs
  LogicOnly,    // invisible: the VM runs (clocks, machines), no task is executed
  Evaluate,     // record and execute
  CopyLeader,   // a follower: its leader's output is copied
};

// The action for an entity; `due` is AdvanceStagger's answer (followers do not stagger).
inline EntityAction DecideAction(bool follower, bool due, bool visible) {
  if (follower) return EntityAction::CopyLeader;
  if (!due) return EntityAction::SkipStagger;
  return visible ? EntityAction::Evaluate : EntityAction::LogicOnly;
}

}  // namespace anim::crowd
