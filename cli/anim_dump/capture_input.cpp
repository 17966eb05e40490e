#include "cli/anim_dump/capture_input.h"

#include <spdlog/spdlog.h>

#include <cstring>

#include "cli/anim_dump/capture_json.h"
#include "cli/anim_dump/progress.h"
#include "compiler/diag/escape.h"
#include "compiler/document/source_text.h"
#include "executor/tasks/execute_task_list.h"
#include "executor/tasks/task_list_validator.h"
#include "vm/capture/capture_file.h"
#include "vm/capture/capture_replay.h"
#include "vm/capture/captured_lists.h"

namespace anim::dump {
namespace {

bool StartsAsJson(const std::string& bytes) {
  const std::size_t first = bytes.find_first_not_of(" \t\r\n");
  return first != std::string::npos && bytes[first] == '{';
}

// "frames 200-260", or "12 frames from 3 to 40" when they are not consecutive.
std::string HeldFrames(const AnimCapture& capture) {
  const int first = capture.frames.front().frame, last = capture.frames.back().frame;
  const auto count = static_cast<int>(capture.frames.size());
  if (count == 1) return "frame " + std::to_string(first);
  if (last - first + 1 == count) return "frames " + std::to_string(first) + "-" + std::to_string(last);
  return std::to_string(count) + " frames from " + std::to_string(first) + " to " + std::to_string(last);
}

int CapturedInRange(const AnimCapture& capture, const FrameRange& range) {
  int inside = 0;
  for (const CapturedFrame& f : capture.frames)
    inside += f.frame >= range.first && f.frame <= range.last ? 1 : 0;
  return inside;
}

void CheckCaptured(const AnimCapture& capture, const FrameRange& range) {
  if (capture.frames.empty()) throw InputError("the capture holds no frames", kExitInvalidInput);
  if (CapturedInRange(capture, range) == range.last - range.first + 1) return;
  const std::string asked = range.first == range.last ? "frame " + std::to_string(range.first) + " is"
                                                      : "frames " + std::to_string(range.first) + "-" +
                                                            std::to_string(range.last) + " are";
  throw InputError(asked + " not in the capture: it holds " + HeldFrames(capture));
}

}  // namespace

bool IsCaptureText(const std::string& bytes) {
  if (bytes.size() >= 4 && std::memcmp(bytes.data(), kCaptureMagic, 4) == 0) return true;
  // The JSON form's "format" key, wherever an editor may have moved it.
  return StartsAsJson(bytes) && bytes.find("\"animtc.capture\"") != std::string::npos;
}

AnimCapture DecodeCaptureText(const std::string& bytes, const std::string& name) {
  CaptureLoad load = StartsAsJson(bytes)
                         ? CaptureFromJson(bytes)
                         : DecodeCapture({reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()});
  if (!load.ok) throw InputError(EscapeTerminal(name) + ": " + load.error, kExitInvalidInput);
  return std::move(load.capture);
}

AnimCapture ReadCaptureFile(const std::string& path) {
  const BoundedRead read = ReadBounded(path, kMaxCaptureBytes);
  if (!read.bytes) throw InputError{"cannot read capture '" + EscapeTerminal(path) + "': " + read.Reason()};
  return DecodeCaptureText(*read.bytes, path);
}

CapturedRun StreamCapturedFrames(const AnimCapture& capture, const ProgramBinding& binding,
                                 const FrameRange& range, FrameContent content, const FrameSink& on_frame) {
  if (const std::string wrong = CheckCaptureAssets(capture, binding); !wrong.empty())
    throw InputError(wrong, kExitInvalidInput);
  CheckCaptured(capture, range);

  CapturedRun run = NewRun(binding);
  const int bones = binding.skeleton().bone_count();
  std::vector<Mat4> skinning(static_cast<std::size_t>(bones)), model(static_cast<std::size_t>(bones));
  std::vector<float> curves(binding.program().curves.size());
  Pose local;
  TaskStateStorage state;
  AnimTaskList list;
  TaskSnapshot snapshot;
  bool warned = false;
  Progress progress("frame", range.last - range.first + 1);
  for (const CapturedFrame& captured : capture.frames) {
    if (captured.frame < range.first || captured.frame > range.last) continue;
    const std::string at = "frame " + std::to_string(captured.frame) + ": ";
    RestoreState(capture.assets, captured, state);
    RestoreList(captured.list, binding, &state, list);
    if (const std::vector<TaskListIssue> issues = ValidateTaskList(list); !issues.empty())
      throw InputError(at + "its list is malformed: " + FormatTaskListIssue(list, issues.front()),
                       kExitInvalidInput);
    DumpFrame frame;
    ExecuteTaskList(list,
                    ExecuteOutputs{.skinning = skinning,
                                   .model = model,
                                   .local_pose = &local,
                                   .root_motion = &frame.root_motion,
                                   .curves = curves},
                    &snapshot);
    const bool same = PoseResultHash(local) == PoseResultHash(captured.output.local_pose) &&
                      SkinningChecksum(skinning) == captured.output.skinning_checksum;
    if (!same && !warned) {
      spdlog::warn(
          "{}this build's executor does not reproduce the captured output; the tasks shown are "
          "what it decides now (anim-dump replay names where the two part)",
          at);
      warned = true;
    }
    ++run.frames_run;
    progress.Update(run.frames_run);

    frame.frame = captured.frame;
    frame.time = captured.time;
    frame.summary = snapshot;
    frame.summary.tasks.clear();
    frame.task_count = static_cast<int>(list.tasks.size());
    frame.active_bones = list.ActiveBones();
    frame.bone_count = bones;
    for (std::size_t i = 0; content.tasks && i < list.tasks.size(); ++i)
      frame.tasks.push_back(DescribeTask(list, i, snapshot, binding));
    frame.curves = curves;
    frame.params = captured.params;
    if (content.pose) {
      for (int b = 0; b < bones; ++b)
        frame.local_pose.push_back(local.Get(b));
      frame.model = model;
      frame.skinning = skinning;
    }
    if (captured.frame == range.last) {
      for (int b = 0; b < bones; ++b)
        run.final_pose.push_back(local.Get(b));
      run.final_skinning = skinning;
    }
    on_frame(run, frame);
  }
  return run;
}

}  // namespace anim::dump
