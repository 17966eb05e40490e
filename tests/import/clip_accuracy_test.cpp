// The accuracy contract on glTF files the test writes (no third-party assets): a chain whose joints
// turn by large angles between keys, with LINEAR, STEP and CUBICSPLINE channels, imported by
// default (compressed, the rate raised while the clip strays from the source) and measured against
// the independent evaluator at 60 random times and every key: joints and virtual vertices within
// the default precision. A STEP channel holds each key up to the next key's own time: exact at the
// key, just before it and just after it, and flat half way between keys.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "compiler/clips/clip_precision.h"
#include "compiler/import/gltf_importer.h"
#include "executor/kernels/pose_kernels.h"
#include "tests/import/clip_accuracy_check.h"
#include "tests/import/temp_dir.h"
#include "tests/support/sample_gltf.h"

namespace anim {
namespace {

constexpr int kKeys = 9;
constexpr float kRate = 2.5f;  // 0.4 s between keys, as slow as hand-keyed animation gets
constexpr float kLink = 0.4f;  // five links: a chain 2 units tall

Quat AxisAngle(Vec3 axis, float radians) {
  const float s = std::sin(radians / 2);
  return {axis.x * s, axis.y * s, axis.z * s, std::cos(radians / 2)};
}

struct Chain {
  Skeleton skeleton;
  Clip clip;
};

// Bone 1 turns 130 degrees about z between keys (LINEAR: slerp), bone 2 steps its translation
// (STEP), bone 3 swings 100 degrees about x and back (CUBICSPLINE), bone 4 turns 75 degrees about a
// tilted axis (LINEAR). (Keys 0.1 s apart would make the swing whip at 60,000 degrees/s^2, beyond
// any rate the importer raises to.)
Chain MakeChain() {
  SkeletonDesc desc;
  desc.name = "chain";
  for (int b = 0; b < 6; ++b)
    desc.bones.push_back(
        {"j" + std::to_string(b), b - 1, {{0, b == 0 ? 0.0f : kLink, 0}, {}, {1, 1, 1}}, {}});
  std::string error;
  std::optional<Skeleton> skeleton = Skeleton::Build(desc, error);
  REQUIRE(skeleton);
  std::optional<Clip> clip = Clip::Create(*skeleton, "swing", kRate, kKeys, false, error);
  REQUIRE(clip);
  const float degree = 3.14159265f / 180.0f;
  for (int k = 0; k < kKeys; ++k) {
    const PoseView frame = clip->frame(k);
    SetQuat(frame.rotations, 1, AxisAngle({0, 0, 1}, 130.0f * degree * static_cast<float>(k)));
    SetVec3(frame.translations, 2, {0.1f * static_cast<float>(k % 3), kLink, 0.05f * static_cast<float>(k)});
    SetQuat(frame.rotations, 3, AxisAngle({1, 0, 0}, (k % 2 == 0 ? 50.0f : -50.0f) * degree));
    SetQuat(frame.rotations, 4, AxisAngle({0.6f, 0, 0.8f}, 75.0f * degree * static_cast<float>(k)));
  }
  for (int b = 1; b <= 4; ++b)
    clip->MarkTracked(b);
  return {std::move(*skeleton), std::move(*clip)};
}

GltfImport WriteAndImport(const test::TempDir& dir, const Chain& chain) {
  GltfWriteOptions options;
  options.channel_interpolation = [](int, int bone, GltfChannel) {
    return bone == 2   ? GltfInterpolation::Step
           : bone == 3 ? GltfInterpolation::CubicSpline
                       : GltfInterpolation::Linear;
  };
  test::WriteGltfFile(dir.file("chain.glb"), chain.skeleton, {&chain.clip}, options);
  DiagnosticSink diagnostics;
  std::optional<GltfImport> imported = ImportGltf(dir.file("chain.glb"), GltfImportOptions{}, diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(imported);
  return std::move(*imported);
}

TEST_CASE("Large-angle LINEAR, STEP and CUBICSPLINE channels import within the precision at any time") {
  const test::TempDir dir;
  const Chain chain = MakeChain();
  const GltfImport imported = WriteAndImport(dir, chain);
  const test::ReferenceGltf reference(dir.file("chain.glb"));
  const ClipPrecision precision = DefaultClipPrecision(SkeletonHeight(imported.skeleton));
  const Clip& clip = imported.clips.at(0);
  CHECK(clip.encoding() == ClipEncoding::Compressed);
  // 130 degrees a key cannot be followed by nlerp at the source's 2.5 Hz: the rate was raised.
  CHECK(clip.sample_rate() > 2 * kRate);
  const test::ContractError worst = test::WorstAtRandomTimes(imported, reference, 0, precision.shell, 60, 15);
  INFO("worst joint " << worst.joint << ", vertex " << worst.vertex << " at bone " << worst.bone << " t "
                      << worst.time << "; precision " << precision.precision);
  CHECK(worst.joint <= precision.precision);
  CHECK(worst.vertex <= precision.precision);
  // The same at the source's own rate shows what raising it bought: far outside the precision.
  GltfImportOptions fixed;
  fixed.follow_source = false;
  DiagnosticSink sink;
  const std::optional<GltfImport> at_source = ImportGltf(dir.file("chain.glb"), fixed, sink);
  REQUIRE(at_source);
  CHECK(test::WorstAtRandomTimes(*at_source, reference, 0, precision.shell, 60, 15).Worst() >
        100 * precision.precision);
}

TEST_CASE("A STEP channel is exact at, just before and just after its keys, and flat between them") {
  const test::TempDir dir;
  const Chain chain = MakeChain();
  const GltfImport imported = WriteAndImport(dir, chain);
  const Clip& clip = imported.clips.at(0);
  const Skeleton& skeleton = imported.skeleton;
  const double precision = DefaultClipPrecision(SkeletonHeight(skeleton)).precision;
  CHECK(clip.IsStep(2, TrackChannel::Translation));
  CHECK_FALSE(clip.IsStep(1, TrackChannel::Rotation));
  Pose pose(skeleton.bone_count());
  const auto translation_at = [&](double t) {
    SampleClip(pose.view(), clip, static_cast<float>(t), skeleton.bone_count());
    return pose.Get(2).translation;
  };
  const auto key = [&](int k) { return GetVec3(chain.clip.frame(k).translations, 2); };
  const auto near = [&](Vec3 a, Vec3 b) {
    return std::fabs(a.x - b.x) <= precision && std::fabs(a.y - b.y) <= precision &&
           std::fabs(a.z - b.z) <= precision;
  };
  for (int k = 1; k < kKeys; ++k) {
    INFO("key " << k);
    const double t = k / static_cast<double>(kRate);
    CHECK(near(translation_at(t), key(k)));
    CHECK(near(translation_at(t + 1e-4), key(k)));
    CHECK(near(translation_at(t - 1e-4), key(k - 1)));
    CHECK(near(translation_at(t - 0.5 / kRate), key(k - 1)));  // half way: the earlier key, not a ramp
  }
}

}  // namespace
}  // namespace anim
