// `anim-dump report` (issue 19): the HTML debugger opened in a real browser (Debian's chromium,
// driven by playwright-core from tests/cli_dump/report_browser.js; tools/install-deps installs
// both). The page loads nothing but itself and logs no error; scrubbed to a frame like a person
// would, it shows the task list `anim-dump tasks` prints and draws the joints `anim-dump pose`
// prints and the IK targets of the solvers `tasks` lists; its screenshot, kept in the build tree
// (artifacts/report_locomotion.png, which CI keeps), is not blank. Names that try to close the data's
// <script> element stay data, and a run longer than a report holds is one error line.
#include <catch2/catch.hpp>

#include <cctype>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/cli_dump/dump_process.h"
#include "tests/support/bytecode_edits.h"

namespace anim::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

std::string Quoted(const fs::path& path) {
  return "'" + path.string() + "'";
}

// The browser and its driver; missing, the test fails and says where they come from.
void RequireBrowser() {
  {
    INFO("node is not on PATH: tools/install-deps installs it (Debian's nodejs)");
    REQUIRE(OnPath("node"));
  }
  {
    INFO("/usr/bin/chromium is missing: tools/install-deps installs it (Debian's chromium)");
    REQUIRE(fs::exists("/usr/bin/chromium"));
  }
  const ProcessRun driver =
      Shell("NODE_PATH=\"$(npm root --global)\" node -e \"require('playwright-core')\"");
  INFO("npm's playwright-core is missing: tools/install-deps installs it\n" << driver.err);
  REQUIRE(driver.exit_code == 0);
}

// What report_browser.js saw of `report` scrubbed to `frame`, its screenshot saved to `screenshot`.
Json OpenInBrowser(const fs::path& report, int frame, const fs::path& screenshot) {
  RequireBrowser();
  fs::create_directories(screenshot.parent_path());
  const ProcessRun run = Shell("NODE_PATH=\"$(npm root --global)\" node tests/cli_dump/report_browser.js " +
                               Quoted(report) + " " + std::to_string(frame) + " " + Quoted(screenshot));
  INFO("report_browser.js stderr: " << run.err);
  REQUIRE(run.exit_code == 0);
  Json seen;
  REQUIRE_NOTHROW(seen = Json::parse(run.out));
  INFO(seen.dump(1).substr(0, 4000));
  CHECK(seen["requests"] == Json::array({seen["url"]}));  // nothing but the file itself
  CHECK(seen["errors"] == Json::array());
  CHECK(seen["frame"] == frame);
  CHECK(seen["slider"] == frame);
  CHECK(seen["skeleton_frame"] == frame);
  return seen;
}

fs::path WriteReport(const std::string& args, const std::string& name) {
  const fs::path report = Scratch() / name;
  const ProcessRun run = Dump("report " + args + " -o " + Quoted(report));
  INFO("stderr: " << run.err);
  REQUIRE(run.exit_code == 0);
  REQUIRE(run.err.empty());
  return report;
}

// The data the page embeds, parsed.
Json ReportData(const std::string& page) {
  const std::string open = "<script type=\"application/json\" id=\"report-data\">";
  const std::size_t start = page.find(open);
  REQUIRE(start != std::string::npos);
  const std::size_t end = page.find("</script>", start);
  REQUIRE(end != std::string::npos);
  Json data;
  REQUIRE_NOTHROW(data = Json::parse(page.substr(start + open.size(), end - start - open.size())));
  return data;
}

std::size_t Count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size()))
    ++n;
  return n;
}

std::string Lower(std::string text) {
  for (char& c : text)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

}  // namespace

TEST_CASE("anim-dump report in a browser: scrubbed to a frame it shows what tasks and pose print for it",
          "[report]") {
  constexpr int kFrame = 235;  // locomotion blends from airborne into moving: pruned tasks and steals
  const fs::path report = WriteReport(SampleArgs("locomotion"), "report.html");
  const std::string page = ReadFile(report);
  CHECK(page.find("://") == std::string::npos);  // no address of anything to load
  const Json data = ReportData(page);
  CHECK(data["frames"]["time"].size() == 480);  // the whole scenario by default

  const fs::path screenshot = fs::path(ANIMTC_BUILD_DIR) / "artifacts" / "report_locomotion.png";
  fs::remove(screenshot);
  const Json seen = OpenInBrowser(report, kFrame, screenshot);

  const ProcessRun tasks_run =
      Dump("tasks " + SampleArgs("locomotion") + " --frame " + std::to_string(kFrame) + " --format json");
  REQUIRE(tasks_run.exit_code == 0);
  const Json tasks = Json::parse(tasks_run.out)["tasks"];
  REQUIRE(seen["tasks"].size() == tasks.size());
  bool pruned = false, stolen = false;
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    INFO("task " << i);
    CHECK(seen["tasks"][i]["index"] == i);
    CHECK(seen["tasks"][i]["type"] == tasks[i]["type"]);
    CHECK(seen["tasks"][i]["reachable"] == tasks[i]["reachable"]);
    pruned = pruned || !tasks[i]["reachable"].get<bool>();
    const bool steals = seen["tasks"][i]["buffer"].get<std::string>().starts_with("steal");
    CHECK(steals == tasks[i]["stole_buffer"].get<bool>());
    stolen = stolen || steals;
  }
  CHECK(pruned);  // the frame shows both kinds of task and both kinds of buffer
  CHECK(stolen);

  const ProcessRun pose_run =
      Dump("pose " + SampleArgs("locomotion") + " --frame " + std::to_string(kFrame) + " --format json");
  REQUIRE(pose_run.exit_code == 0);
  const Json bones = Json::parse(pose_run.out)["bones"];
  REQUIRE(seen["joints"].size() == bones.size());
  for (std::size_t b = 0; b < bones.size(); ++b) {
    for (std::size_t axis = 0; axis < 3; ++axis) {
      INFO("bone " << bones[b]["name"] << " axis " << axis);
      CHECK(std::abs(seen["joints"][b][axis].get<double>() -
                     bones[b]["model_columns"][3][axis].get<double>()) <= 1e-4);
    }
  }

  // The IK targets it marked are the frame's reachable solvers' (`tasks`): look-at's point, and
  // each foot IK's ground height under its foot (`pose`), labelled with the solver's node.
  const auto bone_at = [&](const std::string& name) {
    for (const Json& bone : bones) {
      if (bone["name"] == name) return bone["model_columns"][3];
    }
    FAIL("no bone " << name);
    return Json();
  };
  Json expected = Json::array();
  for (const Json& task : tasks) {
    if (!task["reachable"].get<bool>()) continue;
    const Json& fields = task["fields"];
    if (task["type"] == "FootIK") {
      const Json foot = bone_at(fields["bones"][2]);
      expected.push_back(
          {{"node", task["node"]}, {"ground", true}, {"at", {foot[0], fields["ground_height"], foot[2]}}});
    } else if (task["type"] == "LookAt" || task["type"] == "TwoBoneIK" || task["type"] == "FABRIK") {
      expected.push_back({{"node", task["node"]}, {"ground", false}, {"at", fields["target"]}});
    }
  }
  CHECK(expected.size() == 3);  // locomotion: the look-at and both feet
  REQUIRE(seen["targets"].size() == expected.size());
  for (std::size_t t = 0; t < expected.size(); ++t) {
    INFO("IK target " << t << ": " << expected[t].dump());
    CHECK(seen["targets"][t]["node"] == expected[t]["node"]);
    CHECK(seen["targets"][t]["ground"] == expected[t]["ground"]);
    for (std::size_t axis = 0; axis < 3; ++axis)
      CHECK(std::abs(seen["targets"][t]["at"][axis].get<double>() - expected[t]["at"][axis].get<double>()) <=
            1e-4);
  }

  // A page of panels, not a blank one: many colours, and a good part of it drawn on.
  REQUIRE(fs::exists(screenshot));
  CHECK(seen["screenshot"]["colours"].get<int>() > 200);
  CHECK(seen["screenshot"]["drawn_fraction"].get<double>() > 0.1);
}

TEST_CASE("anim-dump report: names that try to end the data's script element stay data", "[report]") {
  // The litmus sample with names that close the <script> element (in any case), open a comment,
  // quote, and hold control characters; its machine's name made ill-formed UTF-8 in the program.
  const std::string node = "</script><script>console.error('injected')</script><!--";
  std::string graph = ReadFile(fs::path(ANIMTC_SOURCE_DIR) / "samples/litmus.yaml");
  const auto replace = [&](const std::string& from, const std::string& to) {
    for (std::size_t at = graph.find(from); at != std::string::npos; at = graph.find(from, at + to.size()))
      graph.replace(at, from.size(), to);
  };
  replace("litmus/", (fs::path(ANIMTC_SOURCE_DIR) / "samples/litmus").string() + "/");
  replace("chain", "\"</script><script>console.error('injected')</script><!--\"");
  replace("{clip: ", "{\"cl\\\"ip'</SCRIPT >\\e[31m\": ");
  replace("from: clip", "from: \"cl\\\"ip'</SCRIPT >\\e[31m\"");
  replace("to: clip", "to: \"cl\\\"ip'</SCRIPT >\\e[31m\"");
  replace("initial: clip", "initial: \"cl\\\"ip'</SCRIPT >\\e[31m\"");
  WriteFile(Scratch() / "script_names.yaml", graph);
  const fs::path program =
      CompileToBytecode((Scratch() / "script_names.yaml").string(), "script_names.animbc");
  std::string bytes = ReadFile(program);
  REQUIRE(bytes.find("states") != std::string::npos);
  for (std::size_t at = bytes.find("states"); at != std::string::npos; at = bytes.find("states", at + 6))
    bytes.replace(at, 6, "st\xff\xc0te");
  std::vector<uint8_t> resealed(bytes.begin(), bytes.end());
  ResealProgram(resealed);
  WriteFile(program, std::string(resealed.begin(), resealed.end()));

  const fs::path report =
      WriteReport(Quoted(program) + " --graph " + Quoted(Scratch() / "script_names.yaml") +
                      " --scenario samples/litmus.scenario.yaml --frames 40:90",
                  "script_names.html");
  const std::string page = ReadFile(report);
  CHECK(Count(Lower(page), "</script") == 2);  // the data's and the script's own
  CHECK(Count(page, "<!--") == 0);
  const Json data = ReportData(page);
  CHECK(data["meta"]["machines"][0]["name"] == "st\\xff\\xc0te");  // shown as the text outputs show it
  CHECK(data["meta"]["machines"][0]["states"][0] == "cl\"ip'</SCRIPT >\\x1b[31m");
  CHECK(data["meta"]["first_frame"] == 40);
  CHECK(data["frames"]["time"].size() == 51);

  const Json seen = OpenInBrowser(report, 70, Scratch() / "script_names.png");
  bool shown = false;
  for (const Json& task : seen["tasks"])
    shown = shown || task["node"] == node;
  CHECK(shown);  // the node's name is text in the table, not markup
}

TEST_CASE("anim-dump report: a run longer than a report holds is one error line", "[report]") {
  std::string scenario = ReadFile(fs::path(ANIMTC_SOURCE_DIR) / "samples/litmus.scenario.yaml");
  scenario.replace(scenario.find("frames: 300"), 11, "frames: 2001");
  WriteFile(Scratch() / "long.scenario.yaml", scenario);
  const std::string args = "samples/litmus.yaml --scenario " + Quoted(Scratch() / "long.scenario.yaml");
  const fs::path out = Scratch() / "long.html";
  for (const std::string& frames : {std::string(), std::string(" --frames 0:2000")}) {
    const ProcessRun run = Dump("report " + args + frames + " -o " + Quoted(out));
    INFO(run.err);
    CHECK(run.exit_code == 2);
    CHECK(run.err.find("a report holds at most 2000 frames") != std::string::npos);
    CHECK(Count(run.err, "\n") == 1);
    CHECK_FALSE(fs::exists(out));
  }
  const ProcessRun fits = Dump("report " + args + " --frames 1:2000 -o " + Quoted(out));
  INFO(fits.err);
  CHECK(fits.exit_code == 0);
}

}  // namespace anim::test
