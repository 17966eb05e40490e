#include "vm/capture/capture_replay.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "executor/tasks/execute_task_list.h"
#include "executor/tasks/task_list_validator.h"
#include "vm/capture/captured_lists.h"

namespace anim {
namespace {

std::string Hex(uint64_t v) {
  char text[19];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(v));
  return text;
}

// Three significant digits: a last-bit difference reads 3.73e-09, not 0.000000.
std::string Difference(float by) {
  char text[32];
  const std::to_chars_result end = std::to_chars(text, text + sizeof text, by, std::chars_format::general, 3);
  return std::string(text, end.ptr);
}

bool SameBits(const Transform& a, const Transform& b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// The first bone whose transform differs bit for bit, -1 when none; `by` gets the largest component
// difference of that bone.
int FirstDifferentBone(const Pose& a, const Pose& b, float& by) {
  for (int bone = 0; bone < a.bone_count() && bone < b.bone_count(); ++bone) {
    const Transform x = a.Get(bone), y = b.Get(bone);
    if (SameBits(x, y)) continue;
    const float fx[10] = {x.translation.x, x.translation.y, x.translation.z, x.rotation.x, x.rotation.y,
                          x.rotation.z,    x.rotation.w,    x.scale.x,       x.scale.y,    x.scale.z};
    const float fy[10] = {y.translation.x, y.translation.y, y.translation.z, y.rotation.x, y.rotation.y,
                          y.rotation.z,    y.rotation.w,    y.scale.x,       y.scale.y,    y.scale.z};
    by = 0.0f;
    for (int i = 0; i < 10; ++i)
      by = std::fmax(by, std::fabs(fx[i] - fy[i]));
    return bone;
  }
  return -1;
}

// The first executed task, in execution order, whose result hash differs from the captured one.
int FirstDifferentTask(const std::vector<uint64_t>& captured, const std::vector<uint64_t>& replayed,
                       const TaskSnapshot& snapshot) {
  int first = -1, first_order = 0;
  for (std::size_t i = 0; i < snapshot.tasks.size() && i < captured.size() && i < replayed.size(); ++i) {
    const int order = snapshot.tasks[i].exec_order;
    if (order < 0 && captured[i] == 0) continue;
    if (captured[i] != replayed[i] && (first < 0 || order < first_order)) {
      first = static_cast<int>(i);
      first_order = order;
    }
  }
  return first;
}

}  // namespace

std::string CheckCaptureAssets(const AnimCapture& capture, const ProgramBinding& binding) {
  const CaptureAssets& a = capture.assets;
  const Skeleton& skeleton = binding.skeleton();
  if (a.skeleton_hash != skeleton.content_hash() || a.bone_count != skeleton.bone_count())
    return "the capture was recorded with another skeleton (content hash " + Hex(a.skeleton_hash) + ", " +
           std::to_string(a.bone_count) + " bones; this one is " + Hex(skeleton.content_hash()) + ", " +
           std::to_string(skeleton.bone_count()) + " bones)";
  const std::span<const Clip* const> clips = binding.clips();
  if (a.clips.size() != clips.size())
    return "the capture names " + std::to_string(a.clips.size()) + " clips, the graph binds " +
           std::to_string(clips.size());
  for (std::size_t i = 0; i < clips.size(); ++i) {
    const uint64_t hash = clips[i] ? clips[i]->content_hash() : 0;
    if (hash != a.clips[i].content_hash)
      return "clip '" + a.clips[i].name +
             "' differs from the one the capture was recorded with (content hash " + Hex(hash) +
             ", the capture names " + Hex(a.clips[i].content_hash) + ")";
  }
  const Program& program = binding.program();
  if (a.graph_hash != program.graph_hash)
    return "the capture was recorded with another program (graph hash " + Hex(a.graph_hash) +
           ", this one is " + Hex(program.graph_hash) + ")";
  if (a.curve_count != static_cast<int>(program.curves.size()) ||
      a.blend_slots != static_cast<int>(program.machines.size()) ||
      a.snapshot_slots != static_cast<int>(program.snapshots.size()))
    return "the capture's curve and state tables do not match the program's";
  return {};
}

ReplayOutcome ReplayCapture(const AnimCapture& capture, const ProgramBinding& binding) {
  ReplayOutcome outcome;
  outcome.message = CheckCaptureAssets(capture, binding);
  if (!outcome.message.empty()) return outcome;

  const auto bones = static_cast<std::size_t>(binding.skeleton().bone_count());
  std::vector<Mat4> skinning(bones);
  Pose local;
  TaskStateStorage state, before;
  AnimTaskList list;
  TaskSnapshot snapshot;
  for (std::size_t i = 0; i < capture.frames.size(); ++i) {
    const CapturedFrame& frame = capture.frames[i];
    outcome.frames = static_cast<int>(i) + 1;
    outcome.frame_index = static_cast<int>(i);
    outcome.frame = frame.frame;
    const std::string at = "frame " + std::to_string(frame.frame) + ": ";
    RestoreState(capture.assets, frame, state);
    RestoreList(frame.list, binding, &state, list);
    if (const std::vector<TaskListIssue> issues = ValidateTaskList(list); !issues.empty()) {
      outcome.message = at + "its list is malformed: " + FormatTaskListIssue(list, issues.front());
      return outcome;
    }
    before = state;
    Transform root_motion;
    ExecuteTaskList(list, ExecuteOutputs{skinning, {}, {}, &local, &root_motion}, &snapshot);

    const CapturedOutput& want = frame.output;
    float by = 0.0f;
    const int bone = FirstDifferentBone(want.local_pose, local, by);
    const bool curves_same = local.curve_count() == want.local_pose.curve_count() &&
                             std::memcmp(local.curves(), want.local_pose.curves(),
                                         sizeof(float) * static_cast<std::size_t>(local.curve_count())) == 0;
    const bool same = bone < 0 && curves_same && local.kind == want.local_pose.kind &&
                      SameBits(root_motion, want.root_motion) &&
                      SkinningChecksum(skinning) == want.skinning_checksum;
    if (same) continue;

    outcome.bone = bone;
    outcome.task = FirstDifferentTask(want.task_results, TaskResultHashes(list, before, snapshot), snapshot);
    std::string what =
        bone >= 0 ? "bone " + std::to_string(bone) + " '" + binding.skeleton().bone_name(bone) +
                        "' differs by up to " + Difference(by)
        : !curves_same                             ? std::string("the curves differ")
        : !SameBits(root_motion, want.root_motion) ? std::string("the root motion differs")
                                                   : std::string("the skinning matrices differ");
    if (outcome.task >= 0) {
      const AnimTask& task = list.tasks[static_cast<std::size_t>(outcome.task)];
      what = "task " + std::to_string(outcome.task) + " (" + AnimTaskTypeName(task.type) +
             ") is the first to differ; " + what;
    }
    outcome.message = at + "diverges: " + what;
    return outcome;
  }
  outcome.identical = true;
  outcome.frame_index = outcome.frame = -1;
  outcome.message = "identical: " + std::to_string(capture.frames.size()) +
                    (capture.frames.size() == 1 ? " frame" : " frames");
  return outcome;
}

}  // namespace anim
