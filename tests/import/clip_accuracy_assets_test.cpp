// The accuracy contract and the compression on every third-party glTF asset (ANIMTC_GLTF_ASSETS),
// imported as anim-import and graphs do by default: at 60 random times and every key of every clip,
// joints and virtual vertices (at the default 3 cm shell, scaled) stay within the default precision
// (0.01 cm for a 180 cm skeleton, 5.6e-5 of the height) of the independent evaluator, so within
// 1e-4 of the height; each file's clips together are at least 8x smaller compressed than dense,
// every byte counted.
#include <catch2/catch.hpp>

#include <string>

#include "compiler/clips/clip_precision.h"
#include "compiler/import/gltf_importer.h"
#include "tests/import/clip_accuracy_check.h"

namespace anim {
namespace {

const std::string kAssets = std::string(ANIMTC_GLTF_ASSETS) + "/";

constexpr const char* kFiles[] = {"cesiumman/CesiumMan.glb", "fox/Fox.glb",
                                  "robotexpressive/RobotExpressive.glb", "riggedsimple/RiggedSimple.gltf",
                                  "simple_skin/simple_skin.gltf"};

TEST_CASE("Every asset's default import is within the precision at any time, joints and vertices") {
  for (const char* file : kFiles) {
    INFO(file);
    DiagnosticSink diagnostics;
    const std::optional<GltfImport> imported = ImportGltf(kAssets + file, GltfImportOptions{}, diagnostics);
    REQUIRE(imported);
    const test::ReferenceGltf reference(kAssets + file);
    const ClipPrecision precision = DefaultClipPrecision(imported->bind_height);
    CHECK(precision.precision == Approx(5.5556e-5 * imported->bind_height).epsilon(1e-3));
    for (std::size_t c = 0; c < imported->clips.size(); ++c) {
      INFO(imported->clips[c].name());
      CHECK(imported->clips[c].encoding() == ClipEncoding::Compressed);
      const test::ContractError worst =
          test::WorstAtRandomTimes(*imported, reference, static_cast<int>(c), precision.shell, 60, 1000 + c);
      INFO("worst joint " << worst.joint << ", vertex " << worst.vertex << " (of height "
                          << worst.Worst() / imported->bind_height << ") at bone " << worst.bone << " t "
                          << worst.time);
      CHECK(worst.joint <= precision.precision);
      CHECK(worst.vertex <= precision.precision);
      CHECK(worst.Worst() <= 1e-4 * imported->bind_height);
    }
  }
}

TEST_CASE("Every asset's clips are at least 8x smaller compressed than dense") {
  for (const char* file : kFiles) {
    INFO(file);
    DiagnosticSink diagnostics;
    const std::optional<GltfImport> imported = ImportGltf(kAssets + file, GltfImportOptions{}, diagnostics);
    REQUIRE(imported);
    std::size_t bytes = 0, dense = 0;
    for (const Clip& clip : imported->clips)
      bytes += clip.key_bytes(), dense += clip.dense_key_bytes();
    INFO(dense << " dense bytes, " << bytes << " compressed");
    CHECK(dense >= 8 * bytes);
  }
}

}  // namespace
}  // namespace anim
