#include "vm/capture/frame_recorder.h"

#include <algorithm>

#include "executor/tasks/task_snapshot.h"
#include "vm/build_tasks.h"
#include "vm/capture/captured_lists.h"

namespace anim {

CaptureAssets CaptureAssetsOf(const ProgramBinding& binding, const AnimInstance& instance,
                              std::string graph) {
  CaptureAssets assets;
  assets.graph = std::move(graph);
  assets.graph_hash = binding.program().graph_hash;
  assets.skeleton_hash = binding.skeleton().content_hash();
  assets.bone_count = binding.skeleton().bone_count();
  assets.curve_count = static_cast<int>(binding.program().curves.size());
  for (const ParamDesc& param : binding.program().params)
    assets.params.push_back(param.name);
  for (const Clip* clip : binding.clips())
    assets.clips.push_back({clip ? clip->name() : std::string(), clip ? clip->content_hash() : 0});
  assets.blend_slots = static_cast<int>(instance.task_state.blends.size());
  assets.snapshot_slots = static_cast<int>(instance.task_state.snapshots.size());
  return assets;
}

FrameRecorder::FrameRecorder(const ProgramBinding& binding, const AnimInstance& instance, std::string graph)
    : binding_(binding) {
  capture_.assets = CaptureAssetsOf(binding, instance, std::move(graph));
}

void FrameRecorder::RunFrame(AnimInstance& instance, float dt, AnimTaskList& list,
                             const ExecuteOutputs& outputs, int frame) {
  if (armed_ == 0) {
    BuildTasks(binding_, instance, dt, list);
    ExecuteTaskList(list, outputs);
    return;
  }
  --armed_;
  CapturedFrame& captured = capture_.frames.emplace_back();
  captured.frame = frame;
  captured.time = static_cast<float>(frame) * dt;
  captured.delta_time = dt;
  captured.params = instance.param_values;  // before the frame's transitions consume triggers
  BuildTasks(binding_, instance, dt, list);
  captured.list = CaptureList(list);
  CaptureSlotsRead(list, instance.task_state, captured);
  const TaskStateStorage before = instance.task_state;

  // The frame itself, into the caller's outputs, with the pose and skinning a capture keeps.
  ExecuteOutputs out = outputs;
  if (out.local_pose == nullptr) out.local_pose = &local_;
  Transform root_motion;
  if (out.root_motion == nullptr) out.root_motion = &root_motion;
  if (out.skinning.empty()) {
    skinning_.resize(static_cast<std::size_t>(binding_.skeleton().bone_count()));
    out.skinning = skinning_;
  }
  TaskSnapshot snapshot;
  ExecuteTaskList(list, out, &snapshot);
  captured.output.local_pose = *out.local_pose;
  captured.output.root_motion = *out.root_motion;
  captured.output.skinning_checksum = SkinningChecksum(out.skinning);
  captured.output.task_results = TaskResultHashes(list, before, snapshot);
}

AnimCapture RecordScenario(const ProgramBinding& binding, AnimInstance& instance, const Scenario& scenario,
                           int first, int last, std::string graph,
                           const std::function<void(int frame)>& on_frame) {
  FrameRecorder recorder(binding, instance, std::move(graph));
  AnimTaskList list;
  Pose local;
  ScenarioPlayer player(scenario);
  const int end = std::min(last + 1, scenario.frame_count);
  for (int frame = 0; frame < end; ++frame) {
    if (frame == std::max(first, 0)) recorder.Arm(end - frame);
    player.ApplyBeforeFrame(frame, instance);
    Transform root_motion;
    recorder.RunFrame(instance, scenario.delta_time, list,
                      ExecuteOutputs{.local_pose = &local, .root_motion = &root_motion}, frame);
    instance.AccumulateRootMotion(root_motion);
    if (on_frame) on_frame(frame);
  }
  return recorder.capture();
}

}  // namespace anim
