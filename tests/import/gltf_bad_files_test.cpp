// Broken glTF files made at run time in a temp directory from files the test writes (the sample
// humanoid, compiler/export): a truncated .glb, text that is not glTF, damaged JSON, another glTF
// version, a missing file; each is one I200 naming the file, and nothing is imported. The broken
// variants of the third-party files: gltf_bad_files_assets_test.cpp.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "compiler/import/gltf_importer.h"
#include "tests/import/import_checks.h"
#include "tests/import/temp_dir.h"
#include "tests/support/sample_gltf.h"

namespace anim {
namespace {

using test::ExpectImportError;
using test::ReadFileBytes;
using test::WriteFileBytes;

TEST_CASE("A truncated .glb is reported as truncated, whatever the cut") {
  const test::TempDir dir;
  test::WriteHumanoidGlb(dir.file("humanoid.glb"));
  const std::string glb = ReadFileBytes(dir.file("humanoid.glb"));
  REQUIRE(glb.size() > 5000);
  for (std::size_t keep : {std::size_t{0}, std::size_t{3}, std::size_t{12}, std::size_t{19}, std::size_t{100},
                           std::size_t{5000}, glb.size() / 2, glb.size() - 1}) {
    INFO("kept " << keep << " bytes");
    const std::string path = dir.file("cut_" + std::to_string(keep) + ".glb");
    WriteFileBytes(path, glb.substr(0, keep));
    const std::string text = ExpectImportError(path, "I200");
    // A cut inside the header still starts with the magic, except for the shortest cuts.
    if (keep >= 4) CHECK(text.find("truncated") != std::string::npos);
  }
}

TEST_CASE("Not glTF, damaged JSON and a missing file are I200") {
  const test::TempDir dir;
  WriteFileBytes(dir.file("text.gltf"), "this is not a glTF file\n");
  ExpectImportError(dir.file("text.gltf"), "I200");
  GltfWriteOptions embedded;
  embedded.container = GltfContainer::GltfEmbedded;
  const test::SampleRig litmus = test::LoadSampleRig("litmus");
  test::WriteGltfFile(dir.file("litmus.gltf"), litmus.skeleton, litmus.ClipPointers(), embedded);
  const std::string json = ReadFileBytes(dir.file("litmus.gltf"));
  WriteFileBytes(dir.file("cut.gltf"), json.substr(0, json.size() / 2));
  ExpectImportError(dir.file("cut.gltf"), "I200");
  nlohmann::json version_one = nlohmann::json::parse(json);
  version_one["asset"]["version"] = "1.0";
  WriteFileBytes(dir.file("version.gltf"), version_one.dump());
  CHECK(ExpectImportError(dir.file("version.gltf"), "I200").find("version 1.0") != std::string::npos);
  CHECK(ExpectImportError(dir.file("absent.glb"), "I200").find("does not exist") != std::string::npos);
  ExpectImportError(dir.path().string(), "I200");  // a directory
}

}  // namespace
}  // namespace anim
