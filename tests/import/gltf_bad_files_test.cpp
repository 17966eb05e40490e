// Broken glTF files made at run time in a temp directory from files the test writes (the sample
// humanoid, compiler/export): a truncated .glb, text that is not glTF, damaged JSON, another glTF
// version, a missing file; each is one I200 naming the file, and nothing is imported. The broken
// variants of the third-party files: gltf_bad_files_assets_test.cpp.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

#include "compiler/import/gltf_importer.h"
#include "tests/import/temp_dir.h"
#include "tests/support/sample_gltf.h"

namespace anim {
namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Imports `path` expecting failure; returns the formatted diagnostics after checking that one of
// them has `code` and that every one names the file.
std::string ExpectError(const std::string& path, const std::string& code, int skin = 0) {
  DiagnosticSink diagnostics;
  GltfImportOptions options;
  options.skin = skin;
  const auto result = ImportGltf(path, options, diagnostics);
  const std::string text = FormatText(diagnostics);
  INFO(text);
  CHECK_FALSE(result);
  CHECK(diagnostics.has_errors());
  bool found = false;
  for (const Diagnostic& d : diagnostics.diagnostics()) {
    found = found || (d.code == code && d.severity == Severity::Error);
    CHECK(d.location.file == path);
    CHECK(d.location.line == 0);
  }
  CHECK(found);
  CHECK(text.rfind(path + ": error[" + code + "]", 0) == 0);
  return text;
}

TEST_CASE("A truncated .glb is reported as truncated, whatever the cut") {
  const test::TempDir dir;
  test::WriteHumanoidGlb(dir.file("humanoid.glb"));
  const std::string glb = ReadFile(dir.file("humanoid.glb"));
  REQUIRE(glb.size() > 5000);
  for (std::size_t keep : {std::size_t{0}, std::size_t{3}, std::size_t{12}, std::size_t{19}, std::size_t{100},
                           std::size_t{5000}, glb.size() / 2, glb.size() - 1}) {
    INFO("kept " << keep << " bytes");
    const std::string path = dir.file("cut_" + std::to_string(keep) + ".glb");
    WriteFile(path, glb.substr(0, keep));
    const std::string text = ExpectError(path, "I200");
    // A cut inside the header still starts with the magic, except for the shortest cuts.
    if (keep >= 4) CHECK(text.find("truncated") != std::string::npos);
  }
}

TEST_CASE("Not glTF, damaged JSON and a missing file are I200") {
  const test::TempDir dir;
  WriteFile(dir.file("text.gltf"), "this is not a glTF file\n");
  ExpectError(dir.file("text.gltf"), "I200");
  GltfWriteOptions embedded;
  embedded.container = GltfContainer::GltfEmbedded;
  const test::SampleRig litmus = test::LoadSampleRig("litmus");
  test::WriteGltfFile(dir.file("litmus.gltf"), litmus.skeleton, litmus.ClipPointers(), embedded);
  const std::string json = ReadFile(dir.file("litmus.gltf"));
  WriteFile(dir.file("cut.gltf"), json.substr(0, json.size() / 2));
  ExpectError(dir.file("cut.gltf"), "I200");
  nlohmann::json version_one = nlohmann::json::parse(json);
  version_one["asset"]["version"] = "1.0";
  WriteFile(dir.file("version.gltf"), version_one.dump());
  CHECK(ExpectError(dir.file("version.gltf"), "I200").find("version 1.0") != std::string::npos);
  CHECK(ExpectError(dir.file("absent.glb"), "I200").find("does not exist") != std::string::npos);
  ExpectError(dir.path().string(), "I200");  // a directory
}

}  // namespace
}  // namespace anim
