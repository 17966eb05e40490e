#include "tests/import/import_checks.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>

#include "compiler/assets/asset_loader.h"
#include "compiler/import/asset_writer.h"

namespace anim::test {

std::string ReadFileBytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void WriteFileBytes(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string ExpectImportError(const std::string& path, const std::string& code, int skin) {
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

GltfImport ImportDense(const std::string& path) {
  DiagnosticSink diagnostics;
  GltfImportOptions options;
  options.encoding.encoding = ClipEncoding::Dense;
  auto result = ImportGltf(path, options, diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(result);
  return std::move(*result);
}

void CheckSameTransform(const Transform& a, const Transform& b) {
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
      CheckSameTransform(GetBoneTransform(a.frame(k), bone), GetBoneTransform(b.frame(k), bone));
  }
}

void CheckDocumentsReadBack(const GltfImport& imported) {
  DiagnosticSink diagnostics;
  const auto skeleton = ParseSkeleton(WriteSkeletonYaml(imported.skeleton), "skeleton.yaml", diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(skeleton);
  CHECK(skeleton->inverse_bind() == imported.skeleton.inverse_bind());
  for (int b = 0; b < skeleton->bone_count(); ++b) {
    CHECK(skeleton->bone_name(b) == imported.skeleton.bone_name(b));
    CHECK(skeleton->parent(b) == imported.skeleton.parent(b));
    CheckSameTransform(skeleton->bind_local(b), imported.skeleton.bind_local(b));
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
    CHECK(loaded->curves() == clip.curves());
    CheckSameFrames(*loaded, clip);
  }
}

}  // namespace anim::test
