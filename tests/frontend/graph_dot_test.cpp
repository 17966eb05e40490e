// The graph as written drawn as DOT (animc --emit dot): every sample renders with Graphviz; the
// locomotion sample shows its state machine as a cluster, its transitions labelled with their
// conditions as written, the parameters feeding nodes and the pose inputs by field; and a graph
// whose names hold quotes, backslashes, newlines, braces, '<>&', ESC and a DOT injection renders,
// showing each name as written.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "compiler/graph/graph_dot.h"
#include "tests/frontend/graph_dot_check.h"
#include "tests/support/sample_list.h"

namespace anim {
namespace {

using test::RequireAuthored;
using test::RequireRenders;

int NodeIndex(const graph::GraphModel& m, std::string_view name) {
  for (std::size_t i = 0; i < m.nodes.size(); ++i)
    if (m.nodes[i].name == name) return static_cast<int>(i);
  FAIL("no node " << name);
  return -1;
}

int ParamIndex(const graph::GraphModel& m, std::string_view name) {
  for (std::size_t i = 0; i < m.params.size(); ++i)
    if (m.params[i].name == name) return static_cast<int>(i);
  FAIL("no parameter " << name);
  return -1;
}

std::string N(const graph::GraphModel& m, std::string_view name) {
  return "n" + std::to_string(NodeIndex(m, name));
}

std::string P(const graph::GraphModel& m, std::string_view name) {
  return "p" + std::to_string(ParamIndex(m, name));
}

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Every statement on a line of its own: no name broke a line or ended a string early.
void CheckOneStatementPerLine(const std::string& dot) {
  std::size_t at = 0;
  while (at < dot.size()) {
    const std::size_t end = dot.find('\n', at);
    REQUIRE(end != std::string::npos);
    const std::string line = dot.substr(at, end - at);
    INFO(line);
    CHECK((line.ends_with(";") || line.ends_with("{") || line.ends_with("}")));
    at = end + 1;
  }
}

TEST_CASE("animc --emit dot: every sample graph renders with Graphviz, top to bottom") {
  const std::vector<std::string> samples = test::SampleGraphPaths("samples", false);
  REQUIRE(samples.size() >= 3);
  for (const std::string& path : samples) {
    INFO(path);
    const AuthoredGraph graph = RequireAuthored(path);
    const std::string dot = graph::GraphDot(graph.model, path);
    CHECK(dot.starts_with("digraph authored {\n"));
    CHECK(Has(dot, "rankdir=TB;"));
    CheckOneStatementPerLine(dot);
    const std::string svg = RequireRenders(dot, std::filesystem::path(path).stem().string());
    CHECK(Has(svg, "<svg"));
  }
}

TEST_CASE("animc --emit dot draws the locomotion machine, its conditions as written and its parameters") {
  const AuthoredGraph graph = RequireAuthored("samples/locomotion.yaml");
  const graph::GraphModel& m = graph.model;
  const std::string dot = graph::GraphDot(m, "samples/locomotion.yaml");
  INFO(dot);
  const std::string machine = N(m, "locomotion");
  // The machine's cluster holds its own node and its states: idle initial, airborne an inline clip.
  const std::size_t cluster = dot.find("subgraph cluster_" + machine + " {\n    label=\"locomotion\";");
  REQUIRE(cluster != std::string::npos);
  const std::string body = dot.substr(cluster, dot.find("\n  }\n", cluster) - cluster);
  CHECK(Has(body, "    " + machine + " [label=\"locomotion\\nstate_machine\", shape=box3d"));
  CHECK(Has(body, machine + "_s0 [label=\"idle\", shape=ellipse"));
  CHECK(Has(body, machine + "_s1 [label=\"moving\", shape=ellipse"));
  CHECK(Has(body, machine + "_s2 [label=\"airborne\", shape=ellipse"));
  CHECK(Has(body, machine + "_start -> " + machine + "_s0;"));
  // Transitions between states, labelled with the condition exactly as the YAML writes it, the
  // blend and the duration; the jump from any state leaves the "any" node.
  CHECK(Has(body, machine + "_s0 -> " + machine + "_s1 [label=\"speed > 0.2\\ncrossfade smoothstep 0.3 s\""));
  CHECK(Has(body, machine + "_s1 -> " + machine +
                      "_s0 [label=\"speed < 0.15 &amp;&amp; time_in_state > 0.3\\ninertialize 0.25 s\""));
  CHECK(Has(body,
            machine + "_any -> " + machine + "_s2 [label=\"jump\\ndead_blend 0.12 s, half-life 0.06 s\""));
  CHECK(Has(
      body,
      machine + "_s2 -> " + machine +
          "_s1 [label=\"state_progress >= 1 &amp;&amp; speed > 0.2\\ninertialize 0.2 s\\ninterruptible\""));
  // Each state's pose node feeds its state.
  CHECK(Has(dot, N(m, "idle_clip") + " -> " + machine + "_s0 [style=dashed"));
  CHECK(Has(dot, N(m, "move") + " -> " + machine + "_s1 [style=dashed"));
  CHECK(Has(dot, N(m, "locomotion.states.airborne") + " -> " + machine + "_s2 [style=dashed"));
  // Parameters are notes, each with an edge to the nodes whose fields read it.
  CHECK(Has(dot, P(m, "speed") + " [label=\"speed\\nfloat parameter\", shape=note"));
  CHECK(Has(dot, P(m, "speed") + " -> " + N(m, "move") + " [label=\"x, y\""));
  CHECK(Has(dot, P(m, "direction") + " -> " + N(m, "move") + " [label=\"x, y\""));
  CHECK(Has(dot, P(m, "aim_weight") + " -> " + N(m, "upper_layer") + " [label=\"alpha\""));
  CHECK(Has(dot, P(m, "aim_weight") + " -> " + N(m, "aimed") + " [label=\"alpha\""));
  CHECK(Has(dot, P(m, "look_target") + " -> " + N(m, "looking") + " [label=\"target\""));
  CHECK(Has(dot, P(m, "ground") + " -> " + N(m, "left_foot") + " [label=\"ground_height\""));
  CHECK(Has(dot, P(m, "jump") + " -> " + machine + " [label=\"transitions\""));
  CHECK(Has(dot, P(m, "speed") + " -> " + machine + " [label=\"transitions\""));
  // Pose inputs by field, blend space samples by position, the snapshot read the frame after.
  CHECK(Has(dot, N(m, "upper_layer") + " -> " + N(m, "aimed") + " [label=\"base\"]"));
  CHECK(Has(dot, N(m, "aim_delta") + " -> " + N(m, "aimed") + " [label=\"additive\"]"));
  CHECK(Has(dot, N(m, "saved_pose") + " -> " + N(m, "upper_layer") + " [label=\"a\"]"));
  CHECK(Has(dot, N(m, "idle_clip") + " -> " + N(m, "move") + " [label=\"(0, 0)\"]"));
  CHECK(Has(dot, N(m, "saved_pose") + " -> " + N(m, "upper_layer.b") + " [label=\"last frame\""));
  // Nodes labelled with name, kind and identifying values; the output marked.
  CHECK(Has(
      dot,
      N(m, "left_foot") +
          " [label=\"left_foot\\nfoot_ik\\nthigh: thigh_l\\ncalf: calf_l\\nfoot: foot_l\", shape=octagon"));
  CHECK(Has(dot, N(m, "upper_layer") + " [label=\"upper_layer\\nmasked_blend\\nmask: upper_body\""));
  CHECK(Has(dot, N(m, "right_foot") + " -> output;"));
  CHECK(Has(dot, "peripheries=2"));

  // Graphviz shows the conditions as written.
  const std::string svg = RequireRenders(dot, "locomotion_content");
  CHECK(Has(svg, ">speed &lt; 0.15 &amp;&amp; time_in_state &gt; 0.3</text>"));
  CHECK(Has(svg, ">state_progress &gt;= 1 &amp;&amp; speed &gt; 0.2</text>"));
}

// Names hold quotes, backslashes, newlines, braces, '<>&', an entity, ESC, and one tries to end
// its DOT string and add an edge. The humanoid sample's skeleton and clips.
constexpr const char* kHostileGraph = R"(format: animtc.graph
version: 1
skeleton: humanoid/skeleton.yaml
clips:
  "id\"le\\{}\n<&>": humanoid/idle.json
  walk: humanoid/walk_fwd.json
parameters:
  toggle: {type: bool, default: false}
  speed: {type: float, default: 0, min: 0, max: 1}
masks:
  "ma\"sk\\{}\n<&>": {bones: {spine_02: 1.0}}
nodes:
  "x\"]; evil -> y [label=\"": {kind: clip, clip: "id\"le\\{}\n<&>"}
  "wa\\lk {\n}\e[31m": {kind: clip, clip: walk, rate: "speed + 1"}
  "mi<x>&amp;": {kind: masked_blend, a: "x\"]; evil -> y [label=\"", b: "wa\\lk {\n}\e[31m", mask: "ma\"sk\\{}\n<&>", alpha: "speed"}
  "sa\"ve\n": {kind: save_snapshot, pose: "mi<x>&amp;", name: "sn\"ap\\{}\n<&>"}
  "ma\"chine\\ {x}\n<b>&amp;":
    kind: state_machine
    initial: "st\"ate\\{a}\n<&>"
    final: ["o\\ther\"}\n&lt;"]
    states:
      "st\"ate\\{a}\n<&>": "sa\"ve\n"
      "o\\ther\"}\n&lt;": {kind: load_snapshot, name: "sn\"ap\\{}\n<&>"}
    transitions:
      - {from: "st\"ate\\{a}\n<&>", to: "o\\ther\"}\n&lt;", condition: "toggle && time_in_state > 0.1 || speed < 0.5", duration: 0.3, event: "ev\"ent\\{}\n<&>"}
      - {from: any, to: "st\"ate\\{a}\n<&>", condition: "!toggle", duration: 0.2, blend: dead_blend}
output: {pose: "ma\"chine\\ {x}\n<b>&amp;"}
)";

TEST_CASE("animc --emit dot renders a graph whose names hold quotes, backslashes, newlines and markup") {
  DiagnosticSink sink;
  std::optional<AuthoredGraph> graph = ParseAuthoredGraph(kHostileGraph, "hostile \"names\".yaml",
                                                          std::string(ANIMTC_SOURCE_DIR) + "/samples", sink);
  INFO(FormatText(sink, true));
  REQUIRE(graph);
  const std::string dot = graph::GraphDot(graph->model, "hostile \"names\".yaml");
  INFO(dot);
  CheckOneStatementPerLine(dot);
  const std::string svg = RequireRenders(dot, "hostile");
  // No node or edge but the graph's: the injection stayed inside its label.
  CHECK_FALSE(Has(svg, "<title>evil</title>"));
  CHECK_FALSE(Has(svg, "<title>y</title>"));
  // Each name shows as the text outputs show it (a newline as \n, a backslash doubled, ESC as
  // \x1b), and the condition as written; the SVG escapes markup once more.
  for (const char* shown : {
           R"(x&quot;]; evil &#45;&gt; y [label=&quot;)",
           R"(wa\\lk {\n}\x1b[31m)",
           R"(mi&lt;x&gt;&amp;amp;)",
           R"(sa&quot;ve\n)",
           R"(ma&quot;chine\\ {x}\n&lt;b&gt;&amp;amp;)",
           R"(st&quot;ate\\{a}\n&lt;&amp;&gt;)",
           R"(o\\ther&quot;}\n&amp;lt;)",
           R"(mask: ma&quot;sk\\{}\n&lt;&amp;&gt;)",
           R"(name: sn&quot;ap\\{}\n&lt;&amp;&gt;)",
           R"(event ev&quot;ent\\{}\n&lt;&amp;&gt;)",
           R"(toggle &amp;&amp; time_in_state &gt; 0.1 || speed &lt; 0.5)",
           R"(hostile &quot;names&quot;.yaml)",
       }) {
    INFO(shown);
    CHECK(Has(svg, shown));
  }
}

}  // namespace
}  // namespace anim
