// The skeleton and clip writers: what they write loads back through compiler/assets to the same
// assets bit for bit, here for glTF files the tests write (the sample rigs, compiler/export); the
// same for the third-party files: asset_writer_assets_test.cpp.
#include <catch2/catch.hpp>

#include <string>

#include "compiler/assets/asset_loader.h"
#include "compiler/import/asset_writer.h"
#include "compiler/import/gltf_importer.h"
#include "tests/import/temp_dir.h"
#include "tests/support/sample_gltf.h"

namespace anim {
namespace {

GltfImport ImportFile(const std::string& path) {
  DiagnosticSink diagnostics;
  GltfImportOptions options;
  options.encoding.encoding = ClipEncoding::Dense;  // the keys as imported, to compare exactly
  auto result = ImportGltf(path, options, diagnostics);
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

TEST_CASE("Written skeletons and clips load back to the same assets") {
  const test::TempDir dir;
  for (const char* rig_name : {"humanoid", "litmus"}) {
    INFO(rig_name);
    const test::SampleRig rig = test::LoadSampleRig(rig_name);
    const std::string file = dir.file(std::string(rig_name) + ".glb");
    test::WriteGltfFile(file, rig.skeleton, rig.ClipPointers(), GltfWriteOptions{});
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

TEST_CASE("Importing the same file twice writes identical bytes") {
  const test::TempDir dir;
  test::WriteHumanoidGlb(dir.file("humanoid.glb"));
  const GltfImport first = ImportFile(dir.file("humanoid.glb"));
  const GltfImport second = ImportFile(dir.file("humanoid.glb"));
  CHECK(WriteSkeletonYaml(first.skeleton) == WriteSkeletonYaml(second.skeleton));
  REQUIRE(first.clips.size() == second.clips.size());
  for (std::size_t i = 0; i < first.clips.size(); ++i) {
    CHECK(WriteClipJson(first.clips[i], first.skeleton) == WriteClipJson(second.clips[i], second.skeleton));
  }
}

TEST_CASE("Names with quotes, backslashes and control characters survive the round trip") {
  SkeletonDesc desc;
  desc.name = "rig \"v2\"";
  desc.bones.push_back({"root\\main", kNoParent, Transform::Identity(), std::nullopt});
  desc.bones.push_back({"tab\there: #1", 0, {{0, 1, 0}, Quat::Identity(), {1, 1, 1}}, std::nullopt});
  std::string error;
  const auto skeleton = Skeleton::Build(desc, error);
  REQUIRE(skeleton);
  auto clip = Clip::Create(*skeleton, "walk: \"fast\"", 30.0f, 2, false, error);
  REQUIRE(clip);
  clip->MarkTracked(1);
  SetBoneTransform(clip->frame(1), 1, {{0, 2, -0.0f}, Quat::Identity(), {1, 1, 1}});
  DiagnosticSink diagnostics;
  const auto loaded = ParseSkeleton(WriteSkeletonYaml(*skeleton), "s.yaml", diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(loaded);
  CHECK(loaded->name() == desc.name);
  CHECK(loaded->bone_name(0) == "root\\main");
  CHECK(loaded->bone_name(1) == "tab\there: #1");
  const std::string json = WriteClipJson(*clip, *skeleton);
  CHECK(json.find("-0") == std::string::npos);  // -0 is written as 0
  const auto loaded_clip = ParseClip(json, "c.json", *loaded, diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(loaded_clip);
  CHECK(loaded_clip->name() == clip->name());
  CheckSameFrames(*loaded_clip, *clip);
}

}  // namespace
}  // namespace anim
