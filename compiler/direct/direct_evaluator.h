// Direct evaluation: an independent reference path for a graph's output pose, computed the way an
// update/evaluate tree walk does it, straight from the front end's IR. A frame is an update of the
// whole graph (parameters, transitions, clocks, exactly as docs/semantics.md says), then an
// evaluation from the output that computes each pose at once into a pose of its own and descends
// only into the current state of each state machine.
//
// It shares with the task path only data types (Skeleton, Clip, Pose, Transform as read-only data),
// asset loading and the IR: no bytecode, VM, recorder, reachability, pool, kernel, resolve or op
// code. Its pose maths is its own, in double precision (compiler/direct/direct_*.h), so a fault in
// the task path's maths cannot cancel out. Scalar logic (expressions, clocks, machines) is float,
// as docs/semantics.md defines it, so both paths take the same decisions. Nothing here recurses on
// the graph's shape: the update and the evaluation are linear sweeps over the IR's values.
#pragma once

#include <span>
#include <vector>

#include "compiler/direct/direct_blend_space.h"
#include "compiler/direct/direct_events.h"
#include "compiler/direct/direct_pose.h"
#include "compiler/direct/direct_transitions.h"
#include "compiler/ir/ir.h"

namespace anim {

class DirectEvaluator {
 public:
  // `clips` is indexed like graph.clips; everything must outlive the evaluator.
  DirectEvaluator(const ir::Graph& graph, const Skeleton& skeleton, std::span<const Clip* const> clips);

  // Parameters, as the scenario sets them between frames: clamped into the parameter's range, ints
  // rounded, bools and triggers 0 or 1; a non-finite value changes nothing (docs/semantics.md).
  void SetParam(int index, float x, float y = 0.0f, float z = 0.0f);
  float Param(int index, int component = 0) const { return params_[index].v[component]; }

  // The skeleton LOD cut from the next frame on: sampling, blending and ops touch bones
  // [0, count), the rest keep the bind pose; 0 (or any count past the skeleton) is every bone.
  void SetActiveBoneCount(int count) { active_bone_count_ = count; }

  // Runs one frame of `delta_time` seconds (negative or non-finite counts as 0).
  void Frame(float delta_time);

  // The last frame's output: local pose (after the root lock, with its curves), model-space and
  // skinning matrices.
  const direct::DPose& local_pose() const { return output_; }
  const std::vector<direct::DMat4>& model_matrices() const { return model_; }
  const std::vector<direct::DMat4>& skinning_matrices() const { return skinning_; }
  // The last frame's root motion, and every frame's composed in order (docs/semantics.md).
  const direct::DTransform& root_motion() const { return root_motion_; }
  const direct::DTransform& root() const { return root_; }

  // A pose value's result in the last frame, or null when the evaluation did not reach it.
  const direct::DPose* PoseOf(ir::ValueId value) const;
  int CurrentState(int machine) const { return machines_[machine].current; }
  // Whether a machine's transition fired in the last frame, and which (-1 none).
  int FiredTransition(int machine) const { return machines_[machine].fired; }
  // The events the last frame fired, in order (docs/semantics.md, "Events").
  const std::vector<direct::Event>& events() const { return events_; }

  const direct::DSkeleton& skeleton() const { return skeleton_; }

 private:
  struct ParamValue {
    float v[3] = {0, 0, 0};
  };
  struct MachineState {
    int current = 0;
    float time_in_state = 0.0f;
    float latched_time = 0.0f, latched_progress = 0.0f;  // what conditions read this frame
    int fired = -1;
    int left = -1;                // when a transition fired: the state it left
    bool blend_finished = false;  // the blend ended this frame
    bool blend_active = false;
    float elapsed = 0.0f, duration = 0.0f, half_life = 0.0f;
    BlendMode mode = BlendMode::Inertialize;
    BlendCurve curve = BlendCurve::Linear;
    bool interruptible = true;
    int fade_from = -1;  // the state a crossfade leaves, still running; -1 for none or a frozen source
    direct::SeamState seam;
  };
  struct ScopeState {
    bool now = false, prev = false, entering = false;
    float time = 0.0f;  // a state's: seconds since it was entered; 0 while it is not running
    float latched_time = 0.0f, latched_progress = 0.0f;  // what expressions in it read this frame
  };
  // A damp or spring value's state.
  struct Smoother {
    float value = 0.0f, velocity = 0.0f;
    bool primed = false;
  };
  // A sync group as the last frame left it.
  struct SyncGroup {
    std::vector<std::size_t> clocks;  // its members, in clock order
    bool playing = false;
    int leader = -1;  // the clock that led, at `time`
    float time = 0.0f;
  };
  struct Snapshot {
    direct::DPose pose, pending;
    bool saved = false, pending_written = false;
  };

  void ComputeScalars();
  float Smooth(ir::Op op, Smoother& s, float target, float half_life) const;
  float Progress(uint16_t clock) const;
  void UpdateMachine(int machine, float dt);
  void AdvanceClocks(float dt);
  void FireEvents();
  std::vector<float> PoseWeights() const;
  void UpdateSyncGroups(float dt);
  void EvaluatePoses(int count);
  void Compute(const ir::Value& v, direct::DPose& out, int count);
  void ComputeBones(const ir::Value& v, direct::DPose& out, int count);
  int MotionBone(const ir::Value& v) const;
  direct::DTransform MotionOf(const ir::Value& v) const;
  const direct::DPose& Input(ir::ValueId id) const { return poses_[id]; }
  float Scalar(ir::ValueId id) const { return scalars_[id].v[0]; }
  direct::DVec3 Vector(ir::ValueId id) const {
    return {scalars_[id].v[0], scalars_[id].v[1], scalars_[id].v[2]};
  }
  int Bone(const ir::Value& v, int k) const { return graph_.bones[v.bones[k]].index; }
  float ClipDuration(int clock) const;

  const ir::Graph& graph_;
  direct::DSkeleton skeleton_;
  std::span<const Clip* const> clips_;
  std::vector<ParamValue> params_;
  std::vector<float> clock_times_;
  // How each clock moved this frame, for root motion: from where, and its passes past the clip's
  // end (positive) or start (negative).
  struct ClockMove {
    float from = 0.0f, passes = 0.0f;
    float direction = 0.0f;  // 1 forward, -1 backward, 0 still: the way its events are passed
  };
  std::vector<ClockMove> clock_moves_;
  std::vector<ir::ValueId> clock_value_;  // the SampleClip value of each clock, or kNoValue
  // Per graph clip, where each of its curves goes in a pose (index into graph.curves, or -1).
  std::vector<std::vector<int>> clip_curves_;
  std::vector<ScopeState> scopes_;
  std::vector<MachineState> machines_;
  std::vector<int> machine_order_;  // a machine after the machine its scope is a state of
  std::vector<direct::DirectBlendSpace> blend_spaces_;
  std::vector<SyncGroup> sync_groups_;
  std::vector<Smoother> smoothers_;  // by value: damp and spring keep theirs from frame to frame
  int active_bone_count_ = 0;

  // This frame's results: every scalar value, and the pose values the evaluation reached.
  std::vector<ParamValue> scalars_;
  std::vector<uint8_t> reached_;
  std::vector<direct::DPose> poses_;
  std::vector<Snapshot> snapshots_;
  direct::DPose output_;
  direct::DTransform root_motion_, root_;
  std::vector<direct::Event> events_;
  std::vector<direct::DMat4> model_, skinning_;
  float delta_time_ = 0.0f;
};

}  // namespace anim
