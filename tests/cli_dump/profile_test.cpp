// anim-dump profile on the locomotion sample: its table names every task type the scenario
// executes, its JSON counts what `anim-dump tasks` says ran and validates against its schema, its
// trace parses with every task's slice inside its frame's execution. No timing is asserted: only
// the numbers' relations (p50 <= p99 <= max, shares summing to 100%).
#include <catch2/catch.hpp>

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "tests/cli_dump/dump_process.h"

namespace anim::test {
namespace {

constexpr const char* kRange = " --frames 180:260";  // locomotion: idle, moving, a jump and landing

// Executed tasks per type and per frame of the range, as `anim-dump tasks` reports them.
struct Executed {
  std::map<std::string, int> by_type;
  std::map<int, int> by_frame;
  int total = 0;
};

Executed ExecutedTasks() {
  const ProcessRun tasks = Dump("tasks " + SampleArgs("locomotion") + kRange + " --format json");
  REQUIRE(tasks.exit_code == 0);
  Executed e;
  for (const nlohmann::json& frame : nlohmann::json::parse(tasks.out)) {
    for (const nlohmann::json& task : frame["tasks"]) {
      if (task["exec_order"].is_null() || task["exec_order"].get<int>() < 0) continue;
      ++e.by_type[task["type"].get<std::string>()];
      ++e.by_frame[frame["frame"].get<int>()];
      ++e.total;
    }
  }
  return e;
}

void CheckStats(const nlohmann::json& s) {
  INFO(s.dump());
  CHECK(s["p50_ns"].get<int64_t>() <= s["p99_ns"].get<int64_t>());
  CHECK(s["p99_ns"].get<int64_t>() <= s["max_ns"].get<int64_t>());
  CHECK(s["mean_ns"].get<double>() <= static_cast<double>(s["max_ns"].get<int64_t>()));
}

// The rows' shares with the resolve's and the overhead's: 100%, less the JSON's rounding.
void CheckShares(const nlohmann::json& rows, const nlohmann::json& profile) {
  double sum =
      profile["resolve"]["share"].get<double>() + profile["executor_overhead"]["share"].get<double>();
  for (const nlohmann::json& row : rows)
    sum += row["share"].get<double>();
  CHECK(sum == Approx(100.0).margin(0.01));
}

}  // namespace

TEST_CASE("profile: a table row for every task type the locomotion scenario executes",
          "[cli_dump][profile]") {
  const Executed executed = ExecutedTasks();
  const ProcessRun text = Dump("profile " + SampleArgs("locomotion") + kRange + " --repeat 2");
  REQUIRE(text.exit_code == 0);
  INFO(text.out);
  for (const char* heading : {"frames (untimed plays", "execute by task type", "execute by graph node",
                              "pool traffic", "slowest frames", "\nresolve ", "\nexecutor overhead "})
    CHECK(text.out.find(heading) != std::string::npos);
  std::set<std::string> rows;
  for (const std::string& line : Lines(text.out))
    rows.insert(line.substr(0, line.find(' ')));
  REQUIRE(executed.by_type.size() >= 8);
  for (const auto& [type, count] : executed.by_type) {
    INFO(type);
    CHECK(rows.count(type) == 1);
  }
  CHECK(text.out.find(std::to_string(executed.total) + " tasks executed a play") != std::string::npos);
}

TEST_CASE("profile --format json: the executed tasks counted, sane statistics, the schema",
          "[cli_dump][profile]") {
  const Executed executed = ExecutedTasks();
  const int repeat = 3;
  const ProcessRun json = Dump("profile " + SampleArgs("locomotion") + kRange + " --repeat " +
                               std::to_string(repeat) + " -f json");
  REQUIRE(json.exit_code == 0);
  const nlohmann::json p = nlohmann::json::parse(json.out);
  CHECK(p["kind"] == "profile");
  CHECK(p["repeat"] == repeat);
  CHECK(p["tasks_per_play"] == executed.total);

  std::map<std::string, int> by_type;
  for (const nlohmann::json& row : p["task_types"]) {
    by_type[row["type"].get<std::string>()] = row["count"].get<int>();
    CHECK(row["samples"].get<int>() == row["count"].get<int>() * repeat);
    CheckStats(row);
  }
  CHECK(by_type == executed.by_type);
  int node_count = 0;
  for (const nlohmann::json& row : p["nodes"]) {
    node_count += row["count"].get<int>();
    CHECK_FALSE(row["types"].empty());
    CheckStats(row);
  }
  CHECK(node_count == executed.total);
  CheckShares(p["task_types"], p);
  CheckShares(p["nodes"], p);
  for (const char* key : {"resolve", "executor_overhead"}) {
    CHECK(p[key]["count"] == 81);  // a list a frame
    CheckStats(p[key]);
  }
  for (const char* key : {"record", "execute", "frame", "timed_execute"})
    CheckStats(p[key]);

  REQUIRE(p["frames"].size() == 81);
  int pool_tasks = 0;
  for (const nlohmann::json& f : p["frames"]) {
    const int frame = f["frame"].get<int>();
    INFO("frame " << frame);
    CHECK(f["pool"]["tasks"] == executed.by_frame.at(frame));
    CHECK(f["pool"]["acquired"].get<int>() + f["pool"]["stolen"].get<int>() <= f["pool"]["tasks"].get<int>());
    CHECK(f["pool"]["peak_live"].get<int>() >= 1);
    CHECK(f["replayed"].get<int>() <= repeat);
    CHECK(f["record"]["p50_ns"].get<int64_t>() <= f["record"]["p99_ns"].get<int64_t>());
    CHECK(f["execute"]["p50_ns"].get<int64_t>() <= f["execute"]["p99_ns"].get<int64_t>());
    pool_tasks += f["pool"]["tasks"].get<int>();
  }
  CHECK(p["pool"]["tasks_executed"]["total"] == pool_tasks);

  REQUIRE(OnPath("ajv"));
  const auto data = Scratch() / "locomotion_profile.json";
  WriteFile(data, json.out);
  const ProcessRun ajv =
      Shell("ajv validate --spec=draft2020 --strict=false -s schemas/dump-profile.schema.json -d '" +
            data.string() + "'");
  INFO(ajv.out << ajv.err);
  CHECK(ajv.exit_code == 0);
}

TEST_CASE("profile --format trace: a slice per executed task, inside its frame's execution",
          "[cli_dump][profile]") {
  const Executed executed = ExecutedTasks();
  const ProcessRun trace = Dump("profile " + SampleArgs("locomotion") + kRange + " --repeat 3 -f trace");
  REQUIRE(trace.exit_code == 0);
  const nlohmann::json t = nlohmann::json::parse(trace.out);
  int tasks = 0, frames = 0;
  double execute_start = 0.0, execute_end = 0.0;
  for (const nlohmann::json& e : t["traceEvents"]) {
    if (e["ph"] != "X") continue;
    const std::string name = e["name"].get<std::string>();
    const double start = e["ts"].get<double>(), end = start + e["dur"].get<double>();
    if (name.rfind("frame ", 0) == 0) {
      ++frames;
    } else if (name == "execute") {
      execute_start = start;
      execute_end = end;
    } else if (name != "record") {
      INFO(name);
      CHECK(start >= execute_start - 1e-9);
      CHECK(end <= execute_end + 1e-9);
      tasks += name == "resolve" ? 0 : 1;
    }
  }
  CHECK(frames == 81);
  CHECK(tasks == executed.total);
}

TEST_CASE("profile: bad options and inputs exit as documented", "[cli_dump][profile]") {
  RequireOneErrorLine(Dump("profile " + SampleArgs("locomotion") + " --repeat 0"), "--repeat");
  RequireOneErrorLine(Dump("profile " + SampleArgs("locomotion") + " --frames 9:2"), "--frames");
  RequireOneErrorLine(Dump("profile " + SampleArgs("locomotion") + " --frames 0:480"), "out of range");
  RequireOneErrorLine(Dump("profile " + SampleArgs("locomotion") + " --format svg"), "--format");
  RequireOneErrorLine(Dump("profile /nonexistent/graph.yaml"), "/nonexistent/graph.yaml");
  RequireOneErrorLine(Dump("profile " + SampleArgs("locomotion") + " -o /nonexistent/dir/p.txt"), "p.txt");
  // A compiled program needs the graph it was compiled from for its assets, as everywhere.
  const auto bytecode = CompileToBytecode("samples/locomotion.yaml", "profile_locomotion");
  RequireOneErrorLine(Dump("profile '" + bytecode.string() + "'"), "pass --graph GRAPH");
  const ProcessRun with_graph =
      Dump("profile '" + bytecode.string() + "' --graph samples/locomotion.yaml --repeat 1 -f json");
  CHECK(with_graph.exit_code == 0);
}

}  // namespace anim::test
