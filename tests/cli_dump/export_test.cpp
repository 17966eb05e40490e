// `anim-dump export` (issue 19): the exported glTF, imported back with the project's importer, holds
// at every frame the joints `anim-dump pose` prints for it, placed by the root motion the frame
// accumulated, within 1e-5 of the skeleton's height; a .gltf is JSON with its buffer embedded; bad
// ranges and inputs are one error line and write nothing.
#include <catch2/catch.hpp>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "compiler/export/gltf_bytes.h"
#include "tests/cli_dump/dump_process.h"
#include "tests/cli_dump/export_checks.h"
#include "tests/support/sample_gltf.h"

namespace anim::test {
namespace {

using Json = nlohmann::json;
using gltf_bytes::Base64;
using gltf_bytes::FromBase64;

TEST_CASE("An exported run imports back as the joints anim-dump pose prints, root motion included",
          "[export]") {
  // locomotion extracts its root motion and walks, turns, runs and jumps; litmus keeps it.
  const std::string sample = GENERATE("locomotion", "litmus");
  const double travelled =
      RequireRoundTrip(SampleArgs(sample), "30:149", (Scratch() / (sample + ".glb")).string(), sample);
  // The comparison includes the root: locomotion's character has walked away from the origin.
  CHECK((sample == "locomotion") == (travelled > 1.0));
}

// The humanoid written as a .gltf with its buffer beside it, then dressed as an exporter from a
// content tool leaves a character: an "Armature" node above the root joint that turns and scales
// the rig (which the importer folds into the root bone), and a skinned mesh whose vertices are in a
// second buffer (a data: URI) with a material textured by an image file beside the document.
constexpr char kOnePixelPng[] =
    "\x89\x50\x4e\x47\x0d\x0a\x1a\x0a\x00\x00\x00\x0d\x49\x48\x44\x52\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02"
    "\x00"
    "\x00\x00\x90\x77\x53\xde\x00\x00\x00\x0c\x49\x44\x41\x54\x78\x9c\x63\x38\x31\xad\x02\x00\x04\x00\x01\xd7"
    "\xb8\xd3\x0e\x08\x00\x00\x00\x00\x49\x45\x4e\x44\xae\x42\x60\x82";

std::filesystem::path WriteDressedHumanoid(const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  const SampleRig rig = LoadSampleRig("humanoid");
  GltfWriteOptions options;
  options.container = GltfContainer::GltfExternal;
  options.buffer_uri = "humanoid.bin";
  WriteGltfFile(dir / "humanoid.gltf", rig.skeleton, rig.ClipPointers(), options);
  Json gltf = Json::parse(ReadFile(dir / "humanoid.gltf"));

  const int armature = static_cast<int>(gltf["nodes"].size());
  gltf["nodes"].push_back({{"name", "Armature"},
                           {"children", gltf["scenes"][0]["nodes"]},
                           {"rotation", {0.0, 0.3826834, 0.0, 0.9238795}},  // 45 degrees about +Y
                           {"scale", {0.5, 0.5, 0.5}},
                           {"translation", {1.0, 0.0, -2.0}}});
  // A triangle skinned to the root joint: positions, joints, weights and texture coordinates, each
  // in its own view of a second buffer.
  const float positions[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  const unsigned char joints[12] = {};
  const float weights[12] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
  const float texcoords[6] = {0, 0, 1, 0, 0, 1};
  const std::string arrays[4] = {std::string(reinterpret_cast<const char*>(positions), sizeof positions),
                                 std::string(reinterpret_cast<const char*>(joints), sizeof joints),
                                 std::string(reinterpret_cast<const char*>(weights), sizeof weights),
                                 std::string(reinterpret_cast<const char*>(texcoords), sizeof texcoords)};
  const int buffer = static_cast<int>(gltf["buffers"].size());
  const int first_accessor = static_cast<int>(gltf["accessors"].size());
  const char* types[4] = {"VEC3", "VEC4", "VEC4", "VEC2"};
  std::string vertices;
  for (int a = 0; a < 4; ++a) {
    gltf["bufferViews"].push_back({{"buffer", buffer},
                                   {"byteOffset", vertices.size()},
                                   {"byteLength", arrays[a].size()},
                                   {"target", 34962}});
    Json accessor = {{"bufferView", gltf["bufferViews"].size() - 1},
                     {"componentType", a == 1 ? 5121 : 5126},
                     {"count", 3},
                     {"type", types[a]}};
    if (a == 0) {
      accessor["min"] = Json::array({0, 0, 0});
      accessor["max"] = Json::array({1, 1, 0});
    }
    gltf["accessors"].push_back(accessor);
    vertices += arrays[a];
  }
  gltf["buffers"].push_back(
      {{"byteLength", vertices.size()}, {"uri", "data:application/octet-stream;base64," + Base64(vertices)}});
  gltf["images"] = {{{"uri", "skin%20colour.png"}}};
  gltf["textures"] = {{{"source", 0}}};
  gltf["materials"] = {{{"name", "skin"}, {"pbrMetallicRoughness", {{"baseColorTexture", {{"index", 0}}}}}}};
  Json primitive = {{"material", 0}};
  primitive["attributes"] = {{"POSITION", first_accessor},
                             {"JOINTS_0", first_accessor + 1},
                             {"WEIGHTS_0", first_accessor + 2},
                             {"TEXCOORD_0", first_accessor + 3}};
  Json mesh = {{"name", "body"}};
  mesh["primitives"] = Json::array({primitive});
  gltf["meshes"] = Json::array({mesh});
  gltf["nodes"].push_back({{"name", "body"}, {"mesh", 0}, {"skin", 0}});
  gltf["scenes"][0]["nodes"] = {armature, armature + 1};
  WriteFile(dir / "humanoid.gltf", gltf.dump(2));
  WriteFile(dir / "skin colour.png", std::string(kOnePixelPng, sizeof kOnePixelPng - 1));
  WriteFile(dir / "walk.yaml", R"(format: animtc.graph
version: 1
skeleton: humanoid.gltf
clips:
  walk: {gltf: humanoid.gltf, animation: walk_fwd, loop: true}
  run: {gltf: humanoid.gltf, animation: run_fwd, loop: true}
parameters:
  speed: {type: float, default: 0.4, min: 0, max: 1}
root_motion: {mode: extract, bone: root}
nodes:
  walk: {kind: clip, clip: walk}
  run: {kind: clip, clip: run}
  moving: {kind: blend, a: walk, b: run, alpha: speed}
output: {pose: moving}
)");
  WriteFile(dir / "walk.scenario.yaml",
            "format: animtc.scenario\nversion: 1\nframes: 60\ndelta_time: 0.0333333\n");
  return dir / "walk.yaml";
}

TEST_CASE("A skeleton imported from glTF is exported into its file: meshes, materials and images come along",
          "[export]") {
  const std::filesystem::path dir = Scratch() / "dressed";
  const std::filesystem::path graph = WriteDressedHumanoid(dir);
  const std::string args =
      "'" + graph.string() + "' --scenario '" + (dir / "walk.scenario.yaml").string() + "'";

  // The character walks through the scene, placed by its Armature as the source places it.
  CHECK(RequireRoundTrip(args, "0:59", (Scratch() / "dressed.glb").string(), "walk") > 0.5);

  const ProcessRun run = Dump("export " + args + " --format gltf");
  INFO("stderr: " << run.err);
  REQUIRE(run.exit_code == 0);
  const Json gltf = Json::parse(run.out);
  const Json source = Json::parse(ReadFile(dir / "humanoid.gltf"));
  CHECK(gltf["nodes"].size() == source["nodes"].size());
  CHECK(gltf["nodes"][gltf["nodes"].size() - 2]["name"] == "Armature");
  // The mesh stays, its accessors renumbered: those of the source's animations are left out.
  REQUIRE(gltf["meshes"].size() == 1);
  const Json& attributes = gltf["meshes"][0]["primitives"][0]["attributes"];
  const Json& source_attributes = source["meshes"][0]["primitives"][0]["attributes"];
  REQUIRE(attributes.size() == source_attributes.size());
  for (const auto& attribute : source_attributes.items()) {
    INFO(attribute.key());
    Json ours = gltf["accessors"][attributes[attribute.key()].get<std::size_t>()];
    Json theirs = source["accessors"][attribute.value().get<std::size_t>()];
    CHECK(gltf["bufferViews"][ours["bufferView"].get<std::size_t>()]["byteLength"] ==
          source["bufferViews"][theirs["bufferView"].get<std::size_t>()]["byteLength"]);
    ours.erase("bufferView");
    theirs.erase("bufferView");
    CHECK(ours == theirs);
  }
  CHECK(gltf["accessors"].size() < source["accessors"].size() / 2);
  CHECK(gltf["materials"] == source["materials"]);
  // One buffer, embedded; the image in a view of it, the same bytes as the file.
  REQUIRE(gltf["buffers"].size() == 1);
  const std::string buffer = *FromBase64(gltf["buffers"][0]["uri"].get<std::string>().substr(
      std::string("data:application/octet-stream;base64,").size()));
  const Json& image = gltf["images"][0];
  CHECK_FALSE(image.contains("uri"));
  CHECK(image["mimeType"] == "image/png");
  const Json& view = gltf["bufferViews"][image["bufferView"].get<std::size_t>()];
  CHECK(buffer.substr(view["byteOffset"].get<std::size_t>(), view["byteLength"].get<std::size_t>()) ==
        ReadFile(dir / "skin colour.png"));
  // The source's seven animations make way for the export's one.
  REQUIRE(gltf["animations"].size() == 1);
  CHECK(gltf["animations"][0]["name"] == "walk");

  // --skeleton-only writes the skeleton alone.
  const Json bare = Json::parse(Dump("export " + args + " --format gltf --skeleton-only").out);
  CHECK_FALSE(bare.contains("meshes"));
  CHECK(bare["nodes"].size() == source["skins"][0]["joints"].size());

  // An image that is not there is one error line, and nothing is written.
  std::filesystem::remove(dir / "skin colour.png");
  const std::string out = (Scratch() / "no-image.glb").string();
  RequireOneErrorLine(Dump("export " + args + " -o '" + out + "'"), "skin colour.png");
  CHECK_FALSE(std::filesystem::exists(out));
}

TEST_CASE("A .gltf export is JSON with its buffer embedded, one LINEAR animation over the skin", "[export]") {
  const ProcessRun run = Dump("export " + SampleArgs("litmus") + " --frames 0:9 --format gltf");
  INFO("stderr: " << run.err);
  REQUIRE(run.exit_code == 0);
  const Json gltf = Json::parse(run.out);
  CHECK(gltf["asset"]["version"] == "2.0");
  REQUIRE(gltf["skins"].size() == 1);
  REQUIRE(gltf["animations"].size() == 1);
  CHECK(gltf["animations"][0]["name"] == "litmus");
  for (const Json& sampler : gltf["animations"][0]["samplers"])
    CHECK(sampler["interpolation"] == "LINEAR");
  // Every joint keyed: a translation, rotation and scale channel per bone.
  CHECK(gltf["animations"][0]["channels"].size() == 3 * gltf["skins"][0]["joints"].size());
  REQUIRE(gltf["buffers"].size() == 1);
  CHECK(gltf["buffers"][0]["uri"].get<std::string>().rfind("data:application/octet-stream;base64,", 0) == 0);

  // -o's extension picks the container when --format does not.
  const std::string path = (Scratch() / "litmus.gltf").string();
  REQUIRE(Dump("export " + SampleArgs("litmus") + " --frames 0:9 -o '" + path + "'").exit_code == 0);
  CHECK(ReadFile(path) == run.out);
  RequireValidGltf(path);
  const std::string glb = (Scratch() / "litmus-by-default.bin").string();
  REQUIRE(Dump("export " + SampleArgs("litmus") + " --frames 0:9 -o '" + glb + "'").exit_code == 0);
  CHECK(ReadFile(glb).rfind("glTF", 0) == 0);
}

TEST_CASE("Exporting without a range takes the whole scenario", "[export]") {
  const std::string glb = (Scratch() / "whole.glb").string();
  REQUIRE(Dump("export " + SampleArgs("litmus") + " -o '" + glb + "'").exit_code == 0);
  ImportBack(glb, 300);  // samples/litmus.scenario.yaml: 300 frames
}

TEST_CASE("Bad export requests are one error line and write nothing", "[export]") {
  const std::string out = (Scratch() / "bad.glb").string();
  RequireOneErrorLine(Dump("export " + SampleArgs("litmus") + " --frames 9:2 -o '" + out + "'"), "--frames");
  RequireOneErrorLine(Dump("export " + SampleArgs("litmus") + " --frames 0:300 -o '" + out + "'"), "300");
  RequireOneErrorLine(Dump("export " + SampleArgs("litmus") + " --format svg -o '" + out + "'"), "svg");
  const std::string bytecode = CompileToBytecode("samples/litmus.yaml", "litmus-export").string();
  RequireOneErrorLine(Dump("export '" + bytecode + "' -o '" + out + "'"), "--graph");
  // A scenario too long to hold is refused before any frame runs.
  WriteFile(Scratch() / "long.scenario.yaml",
            "format: animtc.scenario\nversion: 1\nframes: 1000000\ndelta_time: 0.0333333\n");
  RequireOneErrorLine(Dump("export samples/litmus.yaml --scenario '" +
                           (Scratch() / "long.scenario.yaml").string() + "' -o '" + out + "'"),
                      "--frames A:B");
  CHECK_FALSE(std::filesystem::exists(out));
}

}  // namespace
}  // namespace anim::test
