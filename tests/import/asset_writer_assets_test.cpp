// The skeleton and clip writers on the third-party glTF files in ANIMTC_GLTF_ASSETS (registered only
// when they are there): what they write loads back through compiler/assets to the same assets bit
// for bit, and writing the same import twice gives identical bytes. The same on files the tests
// write: asset_writer_test.cpp.
#include <catch2/catch.hpp>

#include <string>

#include "compiler/assets/asset_loader.h"
#include "compiler/import/asset_writer.h"
#include "compiler/import/gltf_importer.h"

namespace anim {
namespace {

const std::string kAssets = std::string(ANIMTC_GLTF_ASSETS) + "/";

GltfImport ImportFile(const std::string& relative) {
  DiagnosticSink diagnostics;
  GltfImportOptions options;
  options.encoding.encoding = ClipEncoding::Dense;  // the keys as imported, to compare exactly
  auto result = ImportGltf(kAssets + relative, options, diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(result);
  return std::move(*result);
}

// Translations and scales load back bit for bit; rotations within a float rounding, because the
// loader normalises every quaternion it reads again.
void CheckSame(const Transform& a, const Transform& b) {
  CHECK(a.translation == b.translation);
  CHECK(a.scale == b.scale);
  CHECK(a.rotation.x == Approx(b.rotation.x).margin(2.5e-7));
  CHECK(a.rotation.y == Approx(b.rotation.y).margin(2.5e-7));
  CHECK(a.rotation.z == Approx(b.rotation.z).margin(2.5e-7));
  CHECK(a.rotation.w == Approx(b.rotation.w).margin(2.5e-7));
}

void CheckSameFrames(const Clip& a, const Clip& b) {
  REQUIRE(a.frame_count() == b.frame_count());
  REQUIRE(a.bone_count() == b.bone_count());
  for (int k = 0; k < a.frame_count(); ++k) {
    for (int bone = 0; bone < a.bone_count(); ++bone)
      CheckSame(GetBoneTransform(a.frame(k), bone), GetBoneTransform(b.frame(k), bone));
  }
}

TEST_CASE("Written skeletons and clips of the third-party files load back to the same assets") {
  for (const char* file : {"fox/Fox.glb", "cesiumman/CesiumMan.glb", "robotexpressive/RobotExpressive.glb",
                           "riggedsimple/RiggedSimple.gltf"}) {
    INFO(file);
    const GltfImport imported = ImportFile(file);
    DiagnosticSink diagnostics;
    const auto skeleton = ParseSkeleton(WriteSkeletonYaml(imported.skeleton), "skeleton.yaml", diagnostics);
    INFO(FormatText(diagnostics));
    REQUIRE(skeleton);
    CHECK(skeleton->inverse_bind() == imported.skeleton.inverse_bind());
    for (int b = 0; b < skeleton->bone_count(); ++b) {
      CHECK(skeleton->bone_name(b) == imported.skeleton.bone_name(b));
      CHECK(skeleton->parent(b) == imported.skeleton.parent(b));
      CheckSame(skeleton->bind_local(b), imported.skeleton.bind_local(b));
    }
    for (const Clip& clip : imported.clips) {
      INFO(clip.name());
      const auto loaded =
          ParseClip(WriteClipJson(clip, imported.skeleton), clip.name() + ".json", *skeleton, diagnostics);
      INFO(FormatText(diagnostics));
      REQUIRE(loaded);
      CHECK(loaded->name() == clip.name());
      CHECK(loaded->sample_rate() == clip.sample_rate());
      CHECK(loaded->tracked_bones() == clip.tracked_bones());
      CheckSameFrames(*loaded, clip);
    }
  }
}

TEST_CASE("Importing RobotExpressive twice writes identical bytes") {
  const GltfImport first = ImportFile("robotexpressive/RobotExpressive.glb");
  const GltfImport second = ImportFile("robotexpressive/RobotExpressive.glb");
  CHECK(WriteSkeletonYaml(first.skeleton) == WriteSkeletonYaml(second.skeleton));
  REQUIRE(first.clips.size() == second.clips.size());
  for (std::size_t i = 0; i < first.clips.size(); ++i) {
    CHECK(WriteClipJson(first.clips[i], first.skeleton) == WriteClipJson(second.clips[i], second.skeleton));
  }
}

}  // namespace
}  // namespace anim
