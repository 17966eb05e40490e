// Target "capture": an .animcap file through the capture loader and, when it loads, a replay
// against the sample whose skeleton it names. The file is tried as it is (the container checks),
// then resealed (body size and checksum made to match) so that mutations reach the assets, the
// lists, the state slots and the outputs. A capture that loads is written back as the same bytes.
#include <algorithm>
#include <optional>
#include <span>

#include "executor/pose/content_hash.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/fuzz_targets.h"
#include "vm/capture/capture_file.h"
#include "vm/capture/capture_replay.h"

namespace anim::fuzz {
namespace {

// Frames replayed per input: each runs its list once, and again per task when it differs.
constexpr std::size_t kMaxReplayFrames = 4;

std::vector<uint8_t> Resealed(std::span<const uint8_t> input) {
  std::vector<uint8_t> bytes(input.begin(), input.end());
  if (bytes.size() < kCaptureHeaderSize) return bytes;
  const uint64_t size = bytes.size() - kCaptureHeaderSize;
  const uint64_t sum = Fnv1a64(std::span<const uint8_t>(bytes).subspan(kCaptureHeaderSize));
  for (std::size_t i = 0; i < 8; ++i) {
    bytes[16 + i] = static_cast<uint8_t>(size >> (8 * i));
    bytes[24 + i] = static_cast<uint8_t>(sum >> (8 * i));
  }
  return bytes;
}

void Run(std::span<const uint8_t> bytes) {
  CaptureLoad load = DecodeCapture(bytes);
  if (!load.ok) {
    if (load.error.empty() || load.error.find('\n') != std::string::npos)
      InvariantFailed("a refused capture is not refused with one line");
    return;
  }
  const std::vector<uint8_t> written = EncodeCapture(load.capture);
  if (!std::equal(written.begin(), written.end(), bytes.begin(), bytes.end()))
    InvariantFailed("a loaded capture is not written back as the bytes it was loaded from");

  const SampleProgram* sample = SampleBySkeletonHash(load.capture.assets.skeleton_hash);
  if (sample == nullptr) sample = &Humanoid();
  BindResult bound = ProgramBinding::Bind(sample->program, sample->graph.skeleton, sample->clips);
  if (!bound.binding) return;
  if (load.capture.frames.size() > kMaxReplayFrames) load.capture.frames.resize(kMaxReplayFrames);
  const ReplayOutcome outcome = ReplayCapture(load.capture, *bound.binding);
  if (outcome.message.empty()) InvariantFailed("a replay says nothing");
}

}  // namespace

int FuzzCapture(const uint8_t* data, std::size_t size) {
  const std::span<const uint8_t> input(data, size);
  Run(input);
  const std::vector<uint8_t> resealed = Resealed(input);
  if (!std::equal(resealed.begin(), resealed.end(), input.begin(), input.end())) Run(resealed);
  return 0;
}

}  // namespace anim::fuzz
