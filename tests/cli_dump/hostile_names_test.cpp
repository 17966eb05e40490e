// Names with control characters, markup and ill-formed UTF-8 (issue 13), through every output of
// animc and anim-dump: a graph whose node, state, machine, clip, mask and bone names hold NUL, ESC
// sequences, newlines, quotes, '<', '&', a right-to-left override and U+FFFE (YAML escapes); the
// same program re-sealed with surrogates, overlong forms and truncated sequences in its names; and
// a graph that fails to compile on such names. Every output parses in its format (JSON with
// nlohmann and ajv, SVG with xmllint, DOT with Graphviz), text outputs carry no raw control byte
// and no extra line, and nothing aborts.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/cli_dump/dump_process.h"
#include "tests/support/bytecode_edits.h"
#include "tests/support/text_checks.h"

namespace anim::test {
namespace {

namespace fs = std::filesystem;
using namespace std::string_literals;

// The names as the documents below decode them, and as the text outputs show them.
const std::string kClip = "cl\0ip\x1b[31m\n<&\"'\u202e"s;
const std::string kClipShown = R"(cl\0ip\x1b[31m\n<&"'\u202e)";
const std::string kNode = "no\0de\x1b[1;1H\n<x>&\"'\u202e"s;
const std::string kNodeShown = R"(no\0de\x1b[1;1H\n<x>&"'\u202e)";
const std::string kBone = "ar\0m\x1b[2J\nfake line\u202e\u00e9"s;
const std::string kBoneShown = "ar\\0m\\x1b[2J\\nfake line\\u202e\u00e9";
const std::string kMask =
    "ma\x1b"
    "sk\n<&";
const std::string kMaskShown = R"(ma\x1bsk\n<&)";
const std::string kMix = "mi\x7f\xC2\x85x";  // DEL, NEL
const std::string kMixShown = R"(mi\x7f\u0085x)";
const std::string kMachine = "ma\0chine\x1b]0;t\a"s;
const std::string kMachineShown = R"(ma\0chine\x1b]0;t\x07)";
const std::string kFirstState = "st\0ate\x1b"s;
const std::string kSecondState = "ot\nher\xEF\xBF\xBE";  // U+FFFE
const std::string kSecondStateShown = R"(ot\nher\ufffe)";

constexpr const char* kSkeleton = R"(format: animtc.skeleton
version: 1
name: "sk\eel"
bones:
  - name: root
  - name: "ar\0m\e[2J\nfake line\u202e\u00e9"
    parent: root
    translation: [0, 1, 0]
  - name: hand
    parent: "ar\0m\e[2J\nfake line\u202e\u00e9"
    translation: [0, 1, 0]
)";

constexpr const char* kClipDocument = R"({"format": "animtc.clip", "version": 1, "name": "c\u001bl",
 "sample_rate": 30, "frame_count": 2, "loop": true,
 "tracks": [{"bone": "ar\u0000m\u001b[2J\nfake line\u202e\u00e9", "rotation": [0, 0, 0, 1]}]}
)";

constexpr const char* kGraph = R"(format: animtc.graph
version: 1
skeleton: skeleton.yaml
clips:
  "cl\0ip\e[31m\n<&\"'\u202e": clip.json
parameters:
  toggle: {type: bool, default: false}
masks:
  "ma\esk\n<&": {bones: {"ar\0m\e[2J\nfake line\u202e\u00e9": 1.0}}
nodes:
  "no\0de\e[1;1H\n<x>&\"'\u202e": {kind: clip, clip: "cl\0ip\e[31m\n<&\"'\u202e"}
  rest: {kind: reference_pose}
  "mi\x7f\u0085x": {kind: masked_blend, a: "no\0de\e[1;1H\n<x>&\"'\u202e", b: rest, mask: "ma\esk\n<&", alpha: 0.5}
  "ma\0chine\e]0;t\a":
    kind: state_machine
    initial: "st\0ate\e"
    final: ["ot\nher\uFFFE"]
    states:
      "st\0ate\e": "no\0de\e[1;1H\n<x>&\"'\u202e"
      "ot\nher\uFFFE": {kind: bone_transform, pose: "mi\x7f\u0085x", bone: "ar\0m\e[2J\nfake line\u202e\u00e9", rotation: [0, 10, 0]}
    transitions:
      - {from: "st\0ate\e", to: "ot\nher\uFFFE", condition: toggle, duration: 0.3}
output: {pose: "ma\0chine\e]0;t\a", root_lock: true, root_bone: root}
)";

// The toggle fires at frame 3; frame 7 blends both states, so every task is reachable.
constexpr const char* kScenario = R"(format: animtc.scenario
version: 1
frames: 20
delta_time: 0.033
events:
  - {set: toggle, at: 0.1, value: true}
)";

// A graph that fails on its names: a parameter that is not an identifier, an unknown clip and an
// unknown output node, each name trying to clear the screen or forge a diagnostic line.
constexpr const char* kFailingGraph = R"(format: animtc.graph
version: 1
skeleton: skeleton.yaml
clips:
  walk: clip.json
parameters:
  "sp\e[2Jeed\n": {type: float, default: 0}
nodes:
  a: {kind: clip, clip: "gh\0ost\e[31m\nfailing.yaml:1:1: error[E000]: forged"}
output: {pose: "mi\u0085ssing\u202e\r"}
)";

const fs::path& Dir() {
  static const fs::path dir = [] {
    const fs::path d = Scratch() / "hostile";
    fs::create_directories(d);
    WriteFile(d / "skeleton.yaml", kSkeleton);
    WriteFile(d / "clip.json", kClipDocument);
    WriteFile(d / "graph.yaml", kGraph);
    WriteFile(d / "scenario.yaml", kScenario);
    WriteFile(d / "failing.yaml", kFailingGraph);
    return d;
  }();
  return dir;
}

std::string Quoted(const fs::path& path) {
  return "'" + path.string() + "'";
}

// The graph and scenario, or a program with the graph for its assets.
std::string Args(const fs::path& input = Dir() / "graph.yaml") {
  std::string args = Quoted(input) + " --scenario " + Quoted(Dir() / "scenario.yaml");
  if (input.extension() == ".animbc") args += " --graph " + Quoted(Dir() / "graph.yaml");
  return args;
}

ProcessRun Animc(const std::string& args) {
  return Shell("'" + std::string(ANIMC_PATH) + "' " + args);
}

void RequireTool(const std::string& tool) {
  INFO(tool << " is not on PATH; tools/install-deps installs it");
  REQUIRE(OnPath(tool));
}

std::size_t LineCount(const std::string& text) {
  std::size_t lines = 0;
  for (char c : text)
    lines += c == '\n' ? 1 : 0;
  return lines;
}

// Exit 0, nothing on stderr, and text no name can take over: no control byte but the line ends.
void RequireTerminalText(const ProcessRun& run, const std::string& what) {
  INFO(what << "\nstderr: " << run.err << "\nstdout:\n" << run.out);
  REQUIRE(run.exit_code == 0);
  CHECK(run.err.empty());
  CHECK(FirstTerminalHazard(run.out) == "");
}

nlohmann::json RequireJson(const ProcessRun& run, const std::string& what) {
  INFO(what << "\nstderr: " << run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(run.err.empty());
  CHECK(IsWellFormedUtf8(run.out));
  nlohmann::json json;
  REQUIRE_NOTHROW(json = nlohmann::json::parse(run.out));
  return json;
}

// Validates with ajv against schemas/<schema>.
void RequireSchema(const std::string& json, const std::string& schema, const std::string& name) {
  RequireTool("ajv");
  const fs::path data = Dir() / (name + ".json");
  WriteFile(data, json);
  const ProcessRun run =
      Shell("ajv validate --spec=draft2020 --strict=false -s 'schemas/" + schema + "' -d " + Quoted(data));
  INFO(name << " against " << schema << ":\n" << run.out << run.err);
  REQUIRE(run.exit_code == 0);
}

void RequireXml(const std::string& xml, const std::string& name) {
  RequireTool("xmllint");
  const fs::path file = Dir() / name;
  WriteFile(file, xml);
  const ProcessRun lint = Shell("xmllint --noout " + Quoted(file));
  INFO(name << ": " << lint.err);
  REQUIRE(lint.exit_code == 0);
  REQUIRE(lint.err.empty());
}

// The DOT renders with Graphviz without a warning, into SVG that parses.
void RequireDotRenders(const ProcessRun& run, const std::string& name) {
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  REQUIRE(run.out.rfind("digraph tasks {", 0) == 0);
  CHECK(FirstTerminalHazard(run.out) == "");
  RequireTool("dot");
  const fs::path dot = Dir() / (name + ".dot");
  WriteFile(dot, run.out);
  const ProcessRun render = Shell("dot -Tsvg " + Quoted(dot));
  INFO(render.err);
  REQUIRE(render.exit_code == 0);
  REQUIRE(render.err.empty());
  RequireXml(render.out, name + ".dot.svg");
}

// The graph compiled, then re-sealed with ill-formed UTF-8 in names the binding does not need:
// a surrogate in a state name, a code point past U+10FFFF in the machine's name, a truncated
// sequence in the mask's, and an overlong '/' and a stray byte in a node's.
fs::path ResealedProgram() {
  const fs::path out = Dir() / "resealed.animbc";
  const ProcessRun run = Animc(Quoted(Dir() / "graph.yaml") + " -o " + Quoted(out));
  REQUIRE(run.exit_code == 0);
  std::string bytes = ReadFile(out);
  const auto replace = [&](const std::string& from, const std::string& to) {
    REQUIRE(from.size() == to.size());
    std::size_t count = 0;
    for (std::size_t at = bytes.find(from); at != std::string::npos; at = bytes.find(from, at + to.size())) {
      bytes.replace(at, from.size(), to);
      ++count;
    }
    INFO(from);
    REQUIRE(count > 0);
  };
  replace(kFirstState,
          "s\xED\xA0\x80"
          "ate");
  replace("ma\0chine"s, "m\xF4\x90\x80\x80ine");
  replace(kMask.substr(0, 5), "ma\xE2\x80k");
  replace("rest", "\xC0\xAF\xFFt");
  std::vector<uint8_t> program(bytes.begin(), bytes.end());
  ResealProgram(program);
  WriteFile(out, std::string(program.begin(), program.end()));
  return out;
}

}  // namespace

TEST_CASE("hostile names: tasks, reach, timeline and run as text show names as escapes",
          "[cli_dump][hostile]") {
  const ProcessRun tasks = Dump("tasks " + Args() + " --frame 7");
  RequireTerminalText(tasks, "tasks");
  CHECK(LineCount(tasks.out) == 3 + 5);  // heading, summary, table header, five tasks: no forged line
  for (const std::string& shown :
       {kClipShown, kNodeShown, kBoneShown, kMaskShown, kMixShown, kMachineShown, kSecondStateShown}) {
    INFO(shown);
    CHECK(tasks.out.find(shown) != std::string::npos);
  }
  // Columns line up by terminal columns of the escaped text ('é' in the bone name is one column).
  const std::vector<std::string> lines = Lines(tasks.out);
  const std::size_t node_column = Columns(lines[2].substr(0, lines[2].find("node")));
  for (std::size_t row = 3; row < lines.size(); ++row) {
    const std::string& line = lines[row];
    const std::size_t last_gap = line.rfind("  ");
    REQUIRE(last_gap != std::string::npos);
    INFO(line);
    CHECK(Columns(line.substr(0, last_gap + 2)) == node_column);
  }

  const ProcessRun reach = Dump("reach " + Args() + " --frame 2");
  RequireTerminalText(reach, "reach");
  CHECK(reach.out.find("state " + kSecondStateShown + " of " + kMachineShown + " is inactive") !=
        std::string::npos);
  RequireTerminalText(Dump("timeline " + Args() + " --frames 2:8"), "timeline");
  const ProcessRun run = Dump("run " + Args());
  RequireTerminalText(run, "run");
  CHECK(LineCount(run.out) == 20 + 2);
  CHECK(run.out.find(kMachineShown + R"(: st\0ate\x1b -> )" + kSecondStateShown) != std::string::npos);
}

TEST_CASE("hostile names: JSON outputs parse, validate and carry the names as they are",
          "[cli_dump][hostile]") {
  for (const char* command : {"tasks", "reach", "timeline"}) {
    const ProcessRun run = Dump(std::string(command) + " " + Args() + " --frame 7 --format json");
    const nlohmann::json json = RequireJson(run, command);
    RequireSchema(run.out, std::string("dump-") + command + ".schema.json",
                  std::string("hostile_") + command);
    CHECK(json["machines"][0]["name"] == kMachine);
    CHECK(json["machines"][0]["state"] == kSecondState);
    CHECK(json["tasks"][0]["node"] == kNode);
    if (std::string(command) == "tasks") {
      CHECK(json["tasks"][0]["fields"]["clip"] == kClip);
      CHECK(json["tasks"][2]["fields"]["mask"] == kMask);
      CHECK(json["tasks"][3]["fields"]["bones"][0] == kBone);
      CHECK(json["tasks"][3]["node"] == kMachine + ".states." + kSecondState);
    }
  }
  const ProcessRun trace = Dump("timeline " + Args() + " --frames 0:8 --format trace");
  RequireJson(trace, "trace");
  RequireSchema(trace.out, "dump-trace.schema.json", "hostile_trace");
  CHECK(trace.out.find("\\u001b[1;1H") != std::string::npos);
  for (const char* final_output : {"pose", "skinning"}) {
    const ProcessRun run = Dump("run " + Args() + " --format json --final " + final_output);
    const nlohmann::json json = RequireJson(run, final_output);
    RequireSchema(run.out, "dump-run.schema.json", std::string("hostile_run_") + final_output);
    CHECK(json[std::string("final_") + final_output][1]["bone"] == kBone);
  }
  const nlohmann::json program =
      RequireJson(Animc(Quoted(Dir() / "graph.yaml") + " --emit json"), "--emit json");
  CHECK(program["clips"][0] == kClip);
  CHECK(program["machines"][0]["states"][1]["name"] == kSecondState);
  CHECK(program["masks"][0]["name"] == kMask);
}

TEST_CASE("hostile names: pose shows them as escapes in text and as they are in JSON",
          "[cli_dump][hostile]") {
  const ProcessRun text = Dump("pose " + Args() + " --frame 7");
  RequireTerminalText(text, "pose");
  INFO(text.out);
  CHECK(LineCount(text.out) == 3 + 3);  // heading, summary, table header, three bones: no forged line
  CHECK(text.out.find("\n" + kBoneShown + "  root  ") != std::string::npos);
  const std::size_t hand = text.out.find("\nhand ");
  REQUIRE(hand != std::string::npos);
  CHECK(text.out.find(kBoneShown, hand) < text.out.find('\n', hand + 1));  // the hand's parent
  CHECK(text.out.find(kMachineShown) != std::string::npos);

  const ProcessRun run = Dump("pose " + Args() + " --frames 6:7 --format json");
  const nlohmann::json json = RequireJson(run, "pose");
  RequireSchema(run.out, "dump-pose.schema.json", "hostile_pose");
  REQUIRE(json.size() == 2);
  CHECK(json[1]["machines"][0]["name"] == kMachine);
  CHECK(json[1]["bones"][1]["name"] == kBone);
  CHECK(json[1]["bones"][2]["parent"] == kBone);

  const fs::path program = ResealedProgram();
  RequireTerminalText(Dump("pose " + Args(program) + " --frame 7"), "resealed pose");
  const ProcessRun resealed = Dump("pose " + Args(program) + " --frame 7 --format json");
  const nlohmann::json machine = RequireJson(resealed, "resealed pose json")["machines"][0]["name"];
  RequireSchema(resealed.out, "dump-pose.schema.json", "resealed_pose");
  CHECK(machine.get<std::string>().find("\xEF\xBF\xBD") != std::string::npos);  // U+FFFD
}

TEST_CASE("hostile names: the SVG timeline parses as XML", "[cli_dump][hostile]") {
  const ProcessRun svg = Dump("timeline " + Args() + " --frames 0:8 --format svg");
  INFO(svg.err);
  REQUIRE(svg.exit_code == 0);
  RequireXml(svg.out, "hostile.svg");
  CHECK(svg.out.find(R"(no\0de\x1b[1;1H\n&lt;x&gt;&amp;&quot;&apos;\u202e)") != std::string::npos);
}

TEST_CASE("hostile names: the pose picture parses as XML and names its bones escaped",
          "[cli_dump][hostile]") {
  const ProcessRun svg = Dump("pose " + Args() + " --frames 6:7 --format svg");
  INFO(svg.err);
  REQUIRE(svg.exit_code == 0);
  RequireXml(svg.out, "hostile_pose.svg");
  CHECK(svg.out.find(R"(<title>ar\0m\x1b[2J\nfake line\u202eé</title>)") != std::string::npos);
}

TEST_CASE("hostile names: the task graph DOT renders with Graphviz", "[cli_dump][hostile]") {
  for (const char* frame : {"2", "7"}) {
    INFO("frame " << frame);
    const ProcessRun dot = Dump("graph " + Args() + " --frame " + frame);
    RequireDotRenders(dot, std::string("hostile_") + frame);
    CHECK(dot.out.find(R"(no\\0de\\x1b[1;1H\\n<x>&amp;\"'\\u202e)") != std::string::npos);
  }
}

TEST_CASE("hostile names: animc --emit asm and anim-dump dis escape every name", "[cli_dump][hostile]") {
  const ProcessRun animc = Animc(Quoted(Dir() / "graph.yaml") + " --emit asm");
  RequireTerminalText(animc, "--emit asm");
  CHECK(animc.out.find("clip '" + kClipShown + "' via clock 0") != std::string::npos);
  CHECK(animc.out.find("state 1 '" + kSecondStateShown + "'") != std::string::npos);
  CHECK(animc.out.find("  0  '" + kMaskShown + "': 3 weights") != std::string::npos);
  const ProcessRun dis = Dump("dis " + Quoted(Dir() / "graph.yaml"));
  RequireTerminalText(dis, "dis");
  CHECK(dis.out == animc.out);
}

TEST_CASE("hostile names: a re-sealed program with ill-formed UTF-8 names dumps in every format",
          "[cli_dump][hostile]") {
  const fs::path program = ResealedProgram();
  const ProcessRun dis = Dump("dis " + Quoted(program));
  RequireTerminalText(dis, "dis");
  for (const char* shown :
       {R"(s\xed\xa0\x80ate)", R"(m\xf4\x90\x80\x80ine)", R"(ma\xe2\x80k)", R"(\xc0\xaf\xfft)"}) {
    INFO(shown);
    CHECK(dis.out.find(shown) != std::string::npos);
  }
  for (const char* command : {"tasks", "reach", "timeline"}) {
    RequireTerminalText(Dump(std::string(command) + " " + Args(program) + " --frame 7"), command);
    const ProcessRun run = Dump(std::string(command) + " " + Args(program) + " --frame 7 --format json");
    const nlohmann::json json = RequireJson(run, command);
    RequireSchema(run.out, std::string("dump-") + command + ".schema.json",
                  std::string("resealed_") + command);
    const std::string machine = json["machines"][0]["name"];
    CHECK(machine.find("\xEF\xBF\xBD") != std::string::npos);  // U+FFFD
  }
  RequireTerminalText(Dump("run " + Args(program)), "run");
  RequireJson(Dump("run " + Args(program) + " --format json"), "run json");
  const ProcessRun trace = Dump("timeline " + Args(program) + " --frames 0:8 --format trace");
  RequireJson(trace, "trace");
  RequireSchema(trace.out, "dump-trace.schema.json", "resealed_trace");
  const ProcessRun svg = Dump("timeline " + Args(program) + " --frames 0:8 --format svg");
  REQUIRE(svg.exit_code == 0);
  RequireXml(svg.out, "resealed.svg");
  CHECK(svg.out.find(R"(\xc0\xaf\xfft)") != std::string::npos);
  RequireDotRenders(Dump("graph " + Args(program) + " --frame 7"), "resealed");
}

TEST_CASE("hostile names: a program that does not bind is one escaped error line", "[cli_dump][hostile]") {
  const ProcessRun compiled = Animc(Quoted(Dir() / "graph.yaml") + " -o " + Quoted(Dir() / "unbound.animbc"));
  REQUIRE(compiled.exit_code == 0);
  std::string bytes = ReadFile(Dir() / "unbound.animbc");
  const std::size_t at = bytes.find(kClip);
  REQUIRE(at != std::string::npos);
  bytes.replace(at, 5, "c\xFF\x1b\n!");  // the clip's name no longer matches the graph's
  std::vector<uint8_t> program(bytes.begin(), bytes.end());
  ResealProgram(program);
  WriteFile(Dir() / "unbound.animbc", std::string(program.begin(), program.end()));
  const ProcessRun run = Dump("tasks " + Args(Dir() / "unbound.animbc"));
  INFO(run.err);
  CHECK(run.exit_code == 1);  // the input is wrong
  CHECK(run.out.empty());
  CHECK(run.err.rfind("anim-dump: error: cannot bind the program to its assets: ", 0) == 0);
  CHECK(run.err.find(R"(c\xff\x1b\n!)") != std::string::npos);
  CHECK(LineCount(run.err) == 1);
  CHECK(FirstTerminalHazard(run.err) == "");
}

TEST_CASE("hostile names: diagnostics quote them as escapes, one line each, or as JSON",
          "[cli_dump][hostile]") {
  const ProcessRun text = Animc(Quoted(Dir() / "failing.yaml") + " -o " + Quoted(Dir() / "failing.animbc"));
  INFO(text.err);
  CHECK(text.exit_code == 1);
  CHECK(FirstTerminalHazard(text.err) == "");
  const std::string file = (Dir() / "failing.yaml").string();
  for (const std::string& line : Lines(text.err)) {
    INFO(line);
    CHECK(line.rfind(file + ":", 0) == 0);  // no line forged by a name
  }
  CHECK(text.err.find(R"(sp\x1b[2Jeed\n)") != std::string::npos);
  CHECK(text.err.find(R"(gh\0ost\x1b[31m\nfailing.yaml:1:1: error[E000]: forged)") != std::string::npos);
  CHECK(text.err.find(R"(mi\u0085ssing\u202e\r)") != std::string::npos);

  const ProcessRun json = Animc(Quoted(Dir() / "failing.yaml") + " -o " + Quoted(Dir() / "failing.animbc") +
                                " --diagnostics-format json");
  CHECK(json.exit_code == 1);
  nlohmann::json diagnostics;
  REQUIRE_NOTHROW(diagnostics = nlohmann::json::parse(json.err));
  REQUIRE(diagnostics.is_array());
  bool quoted = false;
  for (const auto& d : diagnostics)
    quoted = quoted || d["message"].get<std::string>().find("gh\0ost\x1b[31m\nfailing"s) != std::string::npos;
  CHECK(quoted);
}

}  // namespace anim::test
