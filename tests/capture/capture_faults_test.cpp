// What a damaged, foreign or tampered capture gets: one clear line, never a crash; and a replay
// that differs names the first frame, task and bone where it parts from the recording.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "executor/pose/content_hash.h"
#include "tests/capture/recorded_sample.h"
#include "vm/capture/capture_file.h"
#include "vm/capture/capture_replay.h"

using namespace anim;
using Catch::Matchers::Contains;

namespace {

// The header's body size and checksum made to match the body again, as a hostile writer would.
void Reseal(std::vector<uint8_t>& bytes) {
  const uint64_t size = bytes.size() - kCaptureHeaderSize;
  const uint64_t sum = Fnv1a64(std::span<const uint8_t>(bytes).subspan(kCaptureHeaderSize));
  for (int i = 0; i < 8; ++i) {
    bytes[16 + static_cast<std::size_t>(i)] = static_cast<uint8_t>(size >> (8 * i));
    bytes[24 + static_cast<std::size_t>(i)] = static_cast<uint8_t>(sum >> (8 * i));
  }
}

uint32_t ReadU32(const std::vector<uint8_t>& bytes, std::size_t at) {
  uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i)
    v |= static_cast<uint32_t>(bytes[at + i]) << (8 * i);
  return v;
}
void WriteU32(std::vector<uint8_t>& bytes, std::size_t at, uint32_t v) {
  for (std::size_t i = 0; i < 4; ++i)
    bytes[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

std::string Refusal(const std::vector<uint8_t>& bytes) {
  const CaptureLoad load = DecodeCapture(bytes);
  CHECK_FALSE(load.ok);
  CHECK(load.error.find('\n') == std::string::npos);
  return load.error;
}

struct Recorded {
  std::unique_ptr<test::BoundSample> sample;
  AnimCapture capture;
};

// The worked example over frames 100 to 160: walking into running, a blend partly weighted.
Recorded WorkedExample() {
  Recorded r{test::BindSample("samples/worked_example.yaml"), {}};
  r.capture = test::RecordSample(*r.sample, 100, 160);
  return r;
}

}  // namespace

TEST_CASE("a damaged capture file is refused with one line saying why", "[capture]") {
  const Recorded r = WorkedExample();
  const std::vector<uint8_t> good = EncodeCapture(r.capture);
  REQUIRE(DecodeCapture(good).ok);

  std::vector<uint8_t> bytes = good;
  bytes[bytes.size() / 2] ^= 0x10;
  CHECK_THAT(Refusal(bytes), Contains("checksum does not match"));

  bytes = good;
  bytes[0] = 'X';
  CHECK_THAT(Refusal(bytes), Contains("not a capture file"));

  bytes = good;
  bytes[4] = static_cast<uint8_t>(kAnimCaptureVersion + 1);
  CHECK_THAT(Refusal(bytes), Contains("is newer than this build's version"));

  bytes = good;
  bytes.resize(bytes.size() - 7);
  CHECK_THAT(Refusal(bytes), Contains("truncated or padded"));

  // Resealed, so only the structure can refuse it: the frames section cut short, and then its size
  // made to agree, so that the last frame ends early.
  bytes = good;
  bytes.resize(bytes.size() - 7);
  Reseal(bytes);
  CHECK_THAT(Refusal(bytes), Contains("section FRMS: its size does not match the file"));
  const std::size_t frames_size_at = kCaptureHeaderSize + 8 + ReadU32(bytes, kCaptureHeaderSize + 4) + 4;
  WriteU32(bytes, frames_size_at, ReadU32(bytes, frames_size_at) - 7);
  Reseal(bytes);
  CHECK_THAT(Refusal(bytes), Contains("frame 60: output: the file ends"));
}

TEST_CASE("a capture replayed against other assets is refused, naming the asset", "[capture]") {
  const Recorded r = WorkedExample();
  const auto litmus = test::BindSample("samples/litmus.yaml");
  const ReplayOutcome other_rig = ReplayCapture(r.capture, *litmus->binding);
  CHECK_FALSE(other_rig.identical);
  CHECK_THAT(other_rig.message, Contains("recorded with another skeleton"));

  AnimCapture edited = r.capture;
  edited.assets.clips[1].content_hash ^= 1;
  const ReplayOutcome other_clip = ReplayCapture(edited, *r.sample->binding);
  CHECK_FALSE(other_clip.identical);
  CHECK_THAT(other_clip.message, Contains("clip '" + edited.assets.clips[1].name + "' differs"));

  edited = r.capture;
  edited.assets.graph_hash ^= 1;
  CHECK_THAT(ReplayCapture(edited, *r.sample->binding).message, Contains("another program"));
}

TEST_CASE("a replay that differs names the first divergent frame, task and bone", "[capture]") {
  const Recorded r = WorkedExample();
  // A blend part way through, in a frame after the first: its weight nudged.
  std::size_t frame = 0, task = 0;
  for (std::size_t f = 5; f < r.capture.frames.size() && frame == 0; ++f) {
    const CapturedList& list = r.capture.frames[f].list;
    for (std::size_t t = 0; t < list.tasks.size(); ++t) {
      const AnimTask& candidate = list.tasks[t];
      if (candidate.type == AnimTaskType::Blend && candidate.alpha > 0.1f && candidate.alpha < 0.9f &&
          r.capture.frames[f].output.task_results[t] != 0) {
        frame = f;
        task = t;
        break;
      }
    }
  }
  REQUIRE(frame != 0);
  AnimCapture edited = r.capture;
  edited.frames[frame].list.tasks[task].alpha += 0.05f;
  const ReplayOutcome moved = ReplayCapture(edited, *r.sample->binding);
  INFO(moved.message);
  CHECK_FALSE(moved.identical);
  CHECK(moved.frame_index == static_cast<int>(frame));
  CHECK(moved.frame == edited.frames[frame].frame);
  CHECK(moved.task == static_cast<int>(task));
  CHECK(moved.bone >= 0);
  CHECK_THAT(moved.message, Contains("task " + std::to_string(task) + " (Blend) is the first to differ"));

  // The output alone edited: every task agrees, the bone is named.
  edited = r.capture;
  Pose& pose = edited.frames[frame].output.local_pose;
  Transform bone = pose.Get(3);
  bone.translation.y += 0.001f;
  pose.Set(3, bone);
  const ReplayOutcome output = ReplayCapture(edited, *r.sample->binding);
  INFO(output.message);
  CHECK(output.frame_index == static_cast<int>(frame));
  CHECK(output.task == -1);
  CHECK(output.bone == 3);

  // One rounding apart, the difference still shows its size (not 0.000000).
  edited = r.capture;
  Pose& rounded = edited.frames[frame].output.local_pose;
  Transform last_bit = rounded.Get(3);
  last_bit.translation.y = std::nextafter(last_bit.translation.y, 100.0f);
  rounded.Set(3, last_bit);
  const ReplayOutcome one_ulp = ReplayCapture(edited, *r.sample->binding);
  INFO(one_ulp.message);
  CHECK(one_ulp.bone == 3);
  CHECK_THAT(one_ulp.message, Contains("differs by up to ") && Contains("e-") && !Contains("0.000000"));
}

TEST_CASE("10000 resealed mutations of a capture are refused or replay, never crash", "[capture][hostile]") {
  const auto sample = test::BindSample("samples/locomotion.yaml");
  const std::vector<uint8_t> good = EncodeCapture(test::RecordSample(*sample, 230, 231));
  std::mt19937 random(20261202);
  int refused = 0, replayed = 0;
  for (int i = 0; i < 10000; ++i) {
    std::vector<uint8_t> bytes = good;
    const int edits = 1 + static_cast<int>(random() % 4);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = kCaptureHeaderSize + random() % (bytes.size() - kCaptureHeaderSize);
      switch (random() % 4) {
        case 0:
          bytes[at] ^= static_cast<uint8_t>(1u << (random() % 8));
          break;
        case 1:
          bytes[at] = static_cast<uint8_t>(random());
          break;
        case 2:
          bytes[at] = 0xFF;
          break;
        default:
          bytes.resize(at);  // cut
          break;
      }
    }
    Reseal(bytes);
    const CaptureLoad load = DecodeCapture(bytes);
    if (!load.ok) {
      ++refused;
      REQUIRE_FALSE(load.error.empty());
      continue;
    }
    ++replayed;
    REQUIRE(EncodeCapture(load.capture) == bytes);  // one way to write each capture
    const ReplayOutcome outcome = ReplayCapture(load.capture, *sample->binding);
    REQUIRE_FALSE(outcome.message.empty());
  }
  INFO(refused << " refused, " << replayed << " replayed");
  CHECK(refused > 1000);
  CHECK(replayed > 1000);
}
