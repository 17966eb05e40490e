// The timeline's pictures over a whole run (issue 19): the SVG draws frames along the time axis, a
// run of frames with the same buffer timeline once (counted ×N, as `timeline --format json` tells
// them apart), the chosen range, a legend, at a bounded size; the trace covers the scenario by
// default, with a counter per parameter (the values `report` shows) and the live buffers, and an
// instant event where `run` shows a transition starting and where its blend ends. And the root's
// trajectory, whose frame numbers do not pile up where the root stands still.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tests/cli_dump/dump_process.h"

namespace anim::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr int kLocomotionFrames = 480;

// The picture, checked to be well-formed XML.
std::string Svg(const std::string& args, const std::string& name) {
  const ProcessRun run = Dump("timeline " + SampleArgs("locomotion") + " --format svg " + args);
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  INFO("xmllint is not on PATH: tools/install-deps installs it");
  REQUIRE(OnPath("xmllint"));
  const fs::path file = Scratch() / (name + ".svg");
  WriteFile(file, run.out);
  const ProcessRun lint = Shell("xmllint --noout '" + file.string() + "'");
  INFO(lint.err);
  REQUIRE(lint.exit_code == 0);
  return run.out;
}

// The integer value of attribute `name` in the element starting at `at`.
int Attribute(const std::string& svg, std::size_t at, const std::string& name) {
  const std::size_t end = svg.find('>', at);
  const std::size_t found = svg.find(" " + name + "=\"", at);
  REQUIRE(found < end);
  return std::stoi(svg.substr(found + name.size() + 3));
}

struct Group {
  int first = 0;
  int count = 0;
  int box_x = -1;  // its first task box's x
};

// The frame groups the picture draws, in order.
std::vector<Group> Groups(const std::string& svg) {
  std::vector<Group> groups;
  const std::string open = "<g class=\"frame\"";
  for (std::size_t at = svg.find(open); at != std::string::npos; at = svg.find(open, at + 1)) {
    Group g{Attribute(svg, at, "data-first"), Attribute(svg, at, "data-count")};
    const std::size_t box = svg.find("<g class=\"task\">", at);
    if (box != std::string::npos && box < svg.find(open, at + 1))
      g.box_x = Attribute(svg, svg.find("<rect", box), "x");
    groups.push_back(g);
  }
  return groups;
}

// Runs of frames whose tasks the executor treated alike, by `timeline --format json`: the same
// tasks executed in the same order, each with the same buffer and action.
std::vector<Group> RunsFromJson(const std::string& frames) {
  const ProcessRun run =
      Dump("timeline " + SampleArgs("locomotion") + " --frames " + frames + " --format json");
  REQUIRE(run.exit_code == 0);
  std::vector<Group> runs;
  std::string previous;
  for (const Json& frame : Json::parse(run.out)) {
    Json what = Json::array();
    for (const Json& t : frame["tasks"])
      what.push_back({t["type"], t["deps"], t["reachable"], t["exec_order"], t["buffer"], t["stole_buffer"],
                      t["handed_over"], t["live_buffers"], t["action"]});
    if (what.dump() != previous) runs.push_back({frame["frame"].get<int>(), 0});
    ++runs.back().count;
    previous = what.dump();
  }
  return runs;
}

int Size(const std::string& svg, const std::string& name) {
  return Attribute(svg, svg.find("<svg"), name);
}

Json Trace(const std::string& args, const std::string& sample = "locomotion") {
  const ProcessRun run = Dump("timeline " + SampleArgs(sample) + " --format trace " + args);
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  return Json::parse(run.out)["traceEvents"];
}

// The data `report` embeds for one frame of a sample.
Json ReportFrame(const std::string& sample, int frame) {
  const fs::path page = Scratch() / ("timeline_params_" + sample + ".html");
  const std::string range = std::to_string(frame) + ":" + std::to_string(frame);
  const ProcessRun run =
      Dump("report " + SampleArgs(sample) + " --frames " + range + " -o '" + page.string() + "'");
  REQUIRE(run.exit_code == 0);
  const std::string html = ReadFile(page);
  const std::string open = "<script type=\"application/json\" id=\"report-data\">";
  const std::size_t start = html.find(open);
  REQUIRE(start != std::string::npos);
  return Json::parse(html.substr(start + open.size(), html.find("</script>", start) - start - open.size()));
}

// A frame's counters in the trace, by name, and the most live buffers counted during it.
struct FrameCounters {
  std::map<std::string, Json> params;
  int live_peak = -1;
};

FrameCounters CountersOf(const Json& events, int frame) {
  long start = -1, end = -1;
  for (const Json& e : events) {
    if (e["ph"] == "X" && e["tid"] == 0 && e["name"] == "frame " + std::to_string(frame)) {
      start = e["ts"].get<long>();
      end = start + e["dur"].get<long>();
    }
  }
  REQUIRE(start >= 0);
  FrameCounters counters;
  for (const Json& e : events) {
    if (e["ph"] != "C") continue;
    const long ts = e["ts"].get<long>();
    if (e["name"] == "live buffers" && ts >= start && ts < end)
      counters.live_peak = std::max(counters.live_peak, e["args"]["value"].get<int>());
    else if (ts == start)
      counters.params[e["name"].get<std::string>()] = e["args"];
  }
  return counters;
}

// Every parameter of `sample` has a counter at `frame`'s start holding what `report` shows of
// it: a float, whole numbers for a bool, int or trigger, x, y and z for a vector.
FrameCounters RequireParamCounters(const std::string& sample, int frame) {
  const std::string range = std::to_string(frame - 2) + ":" + std::to_string(frame + 2);
  const FrameCounters counters = CountersOf(Trace("--frames " + range, sample), frame);
  const Json data = ReportFrame(sample, frame);
  const Json& values = data["frames"]["params"][0];
  std::size_t component = 0;
  for (const Json& p : data["meta"]["params"]) {
    const std::string name = "param " + p["name"].get<std::string>();
    INFO(sample << " frame " << frame << ": " << name);
    REQUIRE(counters.params.count(name) == 1);
    const Json& args = counters.params.at(name);
    const bool vector = p["components"] == 3;
    for (const char* axis : {"x", "y", "z"}) {
      const Json& value = vector ? args[axis] : args["value"];
      CHECK(value.get<double>() == Approx(values[component++].get<double>()).margin(1e-4));
      if (!vector) break;
    }
    if (p["type"] == "bool" || p["type"] == "int" || p["type"] == "trigger")
      CHECK(args["value"].is_number_integer());
  }
  CHECK(component == values.size());
  return counters;
}

}  // namespace

TEST_CASE("timeline svg: frames along the time axis, a box per task", "[cli_dump][svg]") {
  const std::string svg = Svg("--frames 19:21 --all-frames", "timeline_19_21");
  const std::vector<Group> groups = Groups(svg);
  REQUIRE(groups.size() == 3);
  for (int i = 0; i < 3; ++i) {
    CHECK(groups[static_cast<std::size_t>(i)].first == 19 + i);
    CHECK(groups[static_cast<std::size_t>(i)].count == 1);
  }
  // Frame 21 starts the walk: all on one line, each frame to the right of the one before.
  CHECK(groups[0].box_x < groups[1].box_x);
  CHECK(groups[1].box_x < groups[2].box_x);
  CHECK(svg.find("<title>1 SampleClip walk_fwd (move.samples[1]): acquires buffer 1</title>") !=
        std::string::npos);
  CHECK(svg.find("<title>2 Blend (move): steals buffer 1 from task 1</title>") != std::string::npos);
  CHECK(svg.find("locomotion: idle -&gt; moving starts (crossfade)") != std::string::npos);
}

TEST_CASE("timeline svg: the legend says what each mark means", "[cli_dump][svg]") {
  const std::string svg = Svg("--frame 130", "timeline_130");
  for (const char* words :
       {"acquires a pool buffer", "steals its input's buffer", "handed over to seam history", "tasks not run",
        "animation event fired", "transition starts", "identical frames drawn once",
        "live buffers after the step"}) {
    INFO(words);
    CHECK(svg.find(words) != std::string::npos);
  }
  REQUIRE(Groups(svg).size() == 1);
}

TEST_CASE("timeline svg: the whole scenario by default, each run of identical frames drawn once",
          "[cli_dump][svg]") {
  const std::string svg = Svg("", "timeline_locomotion");
  const std::vector<Group> groups = Groups(svg);
  const std::vector<Group> runs = RunsFromJson("0:" + std::to_string(kLocomotionFrames - 1));
  REQUIRE(groups.size() == runs.size());
  int frames = 0;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    INFO("run " << i);
    CHECK(groups[i].first == runs[i].first);
    CHECK(groups[i].count == runs[i].count);
    frames += groups[i].count;
  }
  CHECK(frames == kLocomotionFrames);
  CHECK(runs.size() < 40);  // the locomotion sample changes its tasks a few dozen times
  const std::string title = std::to_string(runs.size()) + " of 480 frames drawn; " +
                            std::to_string(kLocomotionFrames - static_cast<int>(runs.size())) + " identical";
  CHECK(svg.find(title) != std::string::npos);
  CHECK(svg.find("×30</tspan>") != std::string::npos);  // frames 31-60 walk alike
  // A picture that fits a few screens (it was 3,100 x 95,640 pixels, each frame stacked).
  CHECK(Size(svg, "width") <= 2600);
  CHECK(Size(svg, "height") <= 2500);
}

TEST_CASE("timeline svg: a chosen range, collapsed unless --all-frames", "[cli_dump][svg]") {
  const std::vector<Group> groups = Groups(Svg("--frames 100:200", "timeline_100_200"));
  const std::vector<Group> runs = RunsFromJson("100:200");
  REQUIRE(groups.size() == runs.size());
  CHECK(groups.front().first == 100);
  int frames = 0;
  for (const Group& g : groups)
    frames += g.count;
  CHECK(frames == 101);
  const std::vector<Group> every = Groups(Svg("--frames 100:200 --all-frames", "timeline_100_200_all"));
  REQUIRE(every.size() == 101);
  CHECK(every.back().first == 200);
  RequireOneErrorLine(Dump("timeline " + SampleArgs("locomotion") + " --all-frames --format json"),
                      "--all-frames");
}

TEST_CASE("timeline trace: the whole scenario by default", "[cli_dump][trace]") {
  const Json events = Trace("");
  std::set<int> frames;
  for (const Json& e : events)
    if (e["ph"] == "X" && e["tid"] == 0) frames.insert(std::stoi(e["name"].get<std::string>().substr(6)));
  REQUIRE(frames.size() == kLocomotionFrames);
  CHECK(*frames.begin() == 0);
  CHECK(*frames.rbegin() == kLocomotionFrames - 1);
  // --frame still picks one.
  int slices = 0;
  for (const Json& e : Trace("--frame 130"))
    slices += e["ph"] == "X" && e["tid"] == 0 ? 1 : 0;
  CHECK(slices == 1);
}

TEST_CASE("timeline trace: a counter per parameter with the values report shows, and the live buffers",
          "[cli_dump][trace]") {
  // Frame 195 reads the jump's trigger; the litmus sample's bool is on at frame 100.
  const FrameCounters jump = RequireParamCounters("locomotion", 195);
  CHECK(jump.params.size() == 6);
  CHECK(jump.params.at("param jump")["value"] == 1);
  CHECK(jump.live_peak == 3);  // as `run` says of frame 195
  const FrameCounters litmus = RequireParamCounters("litmus", 100);
  CHECK(litmus.params.at("param toggle")["value"] == 1);
  CHECK(RequireParamCounters("litmus", 10).params.at("param toggle")["value"] == 0);
}

TEST_CASE("timeline trace: transitions start where run says, and finish where their blend ends",
          "[cli_dump][trace]") {
  const ProcessRun run = Dump("run " + SampleArgs("locomotion") + " --format json");
  REQUIRE(run.exit_code == 0);
  std::set<std::pair<int, std::string>> started, finished;
  bool blending = false;
  const Json frames = Json::parse(run.out)["frames"];
  for (const Json& f : frames) {
    const Json& m = f["machines"][0];
    const int frame = f["frame"].get<int>();
    if (!m["transition_started"].is_null())
      started.insert({frame, m["transition_started"].get<std::string>()});
    if (blending && !m["blending"].get<bool>()) finished.insert({frame, ""});
    blending = m["blending"].get<bool>();
  }
  REQUIRE(started.size() == 6);
  std::set<std::pair<int, std::string>> trace_started, trace_finished;
  std::map<std::string, std::string> blends;  // by transition
  for (const Json& e : Trace("")) {
    if (e["ph"] != "i" || !e["args"].contains("machine")) continue;
    const Json& a = e["args"];
    CHECK(a["machine"] == "locomotion");
    blends[a["from"].get<std::string>() + " -> " + a["to"].get<std::string>()] =
        a["blend"].get<std::string>();
    const int frame = a["frame"].get<int>();
    if (a["phase"] == "starts") {
      trace_started.insert({frame, a["from"].get<std::string>() + " -> " + a["to"].get<std::string>()});
      CHECK(e["name"] == "transition locomotion: " + a["from"].get<std::string>() + " -> " +
                             a["to"].get<std::string>() + " starts");
    } else {
      CHECK(a["phase"] == "finishes");
      trace_finished.insert({frame, ""});
    }
  }
  CHECK(trace_started == started);
  CHECK(trace_finished == finished);
  // As samples/locomotion.yaml writes them (inertialize when it names none).
  CHECK(blends == std::map<std::string, std::string>{{"idle -> moving", "crossfade"},
                                                     {"moving -> idle", "inertialize"},
                                                     {"any -> airborne", "dead_blend"},
                                                     {"airborne -> moving", "inertialize"},
                                                     {"airborne -> idle", "crossfade"}});
}

TEST_CASE("the root trajectory labels frames apart where the root stands still", "[cli_dump][root]") {
  const ProcessRun run = Dump("root " + SampleArgs("locomotion") + " --format svg");
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  // Heading marks are <line ... stroke="#c04020"/>; frame numbers <text ... fill="#555">N</text>.
  int marks = 0;
  for (std::size_t at = 0; (at = run.out.find("stroke=\"#c04020\"", at)) != std::string::npos; ++at)
    ++marks;
  std::vector<std::pair<double, double>> labels;
  std::set<int> frames;
  for (const std::string& line : Lines(run.out)) {
    if (!line.starts_with("<text x=\"") || line.find("fill=\"#555\">") == std::string::npos) continue;
    const double x = std::stod(line.substr(9));
    const double y = std::stod(line.substr(line.find("y=\"") + 3));
    frames.insert(std::stoi(line.substr(line.find('>') + 1)));
    labels.emplace_back(x, y);
  }
  // The sample stands still at its end: those marks share one place and one number.
  CHECK(marks >= 20);
  CHECK(labels.size() >= 10);
  CHECK(static_cast<int>(labels.size()) < marks);
  CHECK(frames.count(0) == 1);
  for (std::size_t i = 0; i < labels.size(); ++i)
    for (std::size_t j = i + 1; j < labels.size(); ++j)
      CHECK(std::hypot(labels[i].first - labels[j].first, labels[i].second - labels[j].second) >= 28.0);
}

}  // namespace anim::test
