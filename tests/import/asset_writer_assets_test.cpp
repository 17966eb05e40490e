// The skeleton and clip writers on the third-party glTF files in ANIMTC_GLTF_ASSETS (registered only
// when they are there): what they write loads back through compiler/assets to the same assets bit
// for bit, and writing the same import twice gives identical bytes. The same on files the tests
// write: asset_writer_test.cpp.
#include <catch2/catch.hpp>

#include <string>

#include "compiler/assets/asset_loader.h"
#include "compiler/import/asset_writer.h"
#include "compiler/import/gltf_importer.h"
#include "tests/import/import_checks.h"

namespace anim {
namespace {

using test::CheckDocumentsReadBack;
using test::ImportDense;

const std::string kAssets = std::string(ANIMTC_GLTF_ASSETS) + "/";

TEST_CASE("Written skeletons and clips of the third-party files load back to the same assets") {
  for (const char* file : {"fox/Fox.glb", "cesiumman/CesiumMan.glb", "robotexpressive/RobotExpressive.glb",
                           "riggedsimple/RiggedSimple.gltf"}) {
    INFO(file);
    const GltfImport imported = ImportDense(kAssets + file);
    CheckDocumentsReadBack(imported);
  }
}

TEST_CASE("Importing RobotExpressive twice writes identical bytes") {
  const GltfImport first = ImportDense(kAssets + "robotexpressive/RobotExpressive.glb");
  const GltfImport second = ImportDense(kAssets + "robotexpressive/RobotExpressive.glb");
  CHECK(WriteSkeletonYaml(first.skeleton) == WriteSkeletonYaml(second.skeleton));
  REQUIRE(first.clips.size() == second.clips.size());
  for (std::size_t i = 0; i < first.clips.size(); ++i) {
    CHECK(WriteClipJson(first.clips[i], first.skeleton) == WriteClipJson(second.clips[i], second.skeleton));
  }
}

}  // namespace
}  // namespace anim
