// The skeleton and clip writers: what they write loads back through compiler/assets to the same
// assets bit for bit, here for glTF files the tests write (the sample rigs, compiler/export); the
// same for the third-party files: asset_writer_assets_test.cpp.
#include <catch2/catch.hpp>

#include <string>

#include "compiler/assets/asset_loader.h"
#include "compiler/import/asset_writer.h"
#include "compiler/import/gltf_importer.h"
#include "tests/import/import_checks.h"
#include "tests/import/temp_dir.h"
#include "tests/support/sample_gltf.h"

namespace anim {
namespace {

using test::CheckDocumentsReadBack;
using test::CheckSameFrames;
using test::ImportDense;

TEST_CASE("Written skeletons and clips load back to the same assets") {
  const test::TempDir dir;
  for (const char* rig_name : {"humanoid", "litmus"}) {
    INFO(rig_name);
    const test::SampleRig rig = test::LoadSampleRig(rig_name);
    const std::string file = dir.file(std::string(rig_name) + ".glb");
    test::WriteGltfFile(file, rig.skeleton, rig.ClipPointers(), GltfWriteOptions{});
    const GltfImport imported = ImportDense(file);
    CheckDocumentsReadBack(imported);
  }
}

TEST_CASE("Importing the same file twice writes identical bytes") {
  const test::TempDir dir;
  test::WriteHumanoidGlb(dir.file("humanoid.glb"));
  const GltfImport first = ImportDense(dir.file("humanoid.glb"));
  const GltfImport second = ImportDense(dir.file("humanoid.glb"));
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
