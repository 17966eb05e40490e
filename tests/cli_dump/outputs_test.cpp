// Every JSON output validates against its schema with a real JSON Schema validator (ajv-cli), the
// DOT output renders with Graphviz, the trace has one track per pool buffer, the SVG shows every
// executed task; `run`, `dis`, `validate`, standard input, -o and --help behave as documented.
#include <catch2/catch.hpp>

#include <algorithm>

#include <nlohmann/json.hpp>
#include <set>

#include "tests/cli_dump/dump_process.h"

namespace anim::test {
namespace {

namespace fs = std::filesystem;

void RequireTool(const std::string& tool, const std::string& why) {
  INFO(tool << " is not on PATH: " << why << "; tools/install-deps installs it");
  REQUIRE(OnPath(tool));
}

// Validates `json` against schemas/<schema> with ajv.
void RequireValid(const std::string& json, const std::string& schema, const std::string& name) {
  RequireTool("ajv", "the JSON Schema tests need ajv-cli");
  const fs::path data = Scratch() / (name + ".json");
  WriteFile(data, json);
  const ProcessRun run = Shell("ajv validate --spec=draft2020 --strict=false -s 'schemas/" + schema +
                               "' -d '" + data.string() + "'");
  INFO(name << " against " << schema << ":\n" << run.out << run.err);
  REQUIRE(run.exit_code == 0);
}

}  // namespace

TEST_CASE("every JSON output validates against its schema", "[cli_dump][schema]") {
  for (const char* sample : {"worked_example", "locomotion", "litmus"}) {
    INFO("sample " << sample);
    for (const char* command : {"tasks", "reach", "timeline"}) {
      const std::string schema = std::string("dump-") + command + ".schema.json";
      const ProcessRun one = Dump(std::string(command) + " " + SampleArgs(sample) + " --format json");
      REQUIRE(one.exit_code == 0);
      RequireValid(one.out, schema, std::string(sample) + "_" + command);
      const ProcessRun many =
          Dump(std::string(command) + " " + SampleArgs(sample) + " --frames 100:110 --format json");
      REQUIRE(many.exit_code == 0);
      REQUIRE(nlohmann::json::parse(many.out).size() == 11);
      RequireValid(many.out, schema, std::string(sample) + "_" + command + "_frames");
    }
    const ProcessRun pose = Dump("pose " + SampleArgs(sample) + " --format json");
    REQUIRE(pose.exit_code == 0);
    RequireValid(pose.out, "dump-pose.schema.json", std::string(sample) + "_pose");
    const ProcessRun poses = Dump("pose " + SampleArgs(sample) + " --frames 100:110 --format json");
    REQUIRE(poses.exit_code == 0);
    REQUIRE(nlohmann::json::parse(poses.out).size() == 11);
    RequireValid(poses.out, "dump-pose.schema.json", std::string(sample) + "_pose_frames");
    const ProcessRun trace = Dump("timeline " + SampleArgs(sample) + " --format trace");  // the whole run
    REQUIRE(trace.exit_code == 0);
    RequireValid(trace.out, "dump-trace.schema.json", std::string(sample) + "_trace");
    const ProcessRun events = Dump("events " + SampleArgs(sample) + " --format json");
    REQUIRE(events.exit_code == 0);
    RequireValid(events.out, "dump-events.schema.json", std::string(sample) + "_events");
    for (const char* final_output : {"pose", "skinning"}) {
      const ProcessRun run =
          Dump("run " + SampleArgs(sample) + " --frames 0:29 --format json --final " + final_output);
      REQUIRE(run.exit_code == 0);
      RequireValid(run.out, "dump-run.schema.json", std::string(sample) + "_run_" + final_output);
    }
  }
}

TEST_CASE("events: the locomotion sample's footsteps and jumps, as text and JSON", "[cli_dump][events]") {
  const ProcessRun text = Dump("events " + SampleArgs("locomotion"));
  REQUIRE(text.exit_code == 0);
  CHECK(text.out.find("jump_start  instant  state   locomotion.airborne") != std::string::npos);
  CHECK(text.out.find("24 events in 480 frames: footstep_l 10, footstep_r 10, jump_start 2, landed 2") !=
        std::string::npos);
  const ProcessRun json = Dump("events " + SampleArgs("locomotion") + " --format json");
  REQUIRE(json.exit_code == 0);
  const nlohmann::json frames = nlohmann::json::parse(json.out);
  int count = 0;
  for (const auto& frame : frames)
    for (const auto& event : frame["events"]) {
      ++count;
      CHECK(event["weight"].get<double>() > 0.0);
    }
  CHECK(count == 24);
  // The timeline marks them: an instant event on the trace's frames track, the SVG's frame heading.
  const ProcessRun trace = Dump("timeline " + SampleArgs("locomotion") + " --frames 190:200 --format trace");
  REQUIRE(trace.exit_code == 0);
  RequireValid(trace.out, "dump-trace.schema.json", "locomotion_trace_events");
  int instants = 0;
  const nlohmann::json trace_json = nlohmann::json::parse(trace.out);
  for (const auto& event : trace_json["traceEvents"])
    if (event["ph"] == "i" && event["name"].get<std::string>().starts_with("event ")) {
      ++instants;
      CHECK(event["tid"] == 0);
    }
  CHECK(instants == 2);  // frame 193's footstep, frame 195's take-off
  const ProcessRun svg = Dump("timeline " + SampleArgs("locomotion") + " --frames 195:195 --format svg");
  REQUIRE(svg.exit_code == 0);
  CHECK(svg.out.find("; events: jump_start") != std::string::npos);
  // The worked example declares none: an empty list, and a count of nothing.
  const ProcessRun none = Dump("events " + SampleArgs("worked_example") + " --format json");
  REQUIRE(none.exit_code == 0);
  CHECK(none.out == "[]\n");
}

TEST_CASE("the schemas reject output that breaks them", "[cli_dump][schema]") {
  const ProcessRun run = Dump("tasks " + SampleArgs("worked_example") + " --format json");
  REQUIRE(run.exit_code == 0);
  auto broken = nlohmann::json::parse(run.out);
  broken["tasks"][0].erase("deps");
  RequireTool("ajv", "the JSON Schema tests need ajv-cli");
  const fs::path data = Scratch() / "broken.json";
  WriteFile(data, broken.dump());
  CHECK(Shell("ajv validate --spec=draft2020 --strict=false -s schemas/dump-tasks.schema.json -d '" +
              data.string() + "'")
            .exit_code != 0);
}

TEST_CASE(
    "graph: DOT renders with Graphviz, top to bottom, inputs named, pruned tasks greyed, steals marked, "
    "states boxed",
    "[cli_dump][dot]") {
  RequireTool("dot", "the DOT test renders with Graphviz");
  for (const char* sample : {"worked_example", "locomotion", "litmus"}) {
    INFO("sample " << sample);
    const ProcessRun dump = Dump("graph " + SampleArgs(sample) + " --frame 130 --format dot -o '" +
                                 (Scratch() / "tasks.dot").string() + "'");
    REQUIRE(dump.exit_code == 0);
    const std::string dot = ReadFile(Scratch() / "tasks.dot");
    REQUIRE(dot.rfind("digraph tasks {", 0) == 0);
    const ProcessRun render = Shell("dot -Tsvg '" + (Scratch() / "tasks.dot").string() + "'");
    INFO(render.err);
    REQUIRE(render.exit_code == 0);
    REQUIRE(render.err.empty());
    REQUIRE(render.out.find("<svg") != std::string::npos);
  }
  const ProcessRun worked = Dump("graph " + SeedWorkedExampleArgs() + " --frame 130");
  REQUIRE(worked.exit_code == 0);
  // Five pruned tasks greyed; seven steals, as in the seed's buffer traffic.
  std::size_t greyed = 0, steals = 0;
  for (std::size_t at = 0; (at = worked.out.find("dashed\", fillcolor=\"#eeeeee\"", at)) != std::string::npos;
       ++at)
    ++greyed;
  for (std::size_t at = 0; (at = worked.out.find(", steal\"]", at)) != std::string::npos; ++at)
    ++steals;
  CHECK(greyed == 5);
  CHECK(steals == 5);
  CHECK(worked.out.find("rankdir=TB;") != std::string::npos);
  CHECK(worked.out.find("t4 -> t6 [color=\"#1f5fbf\", penwidth=2, label=\"a, steal\"];") !=
        std::string::npos);
  CHECK(worked.out.find("t5 -> t6 [label=\"b\"];") != std::string::npos);
  // The aim layer: the additive steals its delta's buffer (the base is the seam's history).
  CHECK(worked.out.find("t8 -> t11 [label=\"base\"];") != std::string::npos);
  CHECK(worked.out.find("t10 -> t11 [color=\"#1f5fbf\", penwidth=2, label=\"additive, steal\"];") !=
        std::string::npos);
  // The machine's current state (run) boxes its two samples and their blend; idle's box its sample.
  const std::size_t run = worked.out.find("label=\"locomotion: run (current)\";");
  REQUIRE(run != std::string::npos);
  const std::size_t run_end = worked.out.find("  }\n", run);
  CHECK(worked.out.substr(run, run_end - run).find("    t4;\n    t5;\n    t6;\n") != std::string::npos);
  CHECK(worked.out.find("label=\"locomotion: idle\";") != std::string::npos);
}

TEST_CASE("timeline --format trace: one track per pool buffer, a slice per task holding one",
          "[cli_dump][trace]") {
  const ProcessRun run = Dump("timeline " + SeedWorkedExampleArgs() + " --frame 130 --format trace");
  REQUIRE(run.exit_code == 0);
  const auto trace = nlohmann::json::parse(run.out);
  std::set<std::string> tracks;
  std::set<int> tids_with_slices;
  int task_slices = 0;
  for (const auto& e : trace["traceEvents"]) {
    if (e["ph"] == "M" && e["name"] == "thread_name") tracks.insert(e["args"]["name"].get<std::string>());
    if (e["ph"] == "X" && e["tid"] != 0) {
      ++task_slices;
      tids_with_slices.insert(e["tid"].get<int>());
      CHECK(e["dur"].get<int>() > 0);
    }
  }
  CHECK(tracks == std::set<std::string>{"frames", "buffer 0", "buffer 1"});
  CHECK(tids_with_slices == std::set<int>{1, 2});
  CHECK(task_slices == 8);  // every executed task holds a buffer
}

TEST_CASE("timeline --format svg: a row per buffer, a box per executed task", "[cli_dump][svg]") {
  const ProcessRun run = Dump("timeline " + SeedWorkedExampleArgs() + " --frame 130 --format svg");
  REQUIRE(run.exit_code == 0);
  REQUIRE(run.out.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
  REQUIRE(run.out.find("</svg>") != std::string::npos);
  for (const char* label : {"buffer 0", "buffer 1", "<title>4 SampleClip run_fwd", "<title>12 FootIK",
                            "pruned: 0 SampleClip idle"}) {
    INFO(label);
    CHECK(run.out.find(label) != std::string::npos);
  }
  CHECK(run.out.find("buffer 2") == std::string::npos);
  if (OnPath("xmllint")) {
    WriteFile(Scratch() / "timeline.svg", run.out);
    CHECK(Shell("xmllint --noout '" + (Scratch() / "timeline.svg").string() + "'").exit_code == 0);
  }
}

TEST_CASE("run: a line per frame, and the final pose of the litmus chain is straight", "[cli_dump][run]") {
  const ProcessRun text = Dump("run " + SampleArgs("worked_example") + " --frames 0:199");
  REQUIRE(text.exit_code == 0);
  std::size_t lines = 0;
  for (char c : text.out)
    lines += c == '\n' ? 1 : 0;
  CHECK(lines == 200 + 2);  // header, frames, summary
  CHECK(text.out.find("locomotion:run") != std::string::npos);
  CHECK(text.out.find("locomotion: walk -> run") != std::string::npos);

  const ProcessRun json = Dump("run " + SampleArgs("litmus") + " --format json --final pose");
  REQUIRE(json.exit_code == 0);
  const auto out = nlohmann::json::parse(json.out);
  REQUIRE(out["frames"].size() == out["frame_count"]);
  const auto& pose = out["final_pose"];
  REQUIRE(pose.size() == 12);
  for (std::size_t b = 1; b < pose.size(); ++b) {
    INFO("bone " << pose[b]["bone"]);
    CHECK(pose[b]["translation"][0].get<double>() == Approx(0.0).margin(1e-5));
    CHECK(pose[b]["translation"][1].get<double>() == Approx(0.1).margin(1e-5));
  }
}

TEST_CASE(
    "root: the locomotion sample's root moves as its extracted root motion says and is drawn from above",
    "[cli_dump][root]") {
  const ProcessRun json = Dump("run " + SampleArgs("locomotion") + " --format json");
  REQUIRE(json.exit_code == 0);
  RequireValid(json.out, "dump-run.schema.json", "locomotion_run");
  // The accumulated root is every frame's root motion composed in order (no turn: a sum).
  double x = 0.0, z = 0.0, walked = 0.0;
  const nlohmann::json run = nlohmann::json::parse(json.out);
  for (const auto& frame : run["frames"]) {
    const auto& motion = frame["root_motion"]["translation"];
    x += motion[0].get<double>();
    z += motion[2].get<double>();
    walked = std::max(walked, z);
    INFO("frame " << frame["frame"]);
    CHECK(frame["root"]["translation"][0].get<double>() == Approx(x).margin(1e-3));
    CHECK(frame["root"]["translation"][2].get<double>() == Approx(z).margin(1e-3));
  }
  CHECK(walked > 4.0);  // forward, sideways, back, a run and a jump: metres, not centimetres

  const ProcessRun text = Dump("root " + SampleArgs("locomotion"));
  REQUIRE(text.exit_code == 0);
  CHECK(text.out.find("480 frames; ") != std::string::npos);
  CHECK(text.out.find(" m travelled; the root ends at (") != std::string::npos);

  const ProcessRun svg = Dump("root " + SampleArgs("locomotion") + " --format svg");
  REQUIRE(svg.exit_code == 0);
  CHECK(svg.out.rfind("<svg ", 0) == 0);
  CHECK(svg.out.find("<polyline") != std::string::npos);
  CHECK(svg.out.find("start, frame 0") != std::string::npos);
  CHECK(svg.out.find("end, frame 479") != std::string::npos);
  CHECK(svg.out.find("</svg>") != std::string::npos);
  CHECK(Dump("root " + SampleArgs("locomotion") + " --format json").exit_code == 2);

  // A rate far past any clip's length sends the root about 1e18 m a frame: the drawing still ends,
  // with a grid of about ten lines.
  const fs::path far = Scratch() / "far_root.yaml";
  WriteFile(far, "format: animtc.graph\nversion: 1\nskeleton: " + std::string(ANIMTC_SOURCE_DIR) +
                     "/samples/humanoid/skeleton.yaml\nclips: {walk: " + std::string(ANIMTC_SOURCE_DIR) +
                     "/samples/humanoid/walk_fwd.json}\nroot_motion: extract\nnodes: {w: {kind: clip, clip: "
                     "walk, rate: 1e20}}\noutput: {pose: w}\n");
  WriteFile(Scratch() / "far_root.scenario.yaml",
            "format: animtc.scenario\nversion: 1\nframes: 4\ndelta_time: 0.0333333\nevents: []\n");
  const ProcessRun far_text = Dump("root '" + far.string() + "' --scenario '" +
                                   (Scratch() / "far_root.scenario.yaml").string() + "'");
  REQUIRE(far_text.exit_code == 0);
  const std::size_t travelled = far_text.out.find(" m travelled");
  REQUIRE(travelled != std::string::npos);
  const std::size_t number = far_text.out.rfind(' ', travelled - 1) + 1;
  CHECK(travelled - number > 17);  // metres by the 1e18
  const ProcessRun huge =
      Shell("timeout 60 '" + std::string(ANIM_DUMP_PATH) + "' root '" + far.string() + "' --scenario '" +
            (Scratch() / "far_root.scenario.yaml").string() + "' --format svg");
  CHECK(huge.exit_code == 0);
  CHECK(huge.out.find("</svg>") != std::string::npos);
}

TEST_CASE("run and tasks show each 2D blend space's point and the weights of its samples",
          "[cli_dump][run]") {
  // all_kinds.yaml's `plane` at (weight, 2 * height) = (0.5, 0) by default: half way along the edge
  // from its [0, 0] sample to its [1, 0] sample.
  const std::string graph = "tests/frontend/good/all_kinds.yaml";
  const ProcessRun json = Dump("run " + graph + " --format json");  // no scenario: one frame
  REQUIRE(json.exit_code == 0);
  RequireValid(json.out, "dump-run.schema.json", "all_kinds_run");
  const auto spaces = nlohmann::json::parse(json.out)["frames"][0]["blend_spaces"];
  REQUIRE(spaces.size() == 1);
  CHECK(spaces[0]["name"] == "plane");
  CHECK(spaces[0]["x"].get<double>() == 0.5);
  CHECK(spaces[0]["y"].get<double>() == 0.0);
  CHECK(spaces[0]["weights"] == nlohmann::json::array({0.5, 0.5, 0.0, 0.0}));
  const ProcessRun tasks = Dump("tasks " + graph + " --format json");
  REQUIRE(tasks.exit_code == 0);
  RequireValid(tasks.out, "dump-tasks.schema.json", "all_kinds_tasks");
  const ProcessRun text = Dump("tasks " + graph);
  REQUIRE(text.exit_code == 0);
  CHECK(text.out.find("plane at (0.5, 0.0): [0.0, 0.0] 0.5, [1.0, 0.0] 0.5\n") != std::string::npos);
}

TEST_CASE("dis prints what animc --emit asm prints, for a graph and for a .animbc", "[cli_dump][dis]") {
  const ProcessRun animc = Shell("'" + std::string(ANIMC_PATH) + "' samples/locomotion.yaml --emit asm");
  REQUIRE(animc.exit_code == 0);
  CHECK(Dump("dis samples/locomotion.yaml").out == animc.out);
  const fs::path bytecode = CompileToBytecode("samples/locomotion.yaml", "locomotion.animbc");
  CHECK(Dump("dis '" + bytecode.string() + "'").out == animc.out);
}

TEST_CASE(
    "validate: samples agree (exit 0), a stale program is refused (exit 2), a divergence is caught (exit 1)",
    "[cli_dump][validate]") {
  for (const char* sample : {"worked_example", "locomotion", "litmus"}) {
    const ProcessRun run = Dump("validate " + SampleArgs(sample));
    INFO(sample << ": " << run.out << run.err);
    CHECK(run.exit_code == 0);
    CHECK(run.out.find("agree") != std::string::npos);
  }
  const fs::path bytecode = CompileToBytecode("samples/worked_example.yaml", "worked_example.animbc");
  const ProcessRun compiled =
      Dump("validate '" + bytecode.string() +
           "' --graph samples/worked_example.yaml --scenario samples/worked_example.scenario.yaml");
  INFO(compiled.err);
  CHECK(compiled.exit_code == 0);

  // The same graph with the run blend's alpha changed: same parameters and assets, other poses.
  std::string graph = ReadFile("samples/worked_example.yaml");
  const std::string run_state = "clip: run_back}, alpha: 0.3}";
  REQUIRE(graph.find(run_state) != std::string::npos);
  graph.replace(graph.find(run_state), run_state.size(), "clip: run_back}, alpha: 0.9}");
  // Written to the scratch directory, with asset paths made absolute.
  for (std::size_t at = 0; (at = graph.find(" humanoid/", at)) != std::string::npos;) {
    graph.replace(at + 1, 0, std::string(ANIMTC_SOURCE_DIR) + "/samples/");
    at += 10;
  }
  WriteFile(Scratch() / "altered.yaml", graph);
  const fs::path altered = CompileToBytecode((Scratch() / "altered.yaml").string(), "altered.animbc");
  const std::string against =
      "' --graph samples/worked_example.yaml --scenario samples/worked_example.scenario.yaml";
  // Its graph hash says it was compiled from another graph: stale, not a bug of the task path.
  const ProcessRun stale = Dump("validate '" + altered.string() + against);
  INFO(stale.out << stale.err);
  CHECK(stale.exit_code == 2);
  CHECK(stale.out.empty());
  CHECK_THAT(stale.err, Catch::Matches("anim-dump: error: stale program: it was compiled from graph hash "
                                       "0x[0-9a-f]{16}, but the graph given and its assets hash to "
                                       "0x[0-9a-f]{16}; recompile it\n"));

  // The same program with its graph hash cleared (unknown, as if from elsewhere): the task path
  // and direct evaluation of the graph given disagree at the run blend.
  std::string bytes = ReadFile(altered.string());
  std::fill(bytes.begin() + 40, bytes.begin() + 48, '\0');
  WriteFile(Scratch() / "unknown_origin.animbc", bytes);
  const ProcessRun diverged = Dump("validate '" + (Scratch() / "unknown_origin.animbc").string() + against);
  INFO(diverged.out << diverged.err);
  CHECK(diverged.exit_code == 1);
  CHECK(diverged.out.find("Blend") != std::string::npos);
}

TEST_CASE("standard input, -o and a compiled program give the same output as the graph file",
          "[cli_dump][io]") {
  const std::string args = " --frame 130 --format json";
  const ProcessRun direct = Dump("tasks " + SampleArgs("worked_example") + args);
  REQUIRE(direct.exit_code == 0);
  const ProcessRun from_stdin =
      Dump("tasks - --scenario worked_example.scenario.yaml" + args + " < worked_example.yaml",
           std::string(ANIMTC_SOURCE_DIR) + "/samples");
  INFO(from_stdin.err);
  CHECK(from_stdin.out == direct.out);
  const ProcessRun scenario_stdin = Dump("tasks samples/worked_example.yaml --scenario -" + args +
                                         " < samples/worked_example.scenario.yaml");
  CHECK(scenario_stdin.out == direct.out);
  const fs::path bytecode = CompileToBytecode("samples/worked_example.yaml", "worked_example.animbc");
  const ProcessRun compiled =
      Dump("tasks '" + bytecode.string() +
           "' --graph samples/worked_example.yaml --scenario samples/worked_example.scenario.yaml" + args);
  INFO(compiled.err);
  CHECK(compiled.out == direct.out);
  const fs::path file = Scratch() / "tasks.json";
  REQUIRE(Dump("tasks " + SampleArgs("worked_example") + args + " -o '" + file.string() + "'").exit_code ==
          0);
  CHECK(ReadFile(file) == direct.out);
  // Not a terminal: no colour escapes.
  CHECK(Dump("tasks " + SampleArgs("worked_example")).out.find('\033') == std::string::npos);
}

TEST_CASE("--help of every subcommand shows an example", "[cli_dump][help]") {
  for (const char* command : {"tasks", "reach", "timeline", "graph", "dis", "validate", "run", "root",
                              "events", "pose", "export", "report", "crowd", "record", "replay", "profile"}) {
    const ProcessRun run = Dump(std::string(command) + " --help");
    INFO(command << ": " << run.out);
    CHECK(run.exit_code == 0);
    CHECK(run.out.find("Example:\n  anim-dump " + std::string(command) + " ") != std::string::npos);
  }
  const ProcessRun top = Dump("--help");
  CHECK(top.exit_code == 0);
  CHECK(top.out.find("timeline") != std::string::npos);
}

}  // namespace anim::test

namespace anim::test {

TEST_CASE("on a terminal: colour in text, and a progress line for a run or a validation longer than a second",
          "[cli_dump][tty]") {
  INFO("`script` (util-linux) gives the run a terminal");
  REQUIRE(OnPath("script"));
  const std::string dump = "'" + std::string(ANIM_DUMP_PATH) + "'";
  const ProcessRun coloured =
      Shell("script -qec \"" + dump + " tasks " + SampleArgs("worked_example") + "\" /dev/null");
  REQUIRE(coloured.exit_code == 0);
  CHECK(coloured.out.find("\033[1m") != std::string::npos);  // bold header
  CHECK(coloured.out.find("\033[2m") != std::string::npos);  // pruned rows dimmed
  const ProcessRun plain =
      Shell("NO_COLOR=1 script -qec \"" + dump + " tasks " + SampleArgs("worked_example") + "\" /dev/null");
  CHECK(plain.out.find('\033') == std::string::npos);

  // A run "longer than a second" on any machine: the test lowers the delay to 0.
  WriteFile(Scratch() / "long.scenario.yaml",
            "format: animtc.scenario\nversion: 1\nframes: 20000\ndelta_time: 0.0333\n");
  const ProcessRun long_run =
      Shell("ANIM_DUMP_PROGRESS_DELAY_MS=0 script -qec \"" + dump + " run samples/litmus.yaml --scenario '" +
            (Scratch() / "long.scenario.yaml").string() + "' -o '" + (Scratch() / "long.txt").string() +
            "'\" /dev/null");
  REQUIRE(long_run.exit_code == 0);
  CHECK(long_run.out.find("anim-dump: frame ") != std::string::npos);
  // validate compares frame by frame: it shows its progress too.
  const ProcessRun long_validate = Shell("ANIM_DUMP_PROGRESS_DELAY_MS=0 script -qec \"" + dump +
                                         " validate samples/litmus.yaml --scenario '" +
                                         (Scratch() / "long.scenario.yaml").string() + "'\" /dev/null");
  REQUIRE(long_validate.exit_code == 0);
  CHECK(long_validate.out.find("anim-dump: frame ") != std::string::npos);
  // So do a crowd and a recording (which plays from frame 0 to the last frame it captures).
  const std::string long_scenario = " --scenario '" + (Scratch() / "long.scenario.yaml").string() + "'";
  const ProcessRun long_crowd = Shell("ANIM_DUMP_PROGRESS_DELAY_MS=0 script -qec \"" + dump +
                                      " crowd samples/litmus.yaml --count 2 --threads 1" + long_scenario +
                                      " -o '" + (Scratch() / "crowd.txt").string() + "'\" /dev/null");
  REQUIRE(long_crowd.exit_code == 0);
  CHECK(long_crowd.out.find("anim-dump: frame ") != std::string::npos);
  const ProcessRun long_record = Shell("ANIM_DUMP_PROGRESS_DELAY_MS=0 script -qec \"" + dump +
                                       " record samples/litmus.yaml --frames 19999:19999" + long_scenario +
                                       " -o '" + (Scratch() / "long.animcap").string() + "'\" /dev/null");
  REQUIRE(long_record.exit_code == 0);
  CHECK(long_record.out.find("anim-dump: frame ") != std::string::npos);
  // Not a terminal: never a progress line.
  const ProcessRun piped =
      Shell("ANIM_DUMP_PROGRESS_DELAY_MS=0 '" + std::string(ANIM_DUMP_PATH) +
            "' run samples/litmus.yaml --scenario '" + (Scratch() / "long.scenario.yaml").string() +
            "' -o '" + (Scratch() / "long.txt").string() + "'");
  CHECK(piped.err.empty());
}

}  // namespace anim::test
