// The compressed clip encoding (docs/asset-formats.md, "Clip encodings"): the compressor keeps every
// key within its bound by the model-space metric, picks every key format where it pays, and the
// SIMD sampler decodes exactly what the scalar reference decodes, for any time, any LOD cut and
// stepping channels.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <filesystem>

#include "compiler/assets/asset_loader.h"
#include "compiler/clips/clip_accuracy.h"
#include "compiler/clips/clip_compressor.h"
#include "compiler/clips/clip_precision.h"
#include "executor/kernels/pose_kernels.h"
#include "tests/kernels/kernel_test_util.h"

using namespace anim;
using namespace anim::test;

namespace {

constexpr int kBones = 24;
constexpr int kFrames = 61;
constexpr float kRate = 30.0f;

// A 24-bone chain 10 units long per bone. Every sixth bone keeps the bind pose, the next holds a
// constant pose of its own, and the others swing by amplitudes from a hundredth of a radian to
// more than one, so that each key format is the right one for some track at some bound. Every
// curve repeats over the clip's 2 s, so the looping clip's last key is its first.
struct ChainClip {
  Skeleton skeleton;
  Clip clip;
};

ChainClip MakeChainClip(bool looping) {
  std::vector<int> parents(kBones);
  std::vector<Transform> bind(kBones);
  for (int b = 0; b < kBones; ++b) {
    parents[b] = b - 1;
    bind[b].translation = Vec3{0.0f, b == 0 ? 0.0f : 10.0f, 0.0f};
    bind[b].rotation = FromAxisAngle(Vec3{0.0f, 0.0f, 1.0f}, 0.05f * static_cast<float>(b));
  }
  Skeleton skeleton = BuildSkeleton(parents, bind);
  std::string error;
  std::optional<Clip> clip = Clip::Create(skeleton, "chain", kRate, kFrames, looping, error);
  REQUIRE(clip);
  const float amplitudes[] = {0.01f, 0.1f, 0.5f, 1.3f};
  for (int k = 0; k < kFrames; ++k) {
    const float t = static_cast<float>(k) / kRate;
    for (int b = 0; b < kBones; ++b) {
      Transform x = bind[b];
      if (b % 6 == 1) {
        x.rotation = FromAxisAngle(Vec3{1.0f, 0.0f, 0.0f}, 0.4f);
      } else if (b % 6 != 0) {
        const float amplitude = amplitudes[b % 4];
        const float phase = 0.37f * static_cast<float>(b);
        const Vec3 axis = NormalizeOr(Vec3{std::sin(phase), 1.0f, std::cos(phase)}, Vec3{0.0f, 1.0f, 0.0f});
        x.rotation = FromAxisAngle(axis, amplitude * std::sin(2.0f * kPi * t + phase)) * bind[b].rotation;
        if (b == 2) x.translation = Vec3{3.0f * std::sin(kPi * t), 10.0f + std::sin(2.0f * kPi * t), 0.0f};
        if (b == 3) x.scale = Vec3{1.0f + 0.2f * std::sin(kPi * t), 1.0f, 1.0f};
      }
      SetBoneTransform(clip->frame(k), b, x);
    }
  }
  for (int b = 0; b < kBones; ++b)
    clip->MarkTracked(b);
  return {std::move(skeleton), std::move(*clip)};
}

double Height(const ChainClip& c) {
  return SkeletonHeight(c.skeleton);
}

// The SIMD kernel and the scalar reference agree on a compressed clip at `time`, over every bone
// and over a cut prefix, and leave the bones past a cut untouched.
void CheckSimdMatchesReference(const Clip& clip, float time) {
  INFO("time " << time);
  for (int count : {kBones, 1, 8, 9, 17}) {
    INFO("bones sampled " << count);
    Pose simd = SentinelPose(kBones);
    Pose ref = SentinelPose(kBones);
    const Pose before = simd;
    SampleClip(simd.view(), clip, time, count);
    reference::SampleClip(ref.view(), clip, time, count);
    REQUIRE(MaxDifference(simd.view(), ref.view(), count) == 0.0f);  // the same operations in the same order
    REQUIRE(AllFinite(simd.view(), count));
    REQUIRE(TailIdentical(before, simd, count));
  }
}

}  // namespace

TEST_CASE("the compressor uses every key format and keeps each key within its bound",
          "[clips][compression]") {
  const ChainClip c = MakeChainClip(true);
  const double height = Height(c);
  const ClipPrecision precision = DefaultClipPrecision(height);
  std::array<int, 4> formats_used{};
  // The runtime's float sampling of the dense keys themselves against the same keys in double: what
  // no encoding can go below.
  const ClipSource source = DenseKeysSource(c.clip, c.skeleton);
  const double float_floor = MeasureClipAccuracy(c.clip, c.skeleton, precision.shell, source, 1).Worst();
  REQUIRE(float_floor < 1e-4 * height);
  // From a loose bound (8-bit keys do) to one far below float rounding of a 240-unit chain, where
  // only float keys (the dense keys themselves) are within it.
  for (double fraction : {1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-8}) {
    const double bound = fraction * height;
    INFO("bound " << bound);
    CompressionOutcome outcome;
    const Clip z = CompressClip(c.clip, c.skeleton, precision.shell, bound, &outcome);
    REQUIRE(z.encoding() == ClipEncoding::Compressed);
    CHECK(outcome.default_tracks >= kBones / 6);   // the bind-pose bones' three channels at least
    CHECK(outcome.constant_tracks >= kBones / 6);  // the bones holding a pose of their own
    for (int f = 0; f < 4; ++f)
      formats_used[f] += outcome.animated_tracks[f];
    // Measured independently of the compressor: every key against the dense key.
    const ClipAccuracy accuracy = MeasureClipAccuracy(z, c.skeleton, precision.shell, source, 1);
    CHECK(outcome.within_bound);
    CHECK(accuracy.at_keys.Worst() <= bound + float_floor);
    CHECK(z.key_bytes() < c.clip.key_bytes());
  }
  INFO("8-bit " << formats_used[0] << ", packed " << formats_used[1] << ", 16-bit " << formats_used[2]
                << ", float " << formats_used[3]);
  for (int used : formats_used)
    CHECK(used > 0);
}

TEST_CASE("compressing is deterministic and a compressed clip's hash covers its keys",
          "[clips][compression]") {
  const ChainClip c = MakeChainClip(false);
  const ClipPrecision precision = DefaultClipPrecision(Height(c));
  const Clip a = CompressClip(c.clip, c.skeleton, precision.shell, precision.precision);
  const Clip b = CompressClip(c.clip, c.skeleton, precision.shell, precision.precision);
  REQUIRE(a.content_hash() == b.content_hash());
  REQUIRE(a.content_hash() != c.clip.content_hash());
  // A seeded fault in the keys of one frame: the hash sees it, and so does the accuracy measurement.
  CompressedKeys keys = *a.compressed();
  REQUIRE(keys.frame_bytes > 0);
  for (uint32_t i = 0; i < keys.frame_bytes; ++i)
    keys.keys[keys.frame_bytes * 30 + i] ^= 0x5a;
  const Clip faulty = a.WithCompressedKeys(std::move(keys));
  CHECK(faulty.content_hash() != a.content_hash());
  const ClipSource source = DenseKeysSource(c.clip, c.skeleton);
  const double good = MeasureClipAccuracy(a, c.skeleton, precision.shell, source, 1).Worst();
  const double bad = MeasureClipAccuracy(faulty, c.skeleton, precision.shell, source, 1).Worst();
  CHECK(good <= precision.precision);
  CHECK(bad > 10.0 * precision.precision);
}

TEST_CASE("SIMD sampling of a compressed clip matches the reference at any time and any cut",
          "[clips][compression][kernels]") {
  const ChainClip c = MakeChainClip(true);
  const double height = Height(c);
  const ClipPrecision precision = DefaultClipPrecision(height);
  std::mt19937 rng(151);
  std::uniform_real_distribution<float> time(-3.0f, 5.0f);
  for (double fraction : {1e-2, 1e-4, 1e-6, 1e-8}) {
    const Clip z = CompressClip(c.clip, c.skeleton, precision.shell, fraction * height);
    INFO("bound " << fraction << " of height");
    for (int n = 0; n < 40; ++n)
      CheckSimdMatchesReference(z, time(rng));
    for (int k : {0, 1, 30, kFrames - 1})
      CheckSimdMatchesReference(z, static_cast<float>(k) / kRate);
    CheckSimdMatchesReference(z, z.duration());
  }
}

TEST_CASE("a compressed clip decodes to the bind pose where it stores nothing, and survives bad times",
          "[clips][compression][bad-input]") {
  const ChainClip c = MakeChainClip(true);
  const ClipPrecision precision = DefaultClipPrecision(Height(c));
  const Clip z = CompressClip(c.clip, c.skeleton, precision.shell, precision.precision);
  const ConstPoseView bind = c.skeleton.bind_pose().view();
  REQUIRE(MaxDifference(z.base_pose(), bind, kBones) > 0.1f);  // the constant tracks are in it
  for (auto sample : {SampleClip, reference::SampleClip}) {
    for (float t : {NAN, INFINITY, -INFINITY, 0.0f}) {
      INFO("time " << t);
      Pose out(kBones);
      Pose first(kBones);
      sample(out.view(), z, t, kBones);
      z.DecodeFrame(0, first.view());
      REQUIRE(AllFinite(out.view(), kBones));
      REQUIRE(MaxDifference(out.view(), first.view(), kBones) <= 1e-6f);
      for (int b = 0; b < kBones; b += 6) {
        const Transform got = GetBoneTransform(out.view(), b);
        const Transform want = GetBoneTransform(bind, b);
        REQUIRE(got.rotation.w == want.rotation.w);
        REQUIRE(got.translation.y == want.translation.y);
      }
    }
  }
  // A one-frame clip: its only key at every time.
  std::string error;
  std::optional<Clip> single = Clip::Create(c.skeleton, "single", kRate, 1, false, error);
  REQUIRE(single);
  CopyPose(single->frame(0), c.clip.frame(17), kBones);
  for (int b = 0; b < kBones; ++b)
    single->MarkTracked(b);
  const Clip one = CompressClip(*single, c.skeleton, precision.shell, precision.precision);
  for (auto sample : {SampleClip, reference::SampleClip}) {
    Pose out(kBones);
    sample(out.view(), one, 2.5f, kBones);
    REQUIRE(MaxDifference(out.view(), c.clip.frame(17), kBones) <= 1e-3f);
  }
}

TEST_CASE("stepping channels of a compressed clip hold each key until the next key's time",
          "[clips][compression][step]") {
  ChainClip c = MakeChainClip(false);
  c.clip.MarkStep(2, TrackChannel::Translation);
  c.clip.MarkStep(4, TrackChannel::Rotation);
  const ClipPrecision precision = DefaultClipPrecision(Height(c));
  const Clip z = CompressClip(c.clip, c.skeleton, precision.shell, precision.precision);
  REQUIRE(z.IsStep(2, TrackChannel::Translation));
  REQUIRE(z.IsStep(4, TrackChannel::Rotation));
  Pose key10(kBones), key11(kBones);
  z.DecodeFrame(10, key10.view());
  z.DecodeFrame(11, key11.view());
  for (auto sample : {SampleClip, reference::SampleClip}) {
    for (float frame : {10.0f, 10.00001f, 10.5f, 10.999f}) {
      INFO("frame " << frame);
      Pose out(kBones);
      sample(out.view(), z, frame / kRate, kBones);
      const Transform got2 = GetBoneTransform(out.view(), 2);
      const Transform got4 = GetBoneTransform(out.view(), 4);
      CHECK(got2.translation.x == GetBoneTransform(key10.view(), 2).translation.x);
      // A rotation is normalised after the blend: the key to a rounding.
      CHECK(got4.rotation.x == Approx(GetBoneTransform(key10.view(), 4).rotation.x).margin(1e-6));
      if (frame > 10.4f) {  // the channel beside it moves on
        CHECK(GetBoneTransform(out.view(), 5).rotation.x != GetBoneTransform(key10.view(), 5).rotation.x);
      }
    }
    // At the next key's time (and a rounding before it), the next key.
    for (float time : {11.0f / kRate, std::nextafter(11.0f / kRate, 0.0f)}) {
      Pose out(kBones);
      sample(out.view(), z, time, kBones);
      CHECK(GetBoneTransform(out.view(), 2).translation.x == GetBoneTransform(key11.view(), 2).translation.x);
    }
  }
}

TEST_CASE("the sample humanoid's clips are at least 8x smaller compressed, within the precision",
          "[clips][compression][samples]") {
  const std::string folder = std::string(ANIMTC_SOURCE_DIR) + "/samples/humanoid";
  DiagnosticSink sink;
  const std::optional<Skeleton> skeleton = LoadSkeletonFile(folder + "/skeleton.yaml", sink);
  REQUIRE(skeleton);
  const ClipPrecision precision = DefaultClipPrecision(SkeletonHeight(*skeleton));
  std::size_t dense_bytes = 0;
  std::size_t compressed_bytes = 0;
  int clips = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.path().extension() != ".json") continue;
    INFO(entry.path().filename().string());
    const std::optional<Clip> dense =
        LoadClipFile(entry.path().string(), *skeleton, sink, kMaxClipKeyBytes, {ClipEncoding::Dense});
    const std::optional<Clip> compressed =
        LoadClipFile(entry.path().string(), *skeleton, sink, kMaxClipKeyBytes, {ClipEncoding::Compressed});
    REQUIRE(dense);
    REQUIRE(compressed);
    REQUIRE(compressed->encoding() == ClipEncoding::Compressed);
    dense_bytes += dense->key_bytes();
    compressed_bytes += compressed->key_bytes();
    ++clips;
    // The document's keys are its source: within the precision at the keys and between them.
    const ClipAccuracy accuracy =
        MeasureClipAccuracy(*compressed, *skeleton, precision.shell, DenseKeysSource(*dense, *skeleton));
    CHECK(accuracy.Worst() <= precision.precision);
  }
  INFO(dense_bytes << " dense bytes, " << compressed_bytes << " compressed");
  CHECK(clips >= 7);
  CHECK(compressed_bytes * 8 <= dense_bytes);
}
