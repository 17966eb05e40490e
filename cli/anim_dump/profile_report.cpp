#include "cli/anim_dump/profile_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "cli/anim_dump/json_report.h"
#include "cli/anim_dump/text_table.h"
#include "compiler/diag/escape.h"
#include "compiler/diag/json_text.h"

namespace anim::dump {
namespace {

using Json = nlohmann::ordered_json;

constexpr std::size_t kSlowestFrames = 5;

std::string Ns(double ns) {
  return fmt::format("{}", std::llround(ns));
}

std::string Percent(double share) {
  return fmt::format("{:.1f}%", share);
}

std::vector<std::string> StatCells(const Stats& s) {
  return {Ns(s.mean_ns), Ns(static_cast<double>(s.p50_ns)), Ns(static_cast<double>(s.p99_ns)),
          Ns(static_cast<double>(s.max_ns))};
}

std::string FramesTable(const ProfileSummary& s, bool colour) {
  TextTable table({"what", "mean_ns", "p50_ns", "p99_ns", "max_ns"}, {false, true, true, true, true});
  const std::pair<const char*, const Stats*> rows[] = {
      {"record (BuildTasks)", &s.record}, {"execute (ExecuteTaskList)", &s.execute}, {"frame", &s.frame}};
  for (const auto& [name, stats] : rows) {
    std::vector<std::string> cells = {name};
    for (std::string& c : StatCells(*stats))
      cells.push_back(std::move(c));
    table.Add(std::move(cells));
  }
  return table.Render(colour);
}

std::vector<std::string> RowCells(const ProfileRow& row, bool with_types) {
  std::vector<std::string> cells = {row.name};
  if (with_types) {
    std::string types;
    for (const std::string& t : row.types)
      types += (types.empty() ? "" : ", ") + t;
    cells.push_back(types);
  }
  cells.push_back(std::to_string(row.count));
  for (std::string& c : StatCells(row.stats))
    cells.push_back(std::move(c));
  cells.push_back(Percent(row.share));
  return cells;
}

std::string ShareTable(const char* first, const std::vector<ProfileRow>& rows, const ProfileSummary& s,
                       bool with_types, bool colour) {
  std::vector<std::string> header = {first};
  std::vector<bool> right = {false};
  if (with_types) {
    header.push_back("types");
    right.push_back(false);
  }
  for (const char* h : {"count", "mean_ns", "p50_ns", "p99_ns", "max_ns", "share"}) {
    header.push_back(h);
    right.push_back(true);
  }
  TextTable table(std::move(header), std::move(right));
  for (const ProfileRow& row : rows)
    table.Add(RowCells(row, with_types));
  for (const ProfileRow* row : {&s.resolve, &s.overhead})  // dimmed: not tasks, for the shares' sum
    table.Add(RowCells(*row, with_types), true);
  return table.Render(colour);
}

std::string PoolTable(const ProfileSummary& s, bool colour) {
  TextTable table({"per frame", "mean", "max", "total"}, {false, true, true, true});
  for (const PoolFigure& f : s.pool)
    table.Add({f.name, fmt::format("{:.2f}", f.mean), std::to_string(f.max),
               f.has_total ? std::to_string(f.total) : "-"});
  return table.Render(colour);
}

std::string SlowestTable(const ProfileSummary& s, bool colour) {
  std::vector<const FrameProfile*> frames;
  for (const FrameProfile& f : s.frames)
    frames.push_back(&f);
  const std::size_t shown = std::min(kSlowestFrames, frames.size());
  std::partial_sort(frames.begin(), frames.begin() + static_cast<std::ptrdiff_t>(shown), frames.end(),
                    [](const FrameProfile* a, const FrameProfile* b) {
                      return a->execute.p50_ns != b->execute.p50_ns ? a->execute.p50_ns > b->execute.p50_ns
                                                                    : a->frame < b->frame;
                    });
  TextTable table({"frame", "tasks", "replayed", "record_p50_ns", "execute_p50_ns", "execute_p99_ns"},
                  {true, true, true, true, true, true});
  for (std::size_t i = 0; i < shown; ++i) {
    const FrameProfile& f = *frames[i];
    table.Add({std::to_string(f.frame), std::to_string(f.pool.tasks),
               std::to_string(f.replayed) + "/" + std::to_string(s.repeat),
               Ns(static_cast<double>(f.record.p50_ns)), Ns(static_cast<double>(f.execute.p50_ns)),
               Ns(static_cast<double>(f.execute.p99_ns))});
  }
  return table.Render(colour);
}

Json StatsJson(const Stats& s) {
  return {{"mean_ns", JsonNumber(static_cast<float>(s.mean_ns))},
          {"p50_ns", s.p50_ns},
          {"p99_ns", s.p99_ns},
          {"max_ns", s.max_ns}};
}

Json RowJson(const char* key, const ProfileRow& row, bool with_types) {
  Json j = {{key, row.name}};
  if (with_types) j["types"] = row.types;
  j["count"] = row.count;
  j["samples"] = row.stats.samples;
  j["mean_ns"] = JsonNumber(static_cast<float>(row.stats.mean_ns));
  j["p50_ns"] = row.stats.p50_ns;
  j["p99_ns"] = row.stats.p99_ns;
  j["max_ns"] = row.stats.max_ns;
  j["total_ns"] = row.stats.total_ns;
  j["share"] = JsonNumber(static_cast<float>(row.share));
  return j;
}

Json PoolJson(const FramePool& p) {
  return {{"tasks", p.tasks},
          {"acquired", p.acquired},
          {"stolen", p.stolen},
          {"handed_over", p.handed_over},
          {"peak_live", p.peak_live}};
}

}  // namespace

std::string ProfileText(const ProfileSummary& s, const std::string& input, const bool colour) {
  const int frames = s.last_frame - s.first_frame + 1;
  std::string out = fmt::format(
      "profile of {}: frames {}-{} ({}), {} repeats; {} tasks executed a play, {:.0f} of {} lists replayed "
      "their plan\n",
      EscapeTerminal(input), s.first_frame, s.last_frame, frames, s.repeat, s.tasks_per_play,
      s.replayed_per_play, frames);
  out += fmt::format("\nframes (untimed plays: {} frames x {} repeats)\n", frames, s.repeat);
  out += FramesTable(s, colour);
  out += fmt::format(
      "\nexecute by task type (timed plays: {} ns a frame on average, {} ns untimed; one clock read {:.1f} "
      "ns, about one a task)\n",
      Ns(s.timed_execute.mean_ns), Ns(s.execute.mean_ns), s.clock_read_ns);
  out += ShareTable("type", s.types, s, false, colour);
  out += "\nexecute by graph node (timed plays)\n";
  out += ShareTable("node", s.nodes, s, true, colour);
  out += "\npool traffic (snapshots of one untimed play)\n";
  out += PoolTable(s, colour);
  out += "\nslowest frames (p50 of execute, untimed plays)\n";
  out += SlowestTable(s, colour);
  return out;
}

std::string ProfileJson(const ProfileSummary& s, const std::string& input) {
  Json out;
  out["format_version"] = kDumpFormatVersion;
  out["kind"] = "profile";
  out["input"] = input;
  out["first_frame"] = s.first_frame;
  out["last_frame"] = s.last_frame;
  out["repeat"] = s.repeat;
  out["clock_read_ns"] = JsonNumber(static_cast<float>(s.clock_read_ns));
  out["tasks_per_play"] = s.tasks_per_play;
  out["replayed_per_play"] = JsonNumber(static_cast<float>(s.replayed_per_play));
  out["record"] = StatsJson(s.record);
  out["execute"] = StatsJson(s.execute);
  out["frame"] = StatsJson(s.frame);
  out["timed_execute"] = StatsJson(s.timed_execute);
  Json types = Json::array(), nodes = Json::array();
  for (const ProfileRow& row : s.types)
    types.push_back(RowJson("type", row, false));
  for (const ProfileRow& row : s.nodes)
    nodes.push_back(RowJson("node", row, true));
  out["task_types"] = std::move(types);
  out["resolve"] = RowJson("name", s.resolve, false);
  out["executor_overhead"] = RowJson("name", s.overhead, false);
  out["nodes"] = std::move(nodes);
  Json pool = Json::object();
  for (const PoolFigure& f : s.pool) {
    Json figure = {{"mean", JsonNumber(static_cast<float>(f.mean))}, {"max", f.max}};
    if (f.has_total) figure["total"] = f.total;
    std::string key = f.name;
    std::replace(key.begin(), key.end(), ' ', '_');
    pool[key] = std::move(figure);
  }
  out["pool"] = std::move(pool);
  Json frames = Json::array();
  for (const FrameProfile& f : s.frames) {
    frames.push_back({{"frame", f.frame},
                      {"replayed", f.replayed},
                      {"record", StatsJson(f.record)},
                      {"execute", StatsJson(f.execute)},
                      {"pool", PoolJson(f.pool)}});
  }
  out["frames"] = std::move(frames);
  return JsonText(out, 2) + "\n";
}

}  // namespace anim::dump
