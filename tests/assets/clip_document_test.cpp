#include <catch2/catch.hpp>
#include <string>

#include "compiler/assets/asset_loader.h"
#include "compiler/import/asset_writer.h"
#include "executor/kernels/pose_kernels.h"

namespace anim {
namespace {

std::string Good(const char* name) {
  return std::string(ANIMTC_SOURCE_DIR) + "/tests/assets/good/" + name;
}

Skeleton Rig() {
  DiagnosticSink sink;
  std::optional<Skeleton> skeleton = LoadSkeletonFile(Good("rig.skeleton.yaml"), sink);
  REQUIRE(skeleton.has_value());
  return std::move(*skeleton);
}

// Dense, so the keys are exactly what the document says.
Clip LoadGood(const char* name, const Skeleton& skeleton) {
  DiagnosticSink sink;
  std::optional<Clip> clip =
      LoadClipFile(Good(name), skeleton, sink, kMaxClipKeyBytes, {ClipEncoding::Dense});
  INFO(FormatText(sink));
  REQUIRE(clip.has_value());
  REQUIRE(sink.diagnostics().empty());
  return std::move(*clip);
}

Transform At(const Clip& clip, int frame, int bone) {
  return GetBoneTransform(clip.frame(frame), bone);
}

TEST_CASE("The JSON and YAML clip files load to the same key frames") {
  const Skeleton rig = Rig();
  const Clip json = LoadGood("walk.clip.json", rig);
  const Clip yaml = LoadGood("walk.clip.yaml", rig);
  CHECK(json.name() == yaml.name());
  CHECK(json.sample_rate() == yaml.sample_rate());
  CHECK(json.looping() == yaml.looping());
  CHECK(json.tracked_bones() == yaml.tracked_bones());
  CHECK(json.curves() == yaml.curves());
  CHECK(json.skeleton_hash() == yaml.skeleton_hash());
  REQUIRE(json.frame_count() == yaml.frame_count());
  for (int k = 0; k < json.frame_count(); ++k) {
    for (int bone = 0; bone < rig.bone_count(); ++bone) {
      CAPTURE(k, bone);
      CHECK(At(json, k, bone) == At(yaml, k, bone));
    }
  }
}

TEST_CASE("Clip channels: per-frame, constant, absent, and untracked bones") {
  const Skeleton rig = Rig();
  const Clip clip = LoadGood("walk.clip.yaml", rig);
  CHECK(clip.name() == "walk");
  CHECK(clip.sample_rate() == 30.0f);
  REQUIRE(clip.frame_count() == 4);
  CHECK(clip.looping());
  CHECK(clip.duration() == Approx(3.0f / 30.0f));
  CHECK(clip.skeleton_hash() == rig.content_hash());

  const int pelvis = rig.FindBone("pelvis"), head = rig.FindBone("head"), shin = rig.FindBone("shin_l");
  CHECK(clip.tracked_bones() == std::vector<int>{pelvis, head, shin});

  // Per-frame translation, frame after frame; rotation and scale absent: bind pose.
  CHECK(At(clip, 1, pelvis).translation == Vec3{0.0f, 0.97f, 0.1f});
  CHECK(At(clip, 2, pelvis).translation == Vec3{0.0f, 0.95f, 0.2f});
  CHECK(At(clip, 1, pelvis).rotation == rig.bind_local(pelvis).rotation);
  // Per-frame rotation; a constant scale holds in every frame; absent translation is the bind pose.
  CHECK(At(clip, 2, head).rotation.x == Approx(0.0998334f).epsilon(1e-6));
  CHECK(At(clip, 2, head).rotation.w == Approx(0.9950042f).epsilon(1e-6));
  for (int k = 0; k < clip.frame_count(); ++k) {
    CHECK(At(clip, k, head).scale == Vec3{1.0f, 1.0f, 1.0f});
    CHECK(At(clip, k, head).translation == rig.bind_local(head).translation);
    // 1.0004 long: within tolerance, so stored normalised.
    CHECK(At(clip, k, shin).rotation.w == Approx(1.0f).epsilon(1e-7));
  }
  // A bone without a track holds its bind pose in every frame.
  const int spine = rig.FindBone("spine");
  for (int k = 0; k < clip.frame_count(); ++k)
    CHECK(At(clip, k, spine) == rig.bind_local(spine));
}

TEST_CASE("ParseClip: a one-frame clip, no skeleton field, loop defaulting to false") {
  const Skeleton rig = Rig();
  DiagnosticSink sink;
  const std::optional<Clip> clip = ParseClip(
      R"({"format": "animtc.clip", "version": 1, "name": "pose", "sample_rate": 24, "frame_count": 1,
          "tracks": [{"bone": "head", "translation": [1, 2, 3]}]})",
      "pose.json", rig, sink, kMaxClipKeyBytes, {ClipEncoding::Dense});
  INFO(FormatText(sink));
  REQUIRE(clip.has_value());
  CHECK_FALSE(clip->looping());
  CHECK(clip->frame_count() == 1);
  CHECK(At(*clip, 0, rig.FindBone("head")).translation == Vec3{1.0f, 2.0f, 3.0f});
}

TEST_CASE("Sync markers: read in time order, kept by either encoding, written back, and hashed") {
  const Skeleton rig = Rig();
  const std::string text = R"({"format": "animtc.clip", "version": 1, "name": "walk", "sample_rate": 10,
      "frame_count": 11, "loop": true,
      "markers": [{"name": "foot_r", "time": 0.5}, {"name": "foot_l", "time": 0}, {"name": "step", "time": 1}],
      "tracks": [{"bone": "head", "translation": [1, 2, 3]}]})";
  for (const ClipEncoding encoding : {ClipEncoding::Dense, ClipEncoding::Compressed}) {
    DiagnosticSink sink;
    const std::optional<Clip> clip = ParseClip(text, "walk.json", rig, sink, kMaxClipKeyBytes, {encoding});
    INFO(FormatText(sink));
    REQUIRE(clip.has_value());
    const std::vector<SyncMarker> expected = {{"foot_l", 0.0f}, {"foot_r", 0.5f}, {"step", 1.0f}};
    CHECK(clip->markers() == expected);
    CHECK(clip->DenseCopy().markers() == expected);

    // The writer's document reads back with the same markers.
    DiagnosticSink again;
    const std::optional<Clip> back = ParseClip(WriteClipJson(*clip, rig), "back.json", rig, again,
                                               kMaxClipKeyBytes, {ClipEncoding::Dense});
    INFO(FormatText(again));
    REQUIRE(back.has_value());
    CHECK(back->markers() == expected);

    // A marker moved is another clip: a program compiled against it would be stale.
    Clip moved = *clip;
    moved.SetMarkers({{"foot_l", 0.0f}, {"foot_r", 0.6f}, {"step", 1.0f}});
    CHECK(moved.content_hash() != clip->content_hash());
    Clip renamed = *clip;
    renamed.SetMarkers({{"foot_", 0.0f}, {"lfoot_r", 0.5f}, {"step", 1.0f}});
    CHECK(renamed.content_hash() != clip->content_hash());
  }
}

TEST_CASE("Curves: one value per frame or a constant for every frame, stepping or not") {
  const Skeleton rig = Rig();
  const Clip clip = LoadGood("walk.clip.yaml", rig);
  REQUIRE(clip.curves().size() == 2);
  const ClipCurve& brow = clip.curves()[0];
  const ClipCurve& blink = clip.curves()[1];
  CHECK(brow.name == "brow_up");
  CHECK(brow.keys == std::vector<float>{0.0f, 0.25f, 0.75f, 0.0f});
  CHECK_FALSE(brow.step);
  CHECK(blink.name == "blink");
  CHECK(blink.keys == std::vector<float>{1.0f, 1.0f, 1.0f, 1.0f});
  CHECK(blink.step);
  CHECK(clip.FindCurve("blink") == 1);
  CHECK(clip.FindCurve("Blink") == -1);
  // Half way from frame 1 to frame 2 brow_up lerps.
  CHECK(brow.Sample(clip.KeysAt(1.5f / 30.0f)) == Approx(0.5f));
}

TEST_CASE("Curves are kept by either encoding, written back as they were read, and hashed") {
  const Skeleton rig = Rig();
  const std::string text = R"({"format": "animtc.clip", "version": 1, "name": "face", "sample_rate": 10,
      "frame_count": 11,
      "curves": [{"name": "jaw", "values": [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]},
                 {"name": "blink", "values": [0, 0, 1, 1, 0, 0, 0, 1, 0, 0, -0.5], "step": true},
                 {"name": "smile", "values": [0.25]}],
      "tracks": [{"bone": "head", "translation": [1, 2, 3]}]})";
  for (const ClipEncoding encoding : {ClipEncoding::Dense, ClipEncoding::Compressed}) {
    DiagnosticSink sink;
    const std::optional<Clip> clip = ParseClip(text, "face.json", rig, sink, kMaxClipKeyBytes, {encoding});
    INFO(FormatText(sink));
    REQUIRE(clip.has_value());
    CHECK(clip->encoding() == encoding);
    REQUIRE(clip->curves().size() == 3);
    CHECK(clip->curves()[0].keys[10] == 1.0f);
    CHECK(clip->curves()[1].step);
    CHECK(clip->curves()[2].keys == std::vector<float>(11, 0.25f));
    CHECK(clip->DenseCopy().curves() == clip->curves());

    // The writer's document reads back with the same curves, a constant one written as one value.
    const std::string written = WriteClipJson(*clip, rig);
    CHECK(written.find("\"values\": [0.25]") != std::string::npos);
    DiagnosticSink again;
    const std::optional<Clip> back =
        ParseClip(written, "back.json", rig, again, kMaxClipKeyBytes, {ClipEncoding::Dense});
    INFO(FormatText(again));
    REQUIRE(back.has_value());
    CHECK(back->curves() == clip->curves());

    // A key changed, a name changed or a curve that no longer steps is another clip.
    const auto with_curves = [&](std::vector<ClipCurve> curves) {
      std::string error;
      std::optional<Clip> copy = Clip::Create(rig, "face", 10.0f, 11, false, error);
      REQUIRE(copy);
      for (ClipCurve& curve : curves)
        REQUIRE(copy->AddCurve(std::move(curve)));
      return copy->content_hash();
    };
    std::vector<ClipCurve> curves = clip->curves();
    const std::uint64_t same = with_curves(curves);
    curves[0].keys[3] += 0.01f;
    CHECK(with_curves(curves) != same);
    curves = clip->curves();
    curves[2].name = "smirk";
    CHECK(with_curves(curves) != same);
    curves = clip->curves();
    curves[1].step = false;
    CHECK(with_curves(curves) != same);
  }
}

TEST_CASE("A clip document is held compressed unless it or its loader says dense, and lists its steps") {
  const Skeleton rig = Rig();
  const auto parse = [&](const std::string& fields, const ClipEncodingOverride& held_as) {
    DiagnosticSink sink;
    std::optional<Clip> clip = ParseClip(
        "{\"format\": \"animtc.clip\", \"version\": 1, \"name\": \"c\", \"sample_rate\": 10, "
        "\"frame_count\": 3" +
            fields +
            ", \"tracks\": [{\"bone\": \"head\", \"translation\": [0, 1, 0, 0, 2, 0, 0, 4, 0], \"step\": "
            "[\"translation\"]}]}",
        "c.json", rig, sink, kMaxClipKeyBytes, held_as);
    INFO(FormatText(sink));
    REQUIRE(clip);
    return std::move(*clip);
  };
  const int head = rig.FindBone("head");
  CHECK(parse("", {}).encoding() == ClipEncoding::Compressed);
  CHECK(parse(", \"encoding\": \"dense\"", {}).encoding() == ClipEncoding::Dense);
  CHECK(parse(", \"encoding\": \"dense\"", {ClipEncoding::Compressed}).encoding() ==
        ClipEncoding::Compressed);
  CHECK(parse(", \"encoding\": \"compressed\"", {ClipEncoding::Dense}).encoding() == ClipEncoding::Dense);
  for (const Clip& clip : {parse("", {}), parse("", {ClipEncoding::Dense})}) {
    CHECK(clip.IsStep(head, TrackChannel::Translation));
    CHECK_FALSE(clip.IsStep(head, TrackChannel::Rotation));
    // Half way from key 1 to key 2 the step still holds key 1.
    Pose pose(rig.bone_count());
    SampleClip(pose.view(), clip, 0.15f, rig.bone_count());
    CHECK(pose.Get(head).translation.y == Approx(2.0f).margin(1e-4));
  }
  // A coarser precision may only make the clip smaller.
  CHECK(parse(", \"precision\": 0.1", {}).key_bytes() <= parse("", {}).key_bytes());
}

TEST_CASE("A clip for another rig is refused before any key is written") {
  const Skeleton rig = Rig();
  DiagnosticSink sink;
  const char* text =
      "format: animtc.clip\nversion: 1\nname: x\nskeleton: biped\nsample_rate: 30\nframe_count: 1\n"
      "tracks:\n  - bone: tail\n";
  CHECK_FALSE(ParseClip(text, "x.yaml", rig, sink).has_value());
  CHECK(FormatText(sink) ==
        "x.yaml:8:11: error[E110]: unknown bone 'tail': skeleton 'biped' has no such bone\n");
}

}  // namespace
}  // namespace anim
