// Graphs that read their skeleton and clips straight from glTF files (docs/graph-format.md, "glTF
// files"), against the third-party files in ANIMTC_GLTF_ASSETS (registered only when they are
// there; gltf_written_graph_test.cpp does the same on a file the tests write): the clips match a
// direct import, loop as their entries say, each file is imported once, and bad references are
// exact diagnostics.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "compiler/graph/load_graph.h"
#include "compiler/import/gltf_importer.h"
#include "tests/frontend/same_keys.h"

namespace anim {
namespace {

using test::CheckSameKeys;
using test::ImportedClip;
using test::RateOptions;

const std::string kRobot = "robotexpressive/RobotExpressive.glb";

std::string GltfDir() {
  return std::string(ANIMTC_GLTF_ASSETS) + "/";
}

// A graph over `skeleton` and `clips` (the YAML after `clips:`) playing `clip`.
std::string Graph(const std::string& skeleton, const std::string& clips, const std::string& clip = "a") {
  return "format: animtc.graph\nversion: 1\nskeleton: " + skeleton + "\nclips:\n" + clips +
         "nodes:\n  play: {kind: clip, clip: " + clip + "}\noutput: {pose: play}\n";
}

// Asset paths are resolved lexically: "a/../b" becomes "b".
std::string Normal(const std::string& path) {
  return std::filesystem::path(path).lexically_normal().string();
}

std::optional<CompiledGraph> Parse(const std::string& text, DiagnosticSink& sink) {
  return ParseGraph(text, "g.yaml", GltfDir(), sink);
}

GltfImport ImportRobot(double rate, DiagnosticSink& sink) {
  std::optional<GltfImport> import = ImportGltf(GltfDir() + kRobot, RateOptions(rate), sink);
  REQUIRE(import);
  return std::move(*import);
}

std::string Errors(const DiagnosticSink& sink) {
  std::string text;
  for (const Diagnostic& d : sink.diagnostics())
    if (d.severity == Severity::Error) text += FormatText(d);
  return text;
}

TEST_CASE("A graph takes its skeleton and clips from a glTF file, as a direct import gives them") {
  const std::string clips = "  a: {gltf: " + kRobot + ", animation: Walking, loop: true}\n" +
                            "  b: {gltf: " + kRobot + ", animation: Jump}\n" + "  c: {gltf: " + kRobot +
                            ", animation: Wave, loop: false, rate: 60}\n";
  DiagnosticSink sink;
  const std::optional<CompiledGraph> graph = Parse(Graph(kRobot, clips), sink);
  INFO(FormatText(sink));
  REQUIRE(graph);
  CHECK(sink.error_count() == 0);

  DiagnosticSink direct_sink;
  const GltfImport at_source_rate = ImportRobot(0.0, direct_sink);  // the default: each animation's own
  const GltfImport at60 = ImportRobot(60.0, direct_sink);
  CHECK(graph->skeleton.content_hash() == at_source_rate.skeleton.content_hash());
  CHECK(graph->skeleton.bone_count() == at_source_rate.skeleton.bone_count());
  REQUIRE(graph->clips.size() == 3);
  // Programs bind clips by the graph's names; the keys are the importer's.
  CHECK(graph->clips[0].name() == "a");
  CHECK(graph->clips[1].name() == "b");
  CHECK(graph->clips[2].name() == "c");
  CHECK(graph->clips[0].looping());
  CHECK_FALSE(graph->clips[1].looping());
  CHECK_FALSE(graph->clips[2].looping());
  CheckSameKeys(graph->clips[0], ImportedClip(at_source_rate, "Walking"));
  CheckSameKeys(graph->clips[1], ImportedClip(at_source_rate, "Jump"));
  CheckSameKeys(graph->clips[2], ImportedClip(at60, "Wave"));
  CHECK(graph->clips[2].frame_count() > graph->clips[1].frame_count());
  // The file is an input once, however many entries name it.
  CHECK(std::count(graph->input_files.begin(), graph->input_files.end(), Normal(GltfDir() + kRobot)) == 1);
}

TEST_CASE("Each glTF file is imported once per rate - importer warnings stay warnings, with a note") {
  // RiggedSimple's one animation starts late: one I207 warning per import.
  const std::string rigged = "riggedsimple/RiggedSimple.gltf";
  DiagnosticSink direct;
  REQUIRE(ImportGltf(GltfDir() + rigged, RateOptions(30.0), direct));
  const int per_import = direct.warning_count();
  REQUIRE(per_import > 0);

  // The skeleton, a and b share the import at the animation's own key rate; c and d share a second
  // one at 30 Hz.
  const std::string clips = "  a: {gltf: " + rigged + ", animation: animation_0, loop: true}\n" +
                            "  b: {gltf: " + rigged + ", animation: animation_0}\n" +
                            "  c: {gltf: " + rigged + ", animation: animation_0, rate: 30}\n" +
                            "  d: {gltf: " + rigged + ", animation: animation_0, loop: true, rate: 30}\n";
  DiagnosticSink sink;
  sink.DisableWarning("W005");  // the graph plays only a: the other clips are here to be imported
  REQUIRE(Parse(Graph(rigged, clips), sink));
  CHECK(sink.error_count() == 0);
  CHECK(sink.warning_count() == 2 * per_import);
  int noted_at_skeleton = 0;
  for (const Diagnostic& d : sink.diagnostics()) {
    CHECK(d.code == "I207");
    REQUIRE_FALSE(d.notes.empty());
    // The note is at the graph line that imported the file at that rate first.
    const Diagnostic& note = d.notes.back();
    CHECK(note.location.file == "g.yaml");
    if (note.location.line == 3) {
      CHECK(note.message == "the skeleton is referenced here");
      ++noted_at_skeleton;
    } else {
      CHECK(note.location.line == 7);
      CHECK(note.message == "clip 'c' is referenced here");
    }
  }
  CHECK(noted_at_skeleton == per_import);

  DiagnosticSink three_rates;
  three_rates.DisableWarning("W005");
  REQUIRE(Parse(Graph(rigged, clips + "  e: {gltf: " + rigged + ", animation: animation_0, rate: 24}\n"),
                three_rates));
  CHECK(three_rates.warning_count() == 3 * per_import);
}

TEST_CASE("The skeleton's mapping form picks a skin, a looping clip wraps where a play-once clip clamps") {
  DiagnosticSink sink;
  const std::optional<CompiledGraph> graph = Parse(
      Graph("{gltf: " + kRobot + ", skin: 0}", "  a: {gltf: " + kRobot + ", animation: Idle, loop: true}\n"),
      sink);
  INFO(FormatText(sink));
  REQUIRE(graph);
  DiagnosticSink direct;
  CHECK(graph->skeleton.content_hash() == ImportRobot(30.0, direct).skeleton.content_hash());
  const Clip& idle = graph->clips[0];
  REQUIRE(idle.looping());
  const float past_end = idle.duration() + 0.5f / idle.sample_rate();
  CHECK(idle.KeysAt(past_end).frame0 == 0);
  const GltfImport import = ImportRobot(30.0, direct);
  const Clip& once = ImportedClip(import, "Idle");
  CHECK(once.KeysAt(past_end).frame1 == once.frame_count() - 1);
  CHECK(once.KeysAt(past_end).alpha == Approx(1.0f));
}

struct BadGltfCase {
  const char* name;
  std::string skeleton;
  std::string clips;
  const char* expected;  // the errors, exactly
};

TEST_CASE("Bad glTF references are exact errors at the graph's line and column") {
  const std::string robot = "{gltf: " + kRobot;
  const BadGltfCase cases[] = {
      {"unknown animation", kRobot, "  a: " + robot + ", animation: Walkng}\n",
       "g.yaml:5:61: error[E024]: glTF file 'robotexpressive/RobotExpressive.glb' has no animation "
       "'Walkng'; did you mean 'Walking'?\n"},
      {"unknown animation, nothing close", kRobot, "  a: " + robot + ", animation: Backflip}\n",
       "g.yaml:5:61: error[E024]: glTF file 'robotexpressive/RobotExpressive.glb' has no animation "
       "'Backflip'; its animations are: Dance Death Idle Jump No Punch Running Sitting Standing "
       "ThumbsUp Walking WalkJump Wave Yes\n"},
      {"clip from another skeleton", kRobot, "  a: {gltf: fox/Fox.glb, animation: Run}\n",
       "g.yaml:5:13: error[E025]: skin 0 of 'fox/Fox.glb' (24 bones) is not the graph's skeleton "
       "'RobotExpressive' (43 bones): a clip must come from the same skin\n"},
      {"rate zero", kRobot, "  a: " + robot + ", animation: Idle, rate: 0}\n",
       "g.yaml:5:73: error[E012]: 'rate' of clip 'a' must be above 0 and at most 1000 Hz, found 0\n"},
      {"negative skin", robot + ", skin: -1}", "  a: " + robot + ", animation: Idle}\n",
       "g.yaml:3:61: error[E012]: 'skin' of 'skeleton' must be a skin index (0 or more), found -1\n"},
      {"missing animation", kRobot, "  a: " + robot + ", loop: true}\n",
       "g.yaml:5:6: error[E101]: missing required field 'animation' in clip 'a'\n"},
      {"unknown field", kRobot, "  a: " + robot + ", animation: Idle, looping: true}\n",
       "g.yaml:5:67: error[E103]: unknown field 'looping' in clip 'a'; did you mean 'loop'?\n"},
  };
  for (const BadGltfCase& c : cases) {
    INFO(c.name);
    DiagnosticSink sink;
    CHECK_FALSE(Parse(Graph(c.skeleton, c.clips), sink));
    CHECK(Errors(sink) == c.expected);
  }
}

TEST_CASE("A glTF file that cannot be imported is an importer error with a note at the graph line") {
  DiagnosticSink sink;
  CHECK_FALSE(
      Parse(Graph("missing/Nothing.glb", "  a: {gltf: missing/Nothing.glb, animation: Idle}\n"), sink));
  REQUIRE(sink.error_count() == 1);  // the clip has no skeleton to bind to: only the skeleton's error
  const Diagnostic& error = sink.diagnostics().front();
  CHECK(error.code.rfind("I2", 0) == 0);
  CHECK(error.location.file == Normal(GltfDir() + "missing/Nothing.glb"));
  REQUIRE(error.notes.size() == 1);
  CHECK(error.notes[0].location.line == 3);
  CHECK(error.notes[0].message == "the skeleton is referenced here");

  DiagnosticSink bad_clip;
  CHECK_FALSE(Parse(Graph(kRobot, "  a: {gltf: missing/Nothing.glb, animation: Idle}\n"), bad_clip));
  REQUIRE(bad_clip.error_count() == 1);
  REQUIRE_FALSE(bad_clip.diagnostics().back().notes.empty());
  CHECK(bad_clip.diagnostics().back().notes.back().message == "clip 'a' is referenced here");
  CHECK(bad_clip.diagnostics().back().notes.back().location.line == 5);
}

}  // namespace
}  // namespace anim
