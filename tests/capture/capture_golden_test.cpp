// Golden captures (tests/capture/golden/): a few frames of each sample, recorded by an earlier build
// and committed. This build must replay them identically (record -> replay across a rebuild) and
// record the same frames to the same bytes: a change to the VM or executor that alters any recorded
// list, state or output fails here, naming the first frame, task and bone that differ. After an
// intended change: ANIMTC_UPDATE_GOLDEN=1, then review what `anim-dump replay` says of the old files.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "tests/capture/recorded_sample.h"
#include "vm/capture/capture_file.h"
#include "vm/capture/capture_replay.h"

using namespace anim;

namespace {

struct GoldenCapture {
  const char* sample;
  int first, last;
  const char* why;
};

constexpr GoldenCapture kGolden[] = {
    {"worked_example", 128, 131, "running, the aim layer and the foot planting"},
    {"locomotion", 234, 236,
     "blending back into moving after a jump: transition history, snapshot, blend space, IK"},
    {"litmus", 44, 46, "the straight chain"},
};

std::vector<uint8_t> ReadBytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("the golden captures replay identically and record to the same bytes", "[capture][golden]") {
  for (const GoldenCapture& g : kGolden) {
    INFO(g.sample << " frames " << g.first << ":" << g.last << " (" << g.why << ")");
    const auto sample = test::BindSample(std::string("samples/") + g.sample + ".yaml");
    const std::vector<uint8_t> recorded = EncodeCapture(test::RecordSample(*sample, g.first, g.last));
    const std::filesystem::path path = std::filesystem::path(ANIMTC_SOURCE_DIR) / "tests/capture/golden" /
                                       (std::string(g.sample) + ".animcap");
    if (std::getenv("ANIMTC_UPDATE_GOLDEN") != nullptr) {
      std::ofstream(path, std::ios::binary)
          .write(reinterpret_cast<const char*>(recorded.data()),
                 static_cast<std::streamsize>(recorded.size()));
    }
    INFO("missing golden capture " << path << ": run the test with ANIMTC_UPDATE_GOLDEN=1");
    REQUIRE(std::filesystem::exists(path));

    const CaptureLoad golden = DecodeCapture(ReadBytes(path));
    INFO(golden.error);
    REQUIRE(golden.ok);
    const ReplayOutcome outcome = ReplayCapture(golden.capture, *sample->binding);
    INFO(outcome.message);
    CHECK(outcome.identical);
    CHECK(recorded == ReadBytes(path));
  }
}
