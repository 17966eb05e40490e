// `anim-dump export` on characters made by content tools (the third-party glTF assets): the robot
// sample (samples/robot.yaml, its skeleton and clips read straight from RobotExpressive.glb) and
// the Fox and CesiumMan, each played by a graph over its own animation. The export is the source
// file with its meshes, materials and textures, playing the graph's output: no validator error,
// warning or info the source does not have (CesiumMan's skin weights do not sum to 1, for one; an
// unused object would be new), none of the data only the source's own animations used, and
// imported back it holds every frame's joints as `anim-dump pose` prints them.
#include <catch2/catch.hpp>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/cli_dump/dump_process.h"
#include "tests/cli_dump/export_checks.h"

namespace anim::test {
namespace {

const std::string kAssets = ANIMTC_GLTF_ASSETS;

TEST_CASE("The robot sample exports as the robot itself, playing the graph", "[export][assets]") {
  const std::string glb = (Scratch() / "robot.glb").string();
  const std::string source = kAssets + "/robotexpressive/RobotExpressive.glb";
  RequireRoundTrip(SampleArgs("robot") + " -I '" + kAssets + "'", "100:219", glb, "robot", source);
  RequireNoDeadData(glb, source);
  const nlohmann::json json = nlohmann::json::parse(
      Dump("export " + SampleArgs("robot") + " -I '" + kAssets + "' --frames 0:1 --format gltf").out);
  CHECK(json["meshes"].size() > 0);
  CHECK(json["materials"].size() > 0);
  CHECK(json["animations"].size() == 1);
}

TEST_CASE("A character's file plays any graph's output: Fox and CesiumMan", "[export][assets]") {
  struct Character {
    const char* file;
    const char* animation;
  };
  const Character character =
      GENERATE(Character{"fox/Fox.glb", "Run"}, Character{"cesiumman/CesiumMan.glb", "animation_0"});
  const std::filesystem::path dir = Scratch() / "characters";
  std::filesystem::create_directories(dir);
  const std::string source = kAssets + "/" + character.file;
  // One of its animations, a little faster than authored, through a blend with the bind pose.
  const std::string clip = "{gltf: '" + source + "', animation: " + character.animation + ", loop: true}";
  WriteFile(dir / "graph.yaml",
            "format: animtc.graph\nversion: 1\nskeleton: '" + source + "'\nclips:\n  move: " + clip +
                "\nnodes:\n  move: {kind: clip, clip: move, rate: 1.25}\n"
                "  rest: {kind: reference_pose}\n"
                "  out: {kind: blend, a: move, b: rest, alpha: 0.2}\noutput: {pose: out}\n");
  WriteFile(dir / "graph.scenario.yaml",
            "format: animtc.scenario\nversion: 1\nframes: 90\ndelta_time: 0.0333333\n");
  const std::string args =
      "'" + (dir / "graph.yaml").string() + "' --scenario '" + (dir / "graph.scenario.yaml").string() + "'";
  RequireRoundTrip(args, "0:89", (dir / "out.glb").string(), "graph", source);
  RequireNoDeadData((dir / "out.glb").string(), source);
}

}  // namespace
}  // namespace anim::test
