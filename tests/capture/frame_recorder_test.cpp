// FrameRecorder as an engine uses it: its own frame loop, the recorder armed for a few frames part
// way through, its own outputs; and a capture written to a file by the runtime alone.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "executor/tasks/execute_task_list.h"
#include "tests/capture/recorded_sample.h"
#include "vm/build_tasks.h"
#include "vm/capture/capture_file.h"
#include "vm/capture/capture_replay.h"
#include "vm/capture/frame_recorder.h"

using namespace anim;

TEST_CASE("an engine's frame loop captures the frames it arms, and only those", "[capture]") {
  const auto sample = test::BindSample("samples/locomotion.yaml");
  const Program& program = sample->inputs->compiled.program;
  const ProgramBinding& binding = *sample->binding;
  AnimInstance recorded(program), plain(program);
  FrameRecorder recorder(binding, recorded, "locomotion.yaml");
  const auto bones = static_cast<std::size_t>(binding.skeleton().bone_count());
  std::vector<Mat4> skinning(bones), plain_skinning(bones);
  AnimTaskList list, plain_list;
  const int speed = recorded.FindParameter("speed");
  REQUIRE(speed >= 0);
  constexpr float kDt = 1.0f / 60.0f;
  for (int frame = 0; frame < 40; ++frame) {
    const float value = frame < 20 ? 0.0f : 3.0f;
    recorded.SetFloat(speed, value);
    plain.SetFloat(speed, value);
    if (frame == 18) recorder.Arm(5);
    recorder.RunFrame(recorded, kDt, list, ExecuteOutputs{.skinning = skinning}, frame);
    BuildTasks(binding, plain, kDt, plain_list);
    ExecuteTaskList(plain_list, ExecuteOutputs{.skinning = plain_skinning});
    // Armed or not, the frame is what the two calls compute.
    REQUIRE(skinning == plain_skinning);
  }
  REQUIRE(recorder.frames_left() == 0);
  const AnimCapture& capture = recorder.capture();
  REQUIRE(capture.frames.size() == 5);
  CHECK(capture.frames.front().frame == 18);
  CHECK(capture.frames.back().frame == 22);
  CHECK(capture.frames[1].params[3 * static_cast<std::size_t>(speed)] == 0.0f);
  CHECK(capture.frames[2].params[3 * static_cast<std::size_t>(speed)] == 3.0f);

  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / "animtc_frame_recorder_test.animcap";
  std::string error;
  REQUIRE(WriteCaptureFile(capture, path.string(), error));
  std::ifstream in(path, std::ios::binary);
  const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::filesystem::remove(path);
  const CaptureLoad load = DecodeCapture(bytes);
  INFO(load.error);
  REQUIRE(load.ok);
  const ReplayOutcome outcome = ReplayCapture(load.capture, binding);
  INFO(outcome.message);
  CHECK(outcome.identical);

  CHECK_FALSE(WriteCaptureFile(capture, "/nonexistent-dir/x.animcap", error));
  CHECK(error.find("No such file or directory") != std::string::npos);
}
