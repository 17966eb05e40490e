// SampleClip: one blend between the two key frames around the time, SIMD and reference.
#include <catch2/catch.hpp>

#include <cmath>

#include "executor/kernels/pose_kernels.h"
#include "executor/pose/clip.h"
#include "tests/kernels/kernel_test_util.h"

using namespace anim;
using namespace anim::test;

namespace {

struct ClipFixture {
  Skeleton skeleton;
  Clip clip;
};

// A clip of `frames` random key frames at 10 Hz over a 13-bone chain.
ClipFixture MakeClip(std::mt19937& rng, int frames, bool looping) {
  const int bones = 13;
  std::vector<int> parents(bones);
  for (int i = 0; i < bones; ++i)
    parents[i] = i - 1;
  const Skeleton skeleton = BuildSkeleton(parents, std::vector<Transform>(bones));
  std::string error;
  std::optional<Clip> clip = Clip::Create(skeleton, "random", 10.0f, frames, looping, error);
  REQUIRE(clip);
  for (int k = 0; k < frames; ++k) {
    const Pose key = RandomPose(rng, bones);
    CopyPose(clip->frame(k), key.view(), bones);
  }
  return {skeleton, std::move(*clip)};
}

}  // namespace

TEST_CASE("SampleClip blends the two key frames around the time", "[kernels][clip]") {
  std::mt19937 rng(21);
  const ClipFixture f = MakeClip(rng, 5, false);
  const int bones = f.clip.bone_count();
  // 0.23 s at 10 Hz: 30% of the way from key 2 to key 3.
  Pose expected(bones);
  reference::BlendPoses(expected.view(), f.clip.frame(2), f.clip.frame(3), 0.3f, bones);
  for (auto sample : {SampleClip, reference::SampleClip}) {
    Pose out = SentinelPose(bones);
    sample(out.view(), f.clip, 0.23f, bones);
    REQUIRE(MaxDifference(out.view(), expected.view(), bones) <= kTolerance);
    // Exactly on a key: that key.
    sample(out.view(), f.clip, 0.1f, bones);
    REQUIRE(MaxDifference(out.view(), f.clip.frame(1), bones) <= kTolerance);
    // Past the end of a play-once clip: clamped to the last key.
    sample(out.view(), f.clip, 7.0f, bones);
    REQUIRE(MaxDifference(out.view(), f.clip.frame(4), bones) <= kTolerance);
  }
}

TEST_CASE("SampleClip matches the reference at any time, and wraps looping clips", "[kernels][clip]") {
  std::mt19937 rng(22);
  const ClipFixture f = MakeClip(rng, 9, true);
  const int bones = f.clip.bone_count();
  std::uniform_real_distribution<float> time(-2.0f, 3.0f);
  for (int n = 0; n < 50; ++n) {
    const float t = time(rng);
    INFO("time " << t);
    Pose simd(bones), ref(bones), wrapped(bones);
    SampleClip(simd.view(), f.clip, t, bones);
    reference::SampleClip(ref.view(), f.clip, t, bones);
    REQUIRE(MaxDifference(simd.view(), ref.view(), bones) <= kTolerance);
    SampleClip(wrapped.view(), f.clip, t + f.clip.duration(), bones);
    REQUIRE(MaxDifference(simd.view(), wrapped.view(), bones) <= 1e-4f);
  }
}

TEST_CASE("SampleClip with a cut count samples only the prefix", "[kernels][clip][lod]") {
  std::mt19937 rng(23);
  const ClipFixture f = MakeClip(rng, 5, false);
  const int bones = f.clip.bone_count();
  Pose full(bones);
  reference::SampleClip(full.view(), f.clip, 0.23f, bones);
  for (auto sample : {SampleClip, reference::SampleClip}) {
    for (int cut : {0, 1, 8, 9, 12}) {
      Pose out = SentinelPose(bones);
      const Pose before = out;
      sample(out.view(), f.clip, 0.23f, cut);
      REQUIRE(TailIdentical(before, out, cut));
      REQUIRE(MaxDifference(out.view(), full.view(), cut) <= kTolerance);
    }
  }
}

TEST_CASE("SampleClip survives non-finite times and one-frame clips", "[kernels][clip][bad-input]") {
  std::mt19937 rng(24);
  const ClipFixture looping = MakeClip(rng, 5, true);
  const ClipFixture single = MakeClip(rng, 1, false);
  const int bones = looping.clip.bone_count();
  for (auto sample : {SampleClip, reference::SampleClip}) {
    for (float t : {NAN, INFINITY, -INFINITY}) {
      Pose out(bones);
      sample(out.view(), looping.clip, t, bones);
      REQUIRE(MaxDifference(out.view(), looping.clip.frame(0), bones) <= kTolerance);
    }
    Pose out(bones);
    sample(out.view(), single.clip, 3.0f, bones);
    REQUIRE(MaxDifference(out.view(), single.clip.frame(0), bones) <= kTolerance);
  }
}
