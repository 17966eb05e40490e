// The JSON form of a capture (cli/anim_dump/capture_json.h): every sample's frames go to JSON and
// back to the same capture, byte for byte in the binary form; what is malformed is named by its
// path in the document.
#include <catch2/catch.hpp>

#include <limits>

#include "cli/anim_dump/capture_json.h"
#include "tests/capture/recorded_sample.h"
#include "tests/support/sample_list.h"

using namespace anim;
using Catch::Matchers::Contains;

namespace {

std::string Replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

std::string LoadError(const std::string& text) {
  const CaptureLoad load = dump::CaptureFromJson(text);
  CHECK_FALSE(load.ok);
  CHECK(load.error.find('\n') == std::string::npos);
  return load.error;
}

}  // namespace

TEST_CASE("every sample's capture goes to JSON and back unchanged", "[capture][json]") {
  for (const std::string& graph :
       test::SampleGraphPaths(std::string(ANIMTC_SOURCE_DIR) + "/samples", false)) {
    INFO("sample " << graph);
    const auto sample = test::BindSample(graph);
    AnimCapture capture = test::RecordSample(*sample, 150, 152);
    // Numbers JSON has no literal for travel as names.
    capture.frames[0].params[0] = std::numeric_limits<float>::quiet_NaN();
    capture.frames[1].params[0] = -std::numeric_limits<float>::infinity();
    const CaptureLoad load = dump::CaptureFromJson(dump::CaptureToJson(capture));
    INFO(load.error);
    REQUIRE(load.ok);
    CHECK(EncodeCapture(load.capture) == EncodeCapture(capture));
  }
}

TEST_CASE("a malformed JSON capture is refused naming where", "[capture][json]") {
  const auto sample = test::BindSample("samples/litmus.yaml");
  const std::string good = dump::CaptureToJson(test::RecordSample(*sample, 44, 44));
  REQUIRE(dump::CaptureFromJson(good).ok);

  CHECK_THAT(LoadError(Replaced(good, "\"alpha\": ", "\"alpha\": \"x\", \"was\": ")),
             Contains("capture.frames[0].list.tasks[") && Contains("].alpha: is not a number"));
  CHECK_THAT(LoadError(Replaced(good, "\"skinning_checksum\"", "\"skinning_sum\"")),
             Contains("capture.frames[0].output: has no \"skinning_checksum\""));
  CHECK_THAT(LoadError(Replaced(good, "\"version\": 1", "\"version\": 2")), Contains("capture version 2"));
  CHECK_THAT(LoadError(Replaced(good, "\"type\": \"", "\"type\": \"Blur")),
             Contains("is not one of its names"));
  CHECK_THAT(LoadError(good.substr(0, good.size() / 2)), Contains("not JSON"));
  CHECK_THAT(LoadError(Replaced(good, "\"frames_held\": ", "\"frames_held\": 3, \"was\": ")),
             Contains("frames_held: is not 0 to 2"));
  // Well-formed, and refused by the binary loader's rules: offsets for more bones than it holds.
  CHECK_THAT(LoadError(Replaced(good, "\"offset_bone_count\": ", "\"offset_bone_count\": 99, \"was\": ")),
             Contains("frame 0: blend slots: offset bone count 99 is outside"));
}
