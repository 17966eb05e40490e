// What a crowd frame did and what its mechanisms saved. Counts are exact; times are measured per
// entity with steady_clock, and the savings are estimates: what the skipped work would have cost at
// the mean cost measured for that kind of work since the crowd was created (docs/crowd.md). They
// are taken in one order, so they add up: every entity evaluating at full detail every frame, less
// the four savings, is what the frame cost.
//   followers   each follower: an evaluation at its detail, less its copy;
//   LOD         each visible entity in a band, updated or skipped: full detail less the band's cost;
//   visibility  each invisible entity, updated or skipped: its band's cost less a logic-only update;
//   stagger     each skipped entity: what its update would have cost (logic only when invisible).
#pragma once

#include <array>
#include <cstdint>

#include "crowd/crowd_policy.h"

namespace anim::crowd {

// Entities are counted by detail slot: 0 is full detail, 1 + b is LOD band b.
inline constexpr int kDetailSlots = kMaxLodBands + 1;

// What one worker thread did in its share of a frame; the crowd sums them.
struct CrowdCounters {
  std::array<int, kDetailSlots> evaluated{};          // recorded and executed
  std::array<double, kDetailSlots> evaluate_ns{};     // their measured time
  std::array<int, kDetailSlots> skipped_visible{};    // skipped by the stagger, visible
  std::array<int, kDetailSlots> gated{};              // invisible: logic only
  std::array<int, kDetailSlots> skipped_invisible{};  // skipped by the stagger, invisible
  std::array<int, kDetailSlots> followers{};          // copied their leader
  double logic_ns = 0.0;                              // measured time of the logic-only updates
  double copy_ns = 0.0;                               // measured time of the followers' copies
  int64_t tasks_recorded = 0;
  int64_t tasks_executed = 0;  // reachable tasks run
  int plans_replayed = 0;      // executed lists that replayed the thread's previous plan
  int peak_live_buffers = 0;   // the most pool buffers live at once while one list ran
  int pool_buffers_held = 0;   // this thread's pool size (buffers ever created; it never shrinks)

  void Add(const CrowdCounters& other);
};

struct CrowdFrameStats {
  int entities = 0;
  int updated = 0;              // recorded and executed
  int skipped_by_stagger = 0;   // not their frame: nothing ran
  int gated_by_visibility = 0;  // invisible: VM logic only, no task executed
  int followers = 0;            // copied their leader's output
  int lod_cut = 0;              // updated entities whose list had a LOD cut
  int64_t tasks_recorded = 0;
  int64_t tasks_executed = 0;
  int plans_replayed = 0;                // updated entities whose list replayed its thread's previous plan
  int threads = 0;                       // threads that ran part of the frame
  int peak_pool_buffers_per_thread = 0;  // the most pool buffers one thread had live at once
  int pool_buffers_held = 0;             // the largest pool among those threads
  double wall_ns = 0.0;                  // Update, start to end
  double evaluate_ns = 0.0;              // measured, summed over entities (CPU time on all threads)
  double logic_ns = 0.0;
  double copy_ns = 0.0;
  // Estimates (CostModel): CPU time the mechanism kept out of this frame.
  double saved_by_stagger_ns = 0.0;
  double saved_by_visibility_ns = 0.0;
  double saved_by_lod_ns = 0.0;
  double saved_by_followers_ns = 0.0;
};

// Mean measured costs since the crowd was created, and the savings they imply.
class CostModel {
 public:
  void Learn(const CrowdCounters& frame);
  // Fills `stats`'s counts from `frame` and its savings from the means learnt so far.
  void Summarise(const CrowdCounters& frame, CrowdFrameStats& stats) const;

 private:
  double EvaluateCost(int slot) const;
  double LogicCost() const;

  std::array<double, kDetailSlots> evaluate_ns_{};
  std::array<double, kDetailSlots> evaluated_{};
  double logic_ns_ = 0.0, logic_count_ = 0.0;
};

}  // namespace anim::crowd
