#include "crowd/crowd_stats.h"

#include <algorithm>

namespace anim::crowd {

void CrowdCounters::Add(const CrowdCounters& o) {
  for (int s = 0; s < kDetailSlots; ++s) {
    evaluated[s] += o.evaluated[s];
    evaluate_ns[s] += o.evaluate_ns[s];
    skipped_visible[s] += o.skipped_visible[s];
    gated[s] += o.gated[s];
    skipped_invisible[s] += o.skipped_invisible[s];
    followers[s] += o.followers[s];
  }
  logic_ns += o.logic_ns;
  copy_ns += o.copy_ns;
  tasks_recorded += o.tasks_recorded;
  tasks_executed += o.tasks_executed;
  plans_replayed += o.plans_replayed;
  peak_live_buffers = std::max(peak_live_buffers, o.peak_live_buffers);
  pool_buffers_held = std::max(pool_buffers_held, o.pool_buffers_held);
}

void CostModel::Learn(const CrowdCounters& frame) {
  for (int s = 0; s < kDetailSlots; ++s) {
    evaluate_ns_[s] += frame.evaluate_ns[s];
    evaluated_[s] += frame.evaluated[s];
  }
  int gated = 0;
  for (int g : frame.gated)
    gated += g;
  logic_ns_ += frame.logic_ns;
  logic_count_ += gated;
}

// A slot never measured costs what full detail costs, else what any evaluation cost, else 0.
double CostModel::EvaluateCost(int slot) const {
  if (evaluated_[slot] > 0) return evaluate_ns_[slot] / evaluated_[slot];
  if (evaluated_[0] > 0) return evaluate_ns_[0] / evaluated_[0];
  double ns = 0.0, count = 0.0;
  for (int s = 0; s < kDetailSlots; ++s) {
    ns += evaluate_ns_[s];
    count += evaluated_[s];
  }
  return count > 0 ? ns / count : 0.0;
}

double CostModel::LogicCost() const {
  return logic_count_ > 0 ? logic_ns_ / logic_count_ : 0.0;
}

void CostModel::Summarise(const CrowdCounters& f, CrowdFrameStats& stats) const {
  stats = CrowdFrameStats{.entities = stats.entities};
  const double logic = LogicCost();
  // Only against a measured full-detail cost: without one a cut's saving is unknown.
  const bool full_known = evaluated_[0] > 0;
  for (int s = 0; s < kDetailSlots; ++s) {
    const double cost = EvaluateCost(s);
    stats.updated += f.evaluated[s];
    stats.skipped_by_stagger += f.skipped_visible[s] + f.skipped_invisible[s];
    stats.gated_by_visibility += f.gated[s];
    stats.followers += f.followers[s];
    stats.evaluate_ns += f.evaluate_ns[s];
    if (s > 0) {
      stats.lod_cut += f.evaluated[s];
      if (full_known)
        stats.saved_by_lod_ns +=
            (f.evaluated[s] + f.skipped_visible[s] + f.followers[s]) * (EvaluateCost(0) - cost);
    }
    stats.saved_by_followers_ns += f.followers[s] * cost;
    stats.saved_by_visibility_ns += (f.gated[s] + f.skipped_invisible[s]) * (cost - logic);
    stats.saved_by_stagger_ns += f.skipped_visible[s] * cost + f.skipped_invisible[s] * logic;
  }
  stats.saved_by_followers_ns -= f.copy_ns;
  stats.logic_ns = f.logic_ns;
  stats.copy_ns = f.copy_ns;
  stats.tasks_recorded = f.tasks_recorded;
  stats.tasks_executed = f.tasks_executed;
  stats.plans_replayed = f.plans_replayed;
  stats.peak_pool_buffers_per_thread = f.peak_live_buffers;
  stats.pool_buffers_held = f.pool_buffers_held;
}

}  // namespace anim::crowd
