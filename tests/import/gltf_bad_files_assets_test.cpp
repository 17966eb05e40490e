// Broken and unsupported glTF files, made at run time in a temp directory from the third-party ones
// in ANIMTC_GLTF_ASSETS (registered only when they are there): each gives a clear I2xx diagnostic
// naming the file, and nothing is imported. Broken containers and JSON on files the tests write
// themselves: gltf_bad_files_test.cpp.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compiler/import/gltf_importer.h"
#include "tests/import/import_checks.h"
#include "tests/import/temp_dir.h"

namespace anim {
namespace {

using test::ExpectImportError;
using test::ReadFileBytes;
using test::WriteFileBytes;

const std::string kAssets = std::string(ANIMTC_GLTF_ASSETS) + "/";

nlohmann::json SimpleSkin() {
  return nlohmann::json::parse(ReadFileBytes(kAssets + "simple_skin/simple_skin.gltf"));
}

TEST_CASE("A file without a skin, or a skin index past the last, is I201") {
  const std::string interpolation = kAssets + "interpolationtest/InterpolationTest.gltf";
  CHECK(ExpectImportError(interpolation, "I201").find("no skin") != std::string::npos);
  const test::TempDir dir;
  nlohmann::json doc = SimpleSkin();
  doc.erase("skins");
  doc["nodes"][0].erase("skin");
  WriteFileBytes(dir.file("noskin.gltf"), doc.dump());
  CHECK(ExpectImportError(dir.file("noskin.gltf"), "I201").find("no skin") != std::string::npos);
  CHECK(
      ExpectImportError(kAssets + "simple_skin/simple_skin.gltf", "I201", 3).find("skin 3 does not exist") !=
      std::string::npos);
}

TEST_CASE("A joint hierarchy that is not a tree is I202") {
  const test::TempDir dir;
  nlohmann::json two_parents = SimpleSkin();
  two_parents["nodes"][0]["children"] = {1, 2};  // node 2 is also node 1's child
  WriteFileBytes(dir.file("two_parents.gltf"), two_parents.dump());
  CHECK(ExpectImportError(dir.file("two_parents.gltf"), "I202").find("is a child of both") !=
        std::string::npos);

  nlohmann::json cycle = SimpleSkin();
  cycle["nodes"][0]["children"] = nlohmann::json::array();
  cycle["nodes"][2]["children"] = {1};  // 1 -> 2 -> 1
  WriteFileBytes(dir.file("cycle.gltf"), cycle.dump());
  CHECK(ExpectImportError(dir.file("cycle.gltf"), "I202").find("its own ancestor") != std::string::npos);

  nlohmann::json twice = SimpleSkin();
  twice["skins"][0]["joints"] = {1, 2, 1};
  WriteFileBytes(dir.file("twice.gltf"), twice.dump());
  ExpectImportError(dir.file("twice.gltf"), "I202");
}

TEST_CASE("Accessors and indices out of range are I203") {
  const test::TempDir dir;
  nlohmann::json long_count = SimpleSkin();
  long_count["accessors"][4]["count"] = 1000;  // inverse bind matrices past their view
  WriteFileBytes(dir.file("count.gltf"), long_count.dump());
  CHECK(ExpectImportError(dir.file("count.gltf"), "I203").find("reads past the end") != std::string::npos);

  nlohmann::json offset = SimpleSkin();
  offset["accessors"][6]["byteOffset"] = 4000000000u;  // key values far past their view
  WriteFileBytes(dir.file("offset.gltf"), offset.dump());
  ExpectImportError(dir.file("offset.gltf"), "I203");

  nlohmann::json joint = SimpleSkin();
  joint["skins"][0]["joints"] = {1, 7};
  WriteFileBytes(dir.file("joint.gltf"), joint.dump());
  CHECK(ExpectImportError(dir.file("joint.gltf"), "I203").find("node 7") != std::string::npos);

  nlohmann::json target = SimpleSkin();
  target["animations"][0]["channels"][0]["target"]["node"] = 9;
  WriteFileBytes(dir.file("target.gltf"), target.dump());
  ExpectImportError(dir.file("target.gltf"), "I203");
}

TEST_CASE("Non-finite key or matrix data is I204") {
  const test::TempDir dir;
  // Two inverse bind matrices in an external buffer, one entry NaN.
  std::vector<float> matrices(32, 0.0f);
  for (int m = 0; m < 2; ++m) {
    for (int d = 0; d < 4; ++d)
      matrices[static_cast<std::size_t>(m * 16 + d * 5)] = 1.0f;
  }
  matrices[13] = std::numeric_limits<float>::quiet_NaN();
  std::string bytes(matrices.size() * sizeof(float), '\0');
  std::memcpy(bytes.data(), matrices.data(), bytes.size());
  WriteFileBytes(dir.file("nan.bin"), bytes);
  nlohmann::json doc = SimpleSkin();
  doc["buffers"][2] = {{"uri", "nan.bin"}, {"byteLength", bytes.size()}};
  WriteFileBytes(dir.file("nan.gltf"), doc.dump());
  CHECK(ExpectImportError(dir.file("nan.gltf"), "I204").find("non-finite") != std::string::npos);
}

TEST_CASE("Sparse accessors and non-normalized integer keys are refused as unsupported (I205)") {
  const test::TempDir dir;
  nlohmann::json sparse = SimpleSkin();
  sparse["accessors"][6]["sparse"] = {{"count", 1},
                                      {"indices", {{"bufferView", 4}, {"componentType", 5125}}},
                                      {"values", {{"bufferView", 4}, {"byteOffset", 48}}}};
  WriteFileBytes(dir.file("sparse.gltf"), sparse.dump());
  CHECK(ExpectImportError(dir.file("sparse.gltf"), "I205").find("sparse") != std::string::npos);

  nlohmann::json integer = SimpleSkin();
  integer["accessors"][6]["componentType"] = 5123;  // unsigned short, not normalized
  WriteFileBytes(dir.file("integer.gltf"), integer.dump());
  ExpectImportError(dir.file("integer.gltf"), "I205");
}

TEST_CASE("Normalized 16-bit rotation keys are read per the spec") {
  const test::TempDir dir;
  // The rotation keys as normalized shorts: 12 keys, x y z w each, c / 32767.
  nlohmann::json doc = SimpleSkin();
  std::vector<int16_t> keys;
  for (int k = 0; k < 12; ++k) {
    const double angle = 0.1 * k;
    for (double v : {0.0, 0.0, std::sin(angle / 2), std::cos(angle / 2)}) {
      keys.push_back(static_cast<int16_t>(std::lround(v * 32767)));
    }
  }
  std::string bytes(keys.size() * sizeof(int16_t), '\0');
  std::memcpy(bytes.data(), keys.data(), bytes.size());
  WriteFileBytes(dir.file("keys.bin"), bytes);
  doc["buffers"].push_back({{"uri", "keys.bin"}, {"byteLength", bytes.size()}});
  doc["bufferViews"].push_back({{"buffer", doc["buffers"].size() - 1}, {"byteLength", bytes.size()}});
  doc["accessors"][6] = {{"bufferView", doc["bufferViews"].size() - 1},
                         {"componentType", 5122},
                         {"normalized", true},
                         {"count", 12},
                         {"type", "VEC4"}};
  WriteFileBytes(dir.file("short.gltf"), doc.dump());
  DiagnosticSink diagnostics;
  GltfImportOptions options;
  options.encoding.encoding = ClipEncoding::Dense;
  const auto result = ImportGltf(dir.file("short.gltf"), options, diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(result);
  // Key 11 is at 5.5 s, the clip's last frame: 1.1 rad about z.
  const Clip& clip = result->clips.at(0);
  const Transform last = GetBoneTransform(clip.frame(clip.frame_count() - 1), 1);
  CHECK(last.rotation.z == Approx(std::sin(0.55)).margin(1e-4));
  CHECK(last.rotation.w == Approx(std::cos(0.55)).margin(1e-4));
}

}  // namespace
}  // namespace anim

namespace anim {
namespace {

TEST_CASE("A channel on a node outside the skin is skipped with a warning, and the error report shows it") {
  const test::TempDir dir;
  nlohmann::json doc = SimpleSkin();
  // Node 0 (the mesh node, parent of the root joint) gets a scale channel: y from 1 to 2.1 over the
  // joint channel's key times.
  std::vector<float> scales;
  for (int k = 0; k < 12; ++k)
    scales.insert(scales.end(), {1.0f, 1.0f + 0.1f * static_cast<float>(k), 1.0f});
  std::string bytes(scales.size() * sizeof(float), '\0');
  std::memcpy(bytes.data(), scales.data(), bytes.size());
  WriteFileBytes(dir.file("scales.bin"), bytes);
  doc["buffers"].push_back({{"uri", "scales.bin"}, {"byteLength", bytes.size()}});
  doc["bufferViews"].push_back({{"buffer", doc["buffers"].size() - 1}, {"byteLength", bytes.size()}});
  doc["accessors"].push_back({{"bufferView", doc["bufferViews"].size() - 1},
                              {"componentType", 5126},
                              {"count", 12},
                              {"type", "VEC3"}});
  doc["animations"][0]["samplers"].push_back({{"input", 5}, {"output", doc["accessors"].size() - 1}});
  doc["animations"][0]["channels"].push_back({{"sampler", 1}, {"target", {{"node", 0}, {"path", "scale"}}}});
  WriteFileBytes(dir.file("mesh_channel.gltf"), doc.dump());
  DiagnosticSink diagnostics;
  const auto result = ImportGltf(dir.file("mesh_channel.gltf"), {}, diagnostics);
  const std::string text = FormatText(diagnostics);
  INFO(text);
  REQUIRE(result);
  CHECK(text.find("warning[I206]") != std::string::npos);
  CHECK(text.find("1 node(s) outside the skin") != std::string::npos);
  CHECK(result->reports.at(0).skipped_channels == 1);
  // The skipped scale lifts the joints (at y = 1 at rest) to y = 2.1, which the report measures.
  CHECK(result->reports.at(0).dense_error > 0.5);
}

}  // namespace
}  // namespace anim

namespace anim {
namespace {

TEST_CASE("A sheared ancestor matrix is folded with a warning that it is approximated (I208)") {
  const test::TempDir dir;
  nlohmann::json doc = SimpleSkin();
  doc["nodes"][0]["matrix"] = {1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};  // x += 0.5 y
  WriteFileBytes(dir.file("shear.gltf"), doc.dump());
  DiagnosticSink diagnostics;
  const auto result = ImportGltf(dir.file("shear.gltf"), {}, diagnostics);
  const std::string text = FormatText(diagnostics);
  INFO(text);
  REQUIRE(result);
  CHECK(text.find("warning[I208]") != std::string::npos);
  // Translations survive the fold exactly: the root joint sits at the sheared (0.5, 1, 0).
  const Vec3 root = result->skeleton.bind_model().at(0).Translation();
  CHECK(root.x == Approx(0.5f));
  CHECK(root.y == Approx(1.0f));
}

}  // namespace
}  // namespace anim
