#include "cli/anim_dump/crowd_report.h"

#include "cli/anim_dump/progress.h"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/task_arena.h>
#include <CLI/CLI.hpp>

#include <cmath>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "cli/anim_dump/dump_commands.h"
#include "cli/anim_dump/frame_capture.h"
#include "cli/anim_dump/play_options.h"
#include "cli/anim_dump/text_table.h"
#include "cli/common/command_line.h"
#include "cli/common/output_file.h"
#include "compiler/diag/escape.h"
#include "crowd/crowd.h"
#include "vm/program_binding.h"
#include "vm/scenario.h"

namespace anim::dump {
namespace {

constexpr int kMaxEntities = 100000;
constexpr int kMaxThreads = 256;
constexpr int kMaxStagger = 64;

// "D:BONES,D:BONES": from distance D on, BONES bones (0: every bone). Throws InputError.
std::vector<crowd::LodBand> ParseLodBands(const std::string& text) {
  std::vector<crowd::LodBand> bands;
  std::size_t start = 0;
  while (start <= text.size() && !text.empty()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string band = text.substr(start, comma - start);
    float distance = 0.0f;
    int bones = 0;
    char rest = 0;
    if (std::sscanf(band.c_str(), "%f:%d%c", &distance, &bones, &rest) != 2)
      throw InputError{"--lod takes DISTANCE:BONES[,DISTANCE:BONES...], e.g. 10:48,20:24; not '" + band +
                       "'"};
    bands.push_back({distance, bones});
    start = comma + 1;
  }
  if (const std::string problem = crowd::CheckLodBands(bands); !problem.empty())
    throw InputError{"--lod: " + problem};
  return bands;
}

void CheckOptions(const CrowdOptions& o) {
  if (o.count < 1 || o.count > kMaxEntities)
    throw InputError{"--count must be between 1 and " + std::to_string(kMaxEntities) + ", not " +
                     std::to_string(o.count)};
  if (o.threads < 0 || o.threads > kMaxThreads)
    throw InputError{"--threads must be between 1 and " + std::to_string(kMaxThreads) + ", not " +
                     std::to_string(o.threads)};
  if (o.stagger < 1 || o.stagger > kMaxStagger)
    throw InputError{"--stagger must be between 1 and " + std::to_string(kMaxStagger) + ", not " +
                     std::to_string(o.stagger)};
  if (!(o.invisible >= 0.0 && o.invisible <= 1.0))
    throw InputError{"--invisible must be a fraction in [0, 1]"};
  if (!(o.followers >= 0.0 && o.followers < 1.0))
    throw InputError{"--followers must be a fraction in [0, 1)"};
  if (o.input.scenario.empty()) throw InputError{"crowd needs a scenario: --scenario FILE"};
}

// Entity e is picked when the running count of `fraction` * entities steps up at e: the picked
// entities spread evenly over the crowd.
bool Picked(int e, double fraction) {
  return std::floor((e + 1) * fraction) > std::floor(e * fraction);
}

// The crowd as the options place it: invisible and following entities spread evenly (entity 0
// always leads), distances spread evenly from 0 to twice the last band's distance, and each
// entity's clips a fraction of a second ahead of the one before (the golden ratio's steps).
void Place(crowd::Crowd& crowd, const CrowdOptions& o, const std::vector<crowd::LodBand>& bands) {
  const int n = crowd.size();
  const float far = bands.empty() ? 0.0f : 2.0f * bands.back().min_distance;
  int leader = 0;
  for (int e = 0; e < n; ++e) {
    crowd.set_visible(e, !Picked(e, o.invisible));
    crowd.set_distance(e, far * (static_cast<float>(e) + 0.5f) / static_cast<float>(n));
    const double phase = std::fmod(e * 0.6180339887, 1.0);
    crowd.AddTime(e, static_cast<float>(phase));
    if (e > 0 && Picked(e, o.followers)) {
      crowd.set_leader(e, leader);
    } else {
      leader = e;
    }
  }
}

double Microseconds(double ns) {
  return std::round(ns / 10.0) / 100.0;
}

nlohmann::json FrameJson(int frame, const crowd::CrowdFrameStats& s) {
  return {{"frame", frame},
          {"updated", s.updated},
          {"skipped_by_stagger", s.skipped_by_stagger},
          {"gated_by_visibility", s.gated_by_visibility},
          {"followers", s.followers},
          {"lod_cut", s.lod_cut},
          {"tasks_recorded", s.tasks_recorded},
          {"tasks_executed", s.tasks_executed},
          {"plans_replayed", s.plans_replayed},
          {"threads", s.threads},
          {"peak_pool_buffers_per_thread", s.peak_pool_buffers_per_thread},
          {"pool_buffers_held", s.pool_buffers_held},
          {"wall_us", Microseconds(s.wall_ns)},
          {"evaluate_us", Microseconds(s.evaluate_ns)},
          {"logic_us", Microseconds(s.logic_ns)},
          {"copy_us", Microseconds(s.copy_ns)},
          {"saved_us",
           {{"stagger", Microseconds(s.saved_by_stagger_ns)},
            {"visibility", Microseconds(s.saved_by_visibility_ns)},
            {"lod", Microseconds(s.saved_by_lod_ns)},
            {"followers", Microseconds(s.saved_by_followers_ns)}}}};
}

std::vector<std::string> FrameRow(int frame, const crowd::CrowdFrameStats& s) {
  const auto us = [](double ns) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", ns / 1e3);
    return std::string(text);
  };
  return {std::to_string(frame),
          std::to_string(s.updated),
          std::to_string(s.skipped_by_stagger),
          std::to_string(s.gated_by_visibility),
          std::to_string(s.followers),
          std::to_string(s.lod_cut),
          std::to_string(s.tasks_executed),
          std::to_string(s.plans_replayed),
          std::to_string(s.peak_pool_buffers_per_thread),
          std::to_string(s.threads),
          us(s.wall_ns),
          us(s.saved_by_stagger_ns),
          us(s.saved_by_visibility_ns),
          us(s.saved_by_lod_ns),
          us(s.saved_by_followers_ns)};
}

std::string Describe(const CrowdOptions& o, int threads, const std::vector<crowd::LodBand>& bands) {
  std::string lod;
  for (const crowd::LodBand& b : bands)
    lod += (lod.empty() ? "" : " ") + std::to_string(static_cast<int>(b.min_distance)) + ":" +
           std::to_string(b.bone_count);
  char text[256];
  std::snprintf(
      text, sizeof text,
      "crowd: %d entities, %d threads, stagger %d, %.0f%% invisible, %.0f%% followers, LOD bands %s\n",
      o.count, threads, o.stagger, o.invisible * 100.0, o.followers * 100.0,
      lod.empty() ? "none" : lod.c_str());
  return text;
}

}  // namespace

CLI::App* AddCrowdSubcommand(CLI::App& app, CrowdOptions& o) {
  CLI::App* sub = app.add_subcommand(
      "crowd",
      "N copies of the graph on T threads (oneTBB) with update-rate stagger, visibility, LOD bands and "
      "followers: per frame the entities updated, tasks executed, pool buffers per thread, time saved");
  sub->footer(
      "Example:\n  anim-dump crowd samples/locomotion.yaml --scenario samples/locomotion.scenario.yaml "
      "--count 1000 --threads 2 --stagger 2 --invisible 0.5 --lod 10:48,20:24");
  AddPlayOptions(
      sub, o.input, o.frames, o.diagnostics_format,
      {.scenario = "the scenario every entity plays",
       .frames = "report frames A through B, inclusive, played from frame 0 (default: the whole scenario)"})
      ->required();
  sub->add_option("--count", o.count, "entities (1 to 100000)")->required();
  sub->add_option("--threads", o.threads, "threads (default: every core)");
  sub->add_option("--stagger", o.stagger, "each entity updates every K-th frame (default 1)");
  sub->add_option("--invisible", o.invisible, "fraction of the entities that are invisible, in [0, 1]");
  sub->add_option("--followers", o.followers, "fraction of the entities that copy a leader, in [0, 1)");
  sub->add_option("--lod", o.lod,
                  "LOD bands DISTANCE:BONES,... (entities spread over twice the last distance)");
  sub->add_flag("--json", o.json, "JSON instead of a table");
  sub->add_option("-o,--output", o.output, "write to FILE (atomically) instead of standard output");
  return sub;
}

int RunCrowdCommand(const CrowdOptions& o) {
  try {
    CheckOptions(o);
    const std::vector<crowd::LodBand> bands = ParseLodBands(o.lod);
    const std::unique_ptr<DumpInput> input = LoadDumpInput(o.input);
    if (input->version_mismatch) throw InputError{"cannot run a crowd: " + input->version_warning};
    const ProgramBinding binding = BindDumpInput(*input);
    const int threads = o.threads > 0 ? o.threads : tbb::info::default_concurrency();
    const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    tbb::task_arena arena(threads);

    crowd::Crowd crowd(binding, {.count = o.count, .update_every = o.stagger, .lod_bands = bands});
    Place(crowd, o, bands);
    std::vector<ScenarioPlayer> players(static_cast<std::size_t>(o.count), ScenarioPlayer(input->scenario));
    const int frame_count = input->scenario.frame_count;
    const FrameRange range =
        SelectFrames("", o.frames.empty() ? "0:" + std::to_string(frame_count - 1) : o.frames, frame_count);

    std::string text = o.json ? std::string() : Describe(o, threads, bands);
    nlohmann::json frames_json = nlohmann::json::array();
    StreamedTable table({"frame", "updated", "skipped", "gated", "followers", "lod_cut", "tasks", "replayed",
                         "buffers/thread", "threads", "wall_us", "saved_stagger_us", "saved_visibility_us",
                         "saved_lod_us", "saved_followers_us"},
                        std::vector<bool>(15, true), false);
    Progress progress("frame", range.last + 1);
    for (int frame = 0; frame <= range.last; ++frame) {
      progress.Update(frame);
      for (int e = 0; e < o.count; ++e)
        players[e].ApplyBeforeFrame(frame, crowd.instance(e));
      const crowd::CrowdFrameStats* stats = nullptr;
      arena.execute([&] { stats = &crowd.Update(input->scenario.delta_time); });
      if (frame < range.first) continue;  // played, as every dump plays from frame 0, not reported
      if (o.json) {
        frames_json.push_back(FrameJson(frame, *stats));
      } else {
        table.Add(FrameRow(frame, *stats), text);
      }
    }
    if (o.json) {
      nlohmann::json report = {{"entities", o.count},
                               {"threads", threads},
                               {"stagger", o.stagger},
                               {"invisible", o.invisible},
                               {"followers", o.followers},
                               {"lod_bands", nlohmann::json::array()},
                               {"frames", std::move(frames_json)}};
      for (const crowd::LodBand& b : bands)
        report["lod_bands"].push_back({{"distance", b.min_distance}, {"bones", b.bone_count}});
      text = report.dump(2) + "\n";
    } else {
      table.Flush(text);
    }
    std::string error;
    if (!cli::WriteOutput(o.output, text, input->files_read, error)) throw InputError{error};
    return kExitOk;
  } catch (const InputError& e) {
    ReportInputError(e, o.diagnostics_format == "json", o.quiet);
    return e.exit_code;
  }
}

}  // namespace anim::dump
