#include "cli/anim_dump/profile_summary.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace anim::dump {
namespace {

// Sample k (1-based) of the sorted samples for quantile q, nearest-rank.
int64_t Quantile(const std::vector<int64_t>& sorted, double q) {
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(sorted.size())));
  return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

ProfileRow Row(std::string name, std::vector<int64_t> samples, int repeat, int64_t whole_ns) {
  ProfileRow row;
  row.name = std::move(name);
  row.count = static_cast<int64_t>(samples.size()) / repeat;
  row.stats = Summarize(std::move(samples));
  row.share =
      whole_ns > 0 ? 100.0 * static_cast<double>(row.stats.total_ns) / static_cast<double>(whole_ns) : 0.0;
  return row;
}

void ByShare(std::vector<ProfileRow>& rows) {
  std::stable_sort(rows.begin(), rows.end(), [](const ProfileRow& a, const ProfileRow& b) {
    return a.stats.total_ns > b.stats.total_ns;
  });
}

std::vector<PoolFigure> PoolFigures(const std::vector<FramePool>& pool) {
  const std::pair<const char*, int FramePool::*> fields[] = {{"tasks executed", &FramePool::tasks},
                                                             {"acquired", &FramePool::acquired},
                                                             {"stolen", &FramePool::stolen},
                                                             {"handed over", &FramePool::handed_over},
                                                             {"peak live", &FramePool::peak_live}};
  std::vector<PoolFigure> figures;
  for (const auto& [name, field] : fields) {
    PoolFigure f{.name = name, .has_total = field != &FramePool::peak_live};
    for (const FramePool& p : pool) {
      f.total += p.*field;
      f.max = std::max(f.max, p.*field);
    }
    f.mean = pool.empty() ? 0.0 : static_cast<double>(f.total) / static_cast<double>(pool.size());
    figures.push_back(f);
  }
  return figures;
}

}  // namespace

Stats Summarize(std::vector<int64_t> samples) {
  Stats s;
  s.samples = samples.size();
  if (samples.empty()) return s;
  std::sort(samples.begin(), samples.end());
  s.total_ns = std::accumulate(samples.begin(), samples.end(), int64_t{0});
  s.mean_ns = static_cast<double>(s.total_ns) / static_cast<double>(samples.size());
  s.p50_ns = Quantile(samples, 0.50);
  s.p99_ns = Quantile(samples, 0.99);
  s.max_ns = samples.back();
  return s;
}

ProfileSummary Summarize(const ProfileRun& run) {
  ProfileSummary sum;
  sum.first_frame = run.range.first;
  sum.last_frame = run.range.last;
  sum.repeat = run.repeat;
  sum.clock_read_ns = run.clock_read_ns;

  std::vector<int64_t> all_record, all_execute, all_frame;
  for (std::size_t k = 0; k < run.record_ns.size(); ++k) {
    FrameProfile f{.frame = run.range.first + static_cast<int>(k),
                   .record = Summarize(run.record_ns[k]),
                   .execute = Summarize(run.execute_ns[k]),
                   .pool = run.pool[k]};
    for (std::size_t r = 0; r < run.record_ns[k].size(); ++r) {
      all_record.push_back(run.record_ns[k][r]);
      all_execute.push_back(run.execute_ns[k][r]);
      all_frame.push_back(run.record_ns[k][r] + run.execute_ns[k][r]);
    }
    for (const TimedPlay& play : run.timed)
      f.replayed += play.frames[k].replayed ? 1 : 0;
    sum.replayed_per_play += static_cast<double>(f.replayed) / run.repeat;
    sum.tasks_per_play += f.pool.tasks;
    sum.frames.push_back(f);
  }
  sum.record = Summarize(std::move(all_record));
  sum.execute = Summarize(std::move(all_execute));
  sum.frame = Summarize(std::move(all_frame));

  std::map<AnimTaskType, std::vector<int64_t>> by_type;
  std::map<int32_t, std::vector<int64_t>> by_node;
  std::map<int32_t, std::vector<std::string>> node_types;
  std::vector<int64_t> timed_execute, resolve, overhead;
  int64_t whole_ns = 0;
  for (const TimedPlay& play : run.timed) {
    whole_ns += play.execute_ns;
    for (const ProfiledList& list : play.frames) {
      timed_execute.push_back(list.execute_ns);
      resolve.push_back(list.resolve_ns);
      int64_t tasks_ns = 0;
      for (std::size_t i = list.first_task; i < list.first_task + list.task_count; ++i) {
        const ProfiledTask& t = play.tasks[i];
        tasks_ns += t.elapsed_ns;
        by_type[t.type].push_back(t.elapsed_ns);
        by_node[t.node].push_back(t.elapsed_ns);
        std::vector<std::string>& types = node_types[t.node];
        const std::string type = AnimTaskTypeName(t.type);
        if (std::find(types.begin(), types.end(), type) == types.end()) types.push_back(type);
      }
      overhead.push_back(list.execute_ns - tasks_ns - list.resolve_ns);
    }
  }
  sum.timed_execute = Summarize(std::move(timed_execute));
  for (auto& [type, samples] : by_type)
    sum.types.push_back(Row(AnimTaskTypeName(type), std::move(samples), run.repeat, whole_ns));
  for (auto& [node, samples] : by_node) {
    const bool named = node >= 0 && static_cast<std::size_t>(node) < run.node_names.size();
    ProfileRow row = Row(named ? run.node_names[static_cast<std::size_t>(node)] : "(no node)",
                         std::move(samples), run.repeat, whole_ns);
    row.types = node_types[node];
    sum.nodes.push_back(std::move(row));
  }
  ByShare(sum.types);
  ByShare(sum.nodes);
  sum.resolve = Row("resolve", std::move(resolve), run.repeat, whole_ns);
  sum.overhead = Row("executor overhead", std::move(overhead), run.repeat, whole_ns);
  sum.pool = PoolFigures(run.pool);
  return sum;
}

}  // namespace anim::dump
