#include <catch2/catch.hpp>
#include <string>

#include "compiler/assets/asset_loader.h"

namespace anim {
namespace {

std::string Good(const char* name) {
  return std::string(ANIMTC_SOURCE_DIR) + "/tests/assets/good/" + name;
}

Skeleton LoadGood(const char* name) {
  DiagnosticSink sink;
  std::optional<Skeleton> skeleton = LoadSkeletonFile(Good(name), sink);
  INFO(FormatText(sink));
  REQUIRE(skeleton.has_value());
  REQUIRE(sink.diagnostics().empty());
  return std::move(*skeleton);
}

void CheckSameTransform(const Transform& a, const Transform& b) {
  CHECK(a.translation == b.translation);
  CHECK(a.rotation == b.rotation);
  CHECK(a.scale == b.scale);
}

TEST_CASE("The JSON and YAML skeleton files load to the same skeleton") {
  const Skeleton json = LoadGood("rig.skeleton.json");
  const Skeleton yaml = LoadGood("rig.skeleton.yaml");
  CHECK(json.content_hash() == yaml.content_hash());
  CHECK(json.name() == yaml.name());
  CHECK(json.low_detail_bone_count() == yaml.low_detail_bone_count());
  REQUIRE(json.bone_count() == yaml.bone_count());
  for (int i = 0; i < json.bone_count(); ++i) {
    CAPTURE(i);
    CHECK(json.bone_name(i) == yaml.bone_name(i));
    CHECK(json.parent(i) == yaml.parent(i));
    CheckSameTransform(json.bind_local(i), yaml.bind_local(i));
    CHECK(json.inverse_bind()[static_cast<std::size_t>(i)] ==
          yaml.inverse_bind()[static_cast<std::size_t>(i)]);
  }
}

TEST_CASE("Skeleton fields land where the document says") {
  const Skeleton s = LoadGood("rig.skeleton.yaml");
  CHECK(s.name() == "biped");
  REQUIRE(s.bone_count() == 6);
  CHECK(s.low_detail_bone_count() == 4);
  CHECK(s.FindBone("pelvis") == 0);
  CHECK(s.parent(s.FindBone("pelvis")) == kNoParent);
  CHECK(s.parent(s.FindBone("spine")) == s.FindBone("pelvis"));
  CHECK(s.parent(s.FindBone("head")) == s.FindBone("spine"));
  CHECK(s.parent(s.FindBone("shin_l")) == s.FindBone("thigh_l"));
  CHECK(s.parent(s.FindBone("prop")) == kNoParent);  // `parent: null` is a root

  const Transform& spine = s.bind_local(s.FindBone("spine"));
  CHECK(spine.translation == Vec3{0.0f, 0.1f, 0.0f});
  CHECK(spine.rotation.z == Approx(0.0998334f).epsilon(1e-6));
  CHECK(spine.rotation.w == Approx(0.9950042f).epsilon(1e-6));
  CHECK(std::sqrt(Dot(spine.rotation, spine.rotation)) == Approx(1.0f).epsilon(1e-6));
  CHECK(s.bind_local(s.FindBone("head")).scale == Vec3{1.1f, 1.1f, 1.1f});
  // Defaults: identity rotation and unit scale when absent.
  CHECK(s.bind_local(s.FindBone("pelvis")).rotation == Quat::Identity());
  CHECK(s.bind_local(s.FindBone("pelvis")).scale == Vec3{1.0f, 1.0f, 1.0f});

  // `inverse_bind` is read column-major; absent, it is derived from the bind pose.
  const Mat4& prop = s.inverse_bind()[static_cast<std::size_t>(s.FindBone("prop"))];
  CHECK(prop.Translation() == Vec3{-0.3f, -1.0f, -0.2f});
  const Mat4& pelvis = s.inverse_bind()[0];
  CHECK(pelvis.Translation().y == Approx(-0.95f));
}

TEST_CASE("ParseSkeleton reads text with the file name given, and an absent LOD keeps every bone") {
  DiagnosticSink sink;
  const std::optional<Skeleton> s = ParseSkeleton(
      "format: animtc.skeleton\nversion: 1\nname: one\nbones: [{name: root}]\n", "mem.yaml", sink);
  REQUIRE(s.has_value());
  CHECK(s->bone_count() == 1);
  CHECK(s->low_detail_bone_count() == 1);

  DiagnosticSink bad;
  CHECK_FALSE(ParseSkeleton("format: animtc.skeleton\nversion: 1\nbones: [{name: root}]\n", "mem.yaml", bad));
  CHECK(FormatText(bad) == "mem.yaml:1:1: error[E101]: missing required field 'name' in the skeleton\n");
}

TEST_CASE("A skeleton loads even when the sink already holds another file's errors") {
  DiagnosticSink sink;
  sink.Error("E999", {"other.yaml", 1, 1}, "an earlier problem");
  CHECK(LoadSkeletonFile(Good("rig.skeleton.json"), sink).has_value());
  CHECK(sink.error_count() == 1);
}

TEST_CASE("A relative path is reported as given") {
  // Tests run from the repository root.
  DiagnosticSink sink;
  CHECK_FALSE(LoadSkeletonFile("tests/assets/bad/skeleton_missing_name.yaml", sink));
  CHECK(FormatText(sink) ==
        "tests/assets/bad/skeleton_missing_name.yaml:2:1: error[E101]: missing required field 'name' in the "
        "skeleton\n");
}

}  // namespace
}  // namespace anim
