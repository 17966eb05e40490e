// Record -> file -> replay on every sample: the replay is identical, on the recording thread and on
// another one; the file decodes to what was recorded and encodes back to the same bytes; every
// recorded list passes the runtime's structural check.
#include <catch2/catch.hpp>

#include <thread>

#include "executor/tasks/task_list_validator.h"
#include "tests/capture/recorded_sample.h"
#include "tests/support/sample_list.h"
#include "vm/capture/capture_file.h"
#include "vm/capture/capture_replay.h"
#include "vm/capture/captured_lists.h"

using namespace anim;

TEST_CASE("every sample's whole scenario records and replays identically from its file", "[capture]") {
  for (const std::string& graph :
       test::SampleGraphPaths(std::string(ANIMTC_SOURCE_DIR) + "/samples", false)) {
    INFO("sample " << graph);
    const auto sample = test::BindSample(graph);
    const AnimCapture recorded = test::RecordSample(*sample, 0, 1 << 30);
    REQUIRE(static_cast<int>(recorded.frames.size()) == sample->inputs->scenario.frame_count);

    const std::vector<uint8_t> bytes = EncodeCapture(recorded);
    const CaptureLoad load = DecodeCapture(bytes);
    INFO(load.error);
    REQUIRE(load.ok);
    REQUIRE(EncodeCapture(load.capture) == bytes);

    const ReplayOutcome here = ReplayCapture(load.capture, *sample->binding);
    INFO(here.message);
    REQUIRE(here.identical);
    REQUIRE(here.frames == sample->inputs->scenario.frame_count);

    ReplayOutcome there;
    std::thread([&] { there = ReplayCapture(load.capture, *sample->binding); }).join();
    INFO(there.message);
    REQUIRE(there.identical);
  }
}

TEST_CASE("a chosen range of frames replays on its own, without the frames before it", "[capture]") {
  const auto sample = test::BindSample("samples/locomotion.yaml");
  const AnimCapture capture = test::RecordSample(*sample, 200, 209);
  REQUIRE(capture.frames.size() == 10);
  CHECK(capture.frames.front().frame == 200);
  CHECK(capture.frames.back().frame == 209);
  // Mid-scenario, the frames read state: transition history and the snapshot of the upper body.
  std::size_t slots = 0;
  for (const CapturedFrame& frame : capture.frames)
    slots += frame.blends.size() + frame.snapshots.size();
  CHECK(slots > 0);
  const ReplayOutcome outcome = ReplayCapture(capture, *sample->binding);
  INFO(outcome.message);
  CHECK(outcome.identical);
}

TEST_CASE("every task a sample records executes with a result hash, and its lists are sound", "[capture]") {
  const auto sample = test::BindSample("samples/worked_example.yaml");
  const AnimCapture capture = test::RecordSample(*sample, 0, 1 << 30);
  AnimTaskList list;
  TaskStateStorage state;
  for (const CapturedFrame& frame : capture.frames) {
    INFO("frame " << frame.frame);
    RestoreState(capture.assets, frame, state);
    RestoreList(frame.list, *sample->binding, &state, list);
    const std::vector<TaskListIssue> issues = ValidateTaskList(list);
    CHECK(issues.empty());
    REQUIRE(frame.output.task_results.size() == frame.list.tasks.size());
    const int16_t output = frame.list.output_task;
    REQUIRE(output >= 0);
    CHECK(frame.output.task_results[static_cast<std::size_t>(output)] != 0);
  }
}
