// Morph-target weights imported as clip curves (docs/import.md, "Morph weights"), on a small glTF file
// the test writes itself (a two-joint skin, a mesh with two named morph targets, another with
// unnamed ones, and weights animated by LINEAR, STEP and CUBICSPLINE samplers): curve names and
// the rules that keep them unique, keys and samples at and between keys, the clip's span and key
// rate, the import report, the clip document round trip, and broken weights channels.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/anim_import/import_report.h"
#include "compiler/assets/asset_loader.h"
#include "compiler/import/asset_writer.h"
#include "compiler/import/gltf_importer.h"
#include "tests/import/import_checks.h"
#include "tests/import/temp_dir.h"

namespace anim {
namespace {

using nlohmann::json;

std::string Base64(const std::string& bytes) {
  static const char* const kDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t v = 0;
    for (std::size_t j = 0; j < 3; ++j)
      v = (v << 8) | (j < n ? static_cast<unsigned char>(bytes[i + j]) : 0u);
    for (std::size_t j = 0; j < 4; ++j)
      out += j <= n ? kDigits[(v >> (18 - 6 * j)) & 63] : '=';
  }
  return out;
}

// A glTF document and its one buffer, embedded as a base64 data URI when written.
class GltfFile {
 public:
  json doc = {{"asset", {{"version", "2.0"}}},
              {"scene", 0},
              {"bufferViews", json::array()},
              {"accessors", json::array()}};

  // A float accessor of `type` (SCALAR, VEC3, VEC4) over `values`; returns its index.
  int Floats(const std::vector<float>& values, const std::string& type) {
    const std::size_t components = type == "SCALAR" ? 1 : type == "VEC3" ? 3 : 4;
    const std::size_t offset = bytes_.size();
    bytes_.resize(offset + values.size() * sizeof(float));
    std::memcpy(bytes_.data() + offset, values.data(), values.size() * sizeof(float));
    doc["bufferViews"].push_back(
        {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", values.size() * sizeof(float)}});
    doc["accessors"].push_back({{"bufferView", doc["bufferViews"].size() - 1},
                                {"componentType", 5126},
                                {"count", values.size() / components},
                                {"type", type}});
    return static_cast<int>(doc["accessors"].size() - 1);
  }

  // A sampler of `animation` over `times` and `values`; returns its index.
  int Sampler(json& animation, const std::vector<float>& times, const std::vector<float>& values,
              const std::string& type, const std::string& interpolation) {
    animation["samplers"].push_back({{"input", Floats(times, "SCALAR")},
                                     {"output", Floats(values, type)},
                                     {"interpolation", interpolation}});
    return static_cast<int>(animation["samplers"].size() - 1);
  }

  std::string Write(const test::TempDir& dir, const std::string& name) const {
    json out = doc;
    out["buffers"] = {
        {{"byteLength", bytes_.size()}, {"uri", "data:application/octet-stream;base64," + Base64(bytes_)}}};
    const std::string path = dir.file(name);
    test::WriteFileBytes(path, out.dump(1));
    return path;
  }

 private:
  std::string bytes_;
};

json Channel(int sampler, int node, const char* path) {
  return {{"sampler", sampler}, {"target", {{"node", node}, {"path", path}}}};
}

// Nodes: 0 root joint, 1 its child joint, 2 "face" (mesh 0 "face": targets smile and blink, skinned),
// 3 "brows" (mesh 1 "brows": two unnamed targets). Animation 0 "talk", keys at 0, 0.5 and 1 s: the
// child joint's rotation (LINEAR), the face's weights (LINEAR), the brows' weights (STEP).
// Animation 1 "grin": the face's weights as CUBICSPLINE over 0 to 1 s.
GltfFile MorphFile() {
  GltfFile file;
  json& doc = file.doc;
  doc["nodes"] = {{{"name", "root"}, {"children", {1}}},
                  {{"name", "tip"}, {"translation", {0, 1, 0}}},
                  {{"name", "face"}, {"mesh", 0}, {"skin", 0}},
                  {{"name", "brows"}, {"mesh", 1}}};
  doc["scenes"] = {{{"nodes", {0, 2, 3}}}};
  doc["skins"] = {{{"joints", {0, 1}}}};
  const int positions = file.Floats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int offsets = file.Floats({0, 0.1f, 0, 0, 0, 0, 0, 0, 0}, "VEC3");
  const json primitive = {{"attributes", {{"POSITION", positions}}},
                          {"targets", {{{"POSITION", offsets}}, {{"POSITION", offsets}}}}};
  doc["meshes"] = {
      {{"name", "face"}, {"primitives", {primitive}}, {"extras", {{"targetNames", {"smile", "blink"}}}}},
      {{"name", "brows"}, {"primitives", {primitive}}}};

  json talk = {{"name", "talk"}, {"samplers", json::array()}, {"channels", json::array()}};
  const std::vector<float> times = {0.0f, 0.5f, 1.0f};
  const float s = 0.38268343f, c = 0.92387953f;  // 45 degrees about z
  talk["channels"].push_back(Channel(
      file.Sampler(talk, times, {0, 0, 0, 1, 0, 0, s, c, 0, 0, 0, 1}, "VEC4", "LINEAR"), 1, "rotation"));
  // Per key: smile, blink.
  talk["channels"].push_back(
      Channel(file.Sampler(talk, times, {0, 1, 1, 0, 0.5f, 0.5f}, "SCALAR", "LINEAR"), 2, "weights"));
  talk["channels"].push_back(
      Channel(file.Sampler(talk, times, {0, 1, 1, 0, 0, 0.25f}, "SCALAR", "STEP"), 3, "weights"));

  json grin = {{"name", "grin"}, {"samplers", json::array()}, {"channels", json::array()}};
  // Per key: in-tangents (smile, blink), values, out-tangents.
  grin["channels"].push_back(
      Channel(file.Sampler(grin, {0.0f, 1.0f}, {0, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0}, "SCALAR", "CUBICSPLINE"),
              2, "weights"));
  doc["animations"] = {talk, grin};
  return file;
}

struct Imported {
  std::optional<GltfImport> result;
  DiagnosticSink diagnostics;
};

Imported Import(const std::string& path, double rate = 4.0, ClipEncoding encoding = ClipEncoding::Dense) {
  Imported imported;
  GltfImportOptions options;
  options.sample_rate = rate;
  options.encoding.encoding = encoding;
  imported.result = ImportGltf(path, options, imported.diagnostics);
  return imported;
}

std::vector<std::string> CurveNames(const Clip& clip) {
  std::vector<std::string> names;
  for (const ClipCurve& curve : clip.curves())
    names.push_back(curve.name);
  return names;
}

const ClipCurve& Curve(const Clip& clip, const std::string& name) {
  const int index = clip.FindCurve(name);
  REQUIRE(index >= 0);
  return clip.curves()[static_cast<std::size_t>(index)];
}

TEST_CASE("Morph weights become curves named after the mesh's targets, keyed at the clip's frames",
          "[import][morph]") {
  const test::TempDir dir;
  const Imported imported = Import(MorphFile().Write(dir, "face.gltf"));
  INFO(FormatText(imported.diagnostics));
  REQUIRE(imported.result);
  CHECK(imported.diagnostics.diagnostics().empty());
  const Clip& talk = imported.result->clips.at(0);
  REQUIRE(talk.frame_count() == 5);  // 0, 0.25, 0.5, 0.75 and 1 s at 4 Hz
  // Node order, then target order; targetNames where the mesh has them, else "<mesh>.morph<i>".
  CHECK(CurveNames(talk) == std::vector<std::string>{"smile", "blink", "brows.morph0", "brows.morph1"});
  // LINEAR lerps between keys; STEP holds each key until the next and its curve steps.
  CHECK(Curve(talk, "smile").keys == std::vector<float>{0.0f, 0.5f, 1.0f, 0.75f, 0.5f});
  CHECK(Curve(talk, "blink").keys == std::vector<float>{1.0f, 0.5f, 0.0f, 0.25f, 0.5f});
  CHECK_FALSE(Curve(talk, "smile").step);
  CHECK(Curve(talk, "brows.morph0").keys == std::vector<float>{0.0f, 0.0f, 1.0f, 1.0f, 0.0f});
  CHECK(Curve(talk, "brows.morph1").keys == std::vector<float>{1.0f, 1.0f, 0.0f, 0.0f, 0.25f});
  CHECK(Curve(talk, "brows.morph1").step);
  // Sampled between frames: a lerp, or the earlier key for a stepping curve.
  CHECK(Curve(talk, "smile").Sample(talk.KeysAt(0.125f)) == Approx(0.25f));
  CHECK(Curve(talk, "brows.morph0").Sample(talk.KeysAt(0.49f)) == 0.0f);
  CHECK(Curve(talk, "brows.morph0").Sample(talk.KeysAt(0.5f)) == 1.0f);

  // CUBICSPLINE: the Hermite curve through (0, 0) leaving at slope 2 and (1, 1) arriving flat.
  const Clip& grin = imported.result->clips.at(1);
  REQUIRE(grin.frame_count() == 5);
  CHECK(CurveNames(grin) == std::vector<std::string>{"smile", "blink"});
  for (int k = 0; k < grin.frame_count(); ++k) {
    const double u = k / 4.0;
    const double h10 = u * u * u - 2 * u * u + u, h01 = -2 * u * u * u + 3 * u * u;
    CHECK(Curve(grin, "smile").keys[static_cast<std::size_t>(k)] == Approx(2 * h10 + h01).margin(1e-6));
    CHECK(Curve(grin, "blink").keys[static_cast<std::size_t>(k)] == 0.0f);
  }
  CHECK(Curve(grin, "smile").keys[1] == Approx(0.4375f).margin(1e-6));
}

TEST_CASE("Curves are reported, kept compressed, and written to clip documents that read back the same",
          "[import][morph]") {
  const test::TempDir dir;
  const std::string path = MorphFile().Write(dir, "face.gltf");
  const Imported compressed = Import(path, 4.0, ClipEncoding::Compressed);
  INFO(FormatText(compressed.diagnostics));
  REQUIRE(compressed.result);
  const Imported dense = Import(path);
  REQUIRE(dense.result);
  for (std::size_t c = 0; c < 2; ++c) {
    const GltfClipReport& report = compressed.result->reports[c];
    CHECK(report.curves == (c == 0 ? 4 : 2));
    CHECK(report.morph_channels == (c == 0 ? 2 : 1));
    CHECK(report.skipped_channels == 0);
    CHECK(compressed.result->clips[c].encoding() == ClipEncoding::Compressed);
    CHECK(compressed.result->clips[c].curves() == dense.result->clips[c].curves());
  }
  test::CheckDocumentsReadBack(*dense.result);  // the frames compared are a dense clip's
  const std::string written = WriteClipJson(dense.result->clips[0], dense.result->skeleton);
  CHECK(written.find(
            "\"name\": \"brows.morph1\",\n     \"values\": [1, 1, 0, 0, 0.25],\n     \"step\": true") !=
        std::string::npos);
  const std::string text = import_tool::ImportReportText(*compressed.result, "face.gltf", 1.0);
  CHECK(text.find("    curves: 4 from 2 morph-weight channel(s)\n") != std::string::npos);
  CHECK(text.find("    curves: 2 from 1 morph-weight channel(s)\n") != std::string::npos);
  // The JSON report says the same per clip.
  const json report = json::parse(import_tool::ImportReportJson(*compressed.result, "face.gltf"));
  REQUIRE(report["clips"].size() == 2);
  CHECK(report["clips"][0]["name"] == "talk");
  CHECK(report["clips"][0]["curves"] == 4);
  CHECK(report["clips"][0]["morph_channels"] == 2);
  CHECK(report["clips"][1]["name"] == "grin");
  CHECK(report["clips"][1]["curves"] == 2);
  CHECK(report["clips"][1]["morph_channels"] == 1);
  // A curve's keys are key data: a float per frame, in either encoding, dense or held (names are not).
  for (std::size_t c = 0; c < 2; ++c) {
    const Clip& held = compressed.result->clips[c];
    const Clip& plain = dense.result->clips[c];
    const std::size_t curve_bytes = held.curves().size() * 5 * sizeof(float);  // 5 frames each
    const std::size_t pose_bytes = static_cast<std::size_t>(PoseFloatCount(2)) * 5 * sizeof(float);
    CHECK(plain.key_bytes() == pose_bytes + curve_bytes);
    CHECK(plain.dense_key_bytes() == pose_bytes + curve_bytes);
    CHECK(held.dense_key_bytes() == pose_bytes + curve_bytes);
    CHECK(held.key_bytes() == held.compressed()->Bytes() + curve_bytes);
    CHECK(report["clips"][c]["dense_bytes"] == pose_bytes + curve_bytes);
    CHECK(report["clips"][c]["bytes"] == held.key_bytes());
  }
}

TEST_CASE("Weights keys count for the clip's span and key rate", "[import][morph]") {
  const test::TempDir dir;
  GltfFile file = MorphFile();
  // Only the face's weights, keyed every 0.1 s from 0.2 to 1.4 s: an animation of its own.
  json blink = {{"name", "blink"}, {"samplers", json::array()}, {"channels", json::array()}};
  std::vector<float> times, values;
  for (int k = 0; k <= 12; ++k) {
    times.push_back(0.2f + 0.1f * static_cast<float>(k));
    values.insert(values.end(), {0.0f, static_cast<float>(k % 2)});
  }
  blink["channels"].push_back(Channel(file.Sampler(blink, times, values, "SCALAR", "STEP"), 2, "weights"));
  file.doc["animations"] = json::array({blink});  // not {blink}: Clang reads that as a copy of blink
  const Imported imported = Import(file.Write(dir, "blink.gltf"), 0.0);
  INFO(FormatText(imported.diagnostics));
  REQUIRE(imported.result);
  const Clip& clip = imported.result->clips.at(0);
  CHECK(clip.sample_rate() == Approx(10.0f));
  CHECK(clip.frame_count() == 13);
  CHECK(clip.duration() == Approx(1.2f));
  CHECK(imported.result->reports[0].source_start == Approx(0.2));
  CHECK(clip.tracked_bones().empty());
  const ClipCurve& curve = Curve(clip, "blink");
  CHECK(curve.step);
  for (int k = 0; k < clip.frame_count(); ++k)
    CHECK(curve.keys[static_cast<std::size_t>(k)] == static_cast<float>(k % 2));
}

TEST_CASE("Curve names stay unique: shared names get their node's name, then a number", "[import][morph]") {
  const test::TempDir dir;
  GltfFile file = MorphFile();
  json& doc = file.doc;
  // Node 4 "face" shares mesh 0 with node 2 "face"; node 5 (unnamed) shows mesh 2 (unnamed, one
  // target); all animated in "talk". Node 3's mesh now names its targets "smile" and "smile".
  doc["nodes"].push_back({{"name", "face"}, {"mesh", 0}});
  doc["nodes"].push_back({{"mesh", 2}});
  doc["scenes"][0]["nodes"] = {0, 2, 3, 4, 5};
  json one_target = doc["meshes"][1]["primitives"][0];
  one_target["targets"].erase(1);
  doc["meshes"].push_back({{"primitives", {one_target}}});
  doc["meshes"][1]["extras"] = {{"targetNames", {"smile", "smile"}}};
  json& talk = doc["animations"][0];
  talk["channels"].push_back(Channel(talk["channels"][1]["sampler"].get<int>(), 4, "weights"));
  talk["channels"].push_back(
      Channel(file.Sampler(talk, {0.0f, 1.0f}, {0.0f, 1.0f}, "SCALAR", "LINEAR"), 5, "weights"));
  const Imported imported = Import(file.Write(dir, "faces.gltf"));
  INFO(FormatText(imported.diagnostics));
  REQUIRE(imported.result);
  // smile: 4 targets would take it (nodes 2, 3 twice, 4): each gets its node's name, then the
  // repeats a number. blink: nodes 2 and 4, both named "face".
  CHECK(CurveNames(imported.result->clips.at(0)) ==
        std::vector<std::string>{"face.smile", "face.blink", "brows.smile", "brows.smile_2", "face.smile_2",
                                 "face.blink_2", "node_5.morph0"});
  // The names are the file's: "grin" animates node 2 only and names its curves the same way.
  CHECK(CurveNames(imported.result->clips.at(1)) == std::vector<std::string>{"face.smile", "face.blink"});
  test::CheckDocumentsReadBack(*imported.result);
}

TEST_CASE("Broken weights channels: skipped when there is nothing to animate, else refused",
          "[import][morph]") {
  const test::TempDir dir;
  SECTION("a node without morph targets, or without a mesh, is skipped with a warning") {
    GltfFile file = MorphFile();
    file.doc["animations"][0]["channels"][2]["target"]["node"] = 1;  // a joint
    const json plain = {{"attributes", {{"POSITION", 0}}}};          // no targets
    file.doc["meshes"].push_back({{"primitives", json::array({plain})}});
    file.doc["nodes"].push_back({{"name", "plain"}, {"mesh", 2}});
    file.doc["animations"][0]["channels"].push_back(Channel(0, 4, "weights"));
    const Imported imported = Import(file.Write(dir, "skip.gltf"));
    const std::string text = FormatText(imported.diagnostics);
    INFO(text);
    REQUIRE(imported.result);
    CHECK(text.find("warning[I206]: animation 'talk': skipped 2 morph-weight channel(s) of nodes without "
                    "morph targets") != std::string::npos);
    CHECK(imported.result->reports[0].skipped_channels == 2);
    CHECK(CurveNames(imported.result->clips[0]) == std::vector<std::string>{"smile", "blink"});
  }
  SECTION("primitives that disagree on their targets count as none") {
    GltfFile file = MorphFile();
    json primitive = file.doc["meshes"][1]["primitives"][0];
    primitive["targets"].erase(1);
    file.doc["meshes"][1]["primitives"].push_back(primitive);
    const Imported imported = Import(file.Write(dir, "disagree.gltf"));
    INFO(FormatText(imported.diagnostics));
    REQUIRE(imported.result);
    CHECK(imported.result->reports[0].skipped_channels == 1);
    CHECK(CurveNames(imported.result->clips[0]) == std::vector<std::string>{"smile", "blink"});
  }
  SECTION("targetNames that are not strings give made names") {
    GltfFile file = MorphFile();
    file.doc["meshes"][0]["extras"]["targetNames"] = {"", 7};
    const Imported imported = Import(file.Write(dir, "names.gltf"));
    REQUIRE(imported.result);
    CHECK(CurveNames(imported.result->clips[1]) == std::vector<std::string>{"face.morph0", "face.morph1"});
  }
  SECTION("more curves than a program can index are refused (I205) before any is made") {
    GltfFile file = MorphFile();
    json targets = json::array();
    for (std::size_t i = 0; i <= kMaxGltfMorphCurves - 2; ++i)
      targets.push_back({{"POSITION", 1}});
    file.doc["meshes"][1]["primitives"][0]["targets"] = targets;  // with the face's 2: one too many
    CHECK(test::ExpectImportError(file.Write(dir, "many.gltf"), "I205")
              .find("would make 65536 curves, more than the 65535 supported") != std::string::npos);
  }
  SECTION("an output that is not one weight per target per key is I209") {
    GltfFile file = MorphFile();
    json& talk = file.doc["animations"][0];
    talk["channels"][1]["sampler"] = file.Sampler(talk, {0.0f, 0.5f, 1.0f}, {0, 1, 1}, "SCALAR", "LINEAR");
    const std::string text = test::ExpectImportError(file.Write(dir, "count.gltf"), "I209");
    CHECK(text.find(
              "animation 0 'talk' channel 1: the sampler has 3 key times but 1 output values (expected 3)") !=
          std::string::npos);
  }
  SECTION("two weights channels on one node, a missing node or sampler, and vector weights are refused") {
    GltfFile file = MorphFile();
    json& talk = file.doc["animations"][0];
    talk["channels"].push_back(Channel(1, 2, "weights"));
    CHECK(test::ExpectImportError(file.Write(dir, "twice.gltf"), "I209")
              .find("channel 3 animates the weights of node 2, which an earlier channel animates") !=
          std::string::npos);
    talk["channels"][3] = Channel(1, 9, "weights");
    CHECK(test::ExpectImportError(file.Write(dir, "node.gltf"), "I203").find("targets node 9") !=
          std::string::npos);
    talk["channels"][3] = Channel(7, 3, "weights");
    talk["channels"].erase(2);
    CHECK(test::ExpectImportError(file.Write(dir, "sampler.gltf"), "I203").find("uses sampler 7") !=
          std::string::npos);
    talk["channels"][2] = Channel(0, 3, "weights");  // the rotation's VEC4 keys
    CHECK(test::ExpectImportError(file.Write(dir, "vec4.gltf"), "I205").find("wrong type") !=
          std::string::npos);
  }
}

}  // namespace
TEST_CASE("Curve keys count once against the key budget: exactly enough imports, a byte less does not",
          "[import][morph]") {
  const test::TempDir dir;
  const std::string path = MorphFile().Write(dir, "face.gltf");
  const Imported full = Import(path);
  REQUIRE(full.result);
  std::uint64_t total = 0;
  for (const Clip& clip : full.result->clips)
    total += clip.dense_key_bytes();  // bones and curves
  GltfImportOptions options;
  options.sample_rate = 4.0;
  options.encoding.encoding = ClipEncoding::Dense;
  options.max_key_bytes = total;
  DiagnosticSink exact;
  CHECK(ImportGltf(path, options, exact));
  options.max_key_bytes = total - 1;
  DiagnosticSink short_by_one;
  CHECK_FALSE(ImportGltf(path, options, short_by_one));
  CHECK(short_by_one.error_count() == 1);
  CHECK(FormatText(short_by_one).find("key data left") != std::string::npos);
}

}  // namespace anim
