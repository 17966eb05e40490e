// The worked example, dumped in `run`, is the seed's table (docs: seed "A worked example"): the
// thirteen recorded tasks with their dependencies and fields, the eight reachable ones, and the
// buffer traffic with its live counts, in the text output line for line and in the JSON.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "tests/cli_dump/dump_process.h"

namespace anim::test {
namespace {

constexpr const char* kRunFrame = " --frame 130";

// True when every token appears in `line`, in order.
bool InOrder(const std::string& line, const std::vector<std::string>& tokens) {
  std::size_t at = 0;
  for (const std::string& t : tokens) {
    at = line.find(t, at);
    if (at == std::string::npos) return false;
    at += t.size();
  }
  return true;
}

// The line of `lines` whose first word is `first`; empty when none.
std::string LineStartingWith(const std::vector<std::string>& lines, const std::string& first) {
  for (const std::string& line : lines) {
    const std::size_t begin = line.find_first_not_of(' ');
    if (begin != std::string::npos && line.compare(begin, first.size() + 1, first + " ") == 0) return line;
  }
  return "";
}

}  // namespace

TEST_CASE("worked example in run: the task list is the seed's, line for line", "[cli_dump][seed]") {
  const ProcessRun run = Dump("tasks " + SeedWorkedExampleArgs() + kRunFrame);
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  INFO(run.out);
  const std::vector<std::vector<std::string>> seed = {
      {"0", "SampleClip", "idle"},
      {"1", "SampleClip", "walk_fwd"},
      {"2", "SampleClip", "walk_back"},
      {"3", "Blend", "1, 2", "alpha 0.3"},
      {"4", "SampleClip", "run_fwd"},
      {"5", "SampleClip", "run_back"},
      {"6", "Blend", "4, 5", "alpha 0.3"},
      {"7", "SampleClip", "jump"},
      {"8", "Inertialize", "6", "current state is run"},
      {"9", "SampleClip", "aim_pose"},
      {"10", "MakeAdditive", "9"},
      {"11", "ApplyAdditive", "8, 10", "alpha 1.0"},
      {"12", "FootIK", "11"},
  };
  const std::vector<std::string> lines = Lines(run.out);
  int task_lines = 0;
  for (const auto& tokens : seed) {
    const std::string line = LineStartingWith(lines, tokens[0]);
    INFO("seed line for task " << tokens[0] << ": " << line);
    CHECK(InOrder(line, tokens));
    ++task_lines;
  }
  CHECK(task_lines == 13);
  CHECK(run.out.find("output task 12") != std::string::npos);
  CHECK(run.out.find("8 of 13 tasks reachable") != std::string::npos);
}

TEST_CASE("worked example in run: the buffer timeline is the seed's, line for line", "[cli_dump][seed]") {
  const ProcessRun run = Dump("timeline " + SeedWorkedExampleArgs() + kRunFrame);
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  INFO(run.out);
  // Task, action, live buffers after: the seed's "Buffer traffic for the reachable set", except
  // from task 8 on. The seed's Inertialize keeps its buffer and copies it into the seam's history;
  // here it hands the buffer over to the history (docs/architecture.md, "Seam history by handover"),
  // so buffer 0 goes back to the pool at once and the aim layer reuses it.
  const std::vector<std::vector<std::string>> seed = {
      {"4 SampleClip run_fwd", "acquire buffer 0", "1"},
      {"5 SampleClip run_back", "acquire buffer 1", "2"},
      {"6 Blend 4, 5", "steal buffer 0", "release buffer 1", "1"},
      {"8 Inertialize 6", "steal buffer 0 from task 6", "hand it over to the seam's history",
       "release buffer 0", "0"},
      {"9 SampleClip aim_pose", "acquire buffer 0", "1"},
      {"10 MakeAdditive 9", "steal buffer 0 from task 9", "1"},
      {"11 ApplyAdditive 8, 10", "steal buffer 0 from task 10", "1"},
      {"12 FootIK 11", "steal buffer 0", "1"},
  };
  const std::vector<std::string> lines = Lines(run.out);
  std::vector<std::string> rows;  // the table body, after the header line
  bool body = false;
  for (const std::string& line : lines) {
    if (body) rows.push_back(line);
    if (line.rfind("task", 0) == 0) body = true;
  }
  REQUIRE(rows.size() == seed.size());
  for (std::size_t i = 0; i < seed.size(); ++i) {
    INFO("row " << i << ": " << rows[i]);
    CHECK(InOrder(rows[i], seed[i]));
    // The live count is the last column.
    CHECK(rows[i].substr(rows[i].find_last_of(' ') + 1) == seed[i].back());
  }
  CHECK(run.out.find("peak 2 live buffers") != std::string::npos);
}

TEST_CASE("worked example in run: the JSON holds the seed's list, reachability and buffers",
          "[cli_dump][seed]") {
  const ProcessRun tasks = Dump("tasks " + SeedWorkedExampleArgs() + kRunFrame + " --format json");
  const ProcessRun timeline = Dump("timeline " + SeedWorkedExampleArgs() + kRunFrame + " --format json");
  REQUIRE(tasks.exit_code == 0);
  REQUIRE(timeline.exit_code == 0);
  const auto t = nlohmann::json::parse(tasks.out);
  const auto b = nlohmann::json::parse(timeline.out);
  CHECK(t["format_version"] == 1);
  CHECK(t["frame"] == 130);
  CHECK(t["output_task"] == 12);
  CHECK(t["reachable_count"] == 8);
  CHECK(t["peak_live_buffers"] == 2);
  const std::vector<std::string> types = {
      "SampleClip", "SampleClip",  "SampleClip", "Blend",        "SampleClip",    "SampleClip", "Blend",
      "SampleClip", "Inertialize", "SampleClip", "MakeAdditive", "ApplyAdditive", "FootIK"};
  const std::vector<std::vector<int>> deps = {{}, {},  {}, {1, 2}, {},      {},  {4, 5},
                                              {}, {6}, {}, {9},    {8, 10}, {11}};
  REQUIRE(t["tasks"].size() == 13);
  for (std::size_t i = 0; i < 13; ++i) {
    INFO("task " << i);
    CHECK(t["tasks"][i]["index"] == i);
    CHECK(t["tasks"][i]["type"] == types[i]);
    CHECK(t["tasks"][i]["deps"].get<std::vector<int>>() == deps[i]);
    const bool reachable = i >= 4 && i != 7;
    CHECK(t["tasks"][i]["reachable"] == reachable);
    CHECK(t["tasks"][i]["node"].is_string());
  }
  CHECK(t["tasks"][0]["fields"]["clip"] == "idle");
  CHECK(t["tasks"][3]["fields"]["alpha"].get<double>() == Approx(0.3));
  CHECK(t["tasks"][11]["fields"]["alpha"].get<double>() == Approx(1.0));
  CHECK(t["tasks"][8]["fields"]["state"] == "run");

  CHECK(b["executed"].get<std::vector<int>>() == std::vector<int>{4, 5, 6, 8, 9, 10, 11, 12});
  // Task, stole, buffer, live buffers after (the timeline test above says where it leaves the seed's).
  const int table[8][4] = {{4, 0, 0, 1}, {5, 0, 1, 2},  {6, 1, 0, 1},  {8, 1, 0, 0},
                           {9, 0, 0, 1}, {10, 1, 0, 1}, {11, 1, 0, 1}, {12, 1, 0, 1}};
  for (const auto& row : table) {
    INFO("task " << row[0]);
    const auto& task = b["tasks"][static_cast<std::size_t>(row[0])];
    CHECK(task["stole_buffer"] == (row[1] == 1));
    CHECK(task["handed_over"] == (row[0] == 8));
    CHECK(task["buffer"] == row[2]);
    CHECK(task["live_buffers"] == row[3]);
  }
  CHECK(b["tasks"][6]["action"]["released"] == nlohmann::json::array({1}));
  CHECK(b["tasks"][6]["action"]["stolen_from"] == 4);
  CHECK(b["tasks"][11]["action"]["stolen_from"] == 10);  // not 8, whose buffer left before
  for (int pruned : {0, 1, 2, 3, 7})
    CHECK(b["tasks"][static_cast<std::size_t>(pruned)]["exec_order"].is_null());
}

}  // namespace anim::test
