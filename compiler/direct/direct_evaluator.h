// Direct evaluation: an independent reference path for a graph's output pose, computed the way an
// update/evaluate tree walk does it, straight from the compiler's IR. It shares no code with the
// bytecode, the VM, the recorder, reachability, the pose pool or the SIMD kernels: an update over
// the whole graph (parameters, transitions, clocks, exactly as docs/semantics.md says), then an
// evaluation from the output down that computes each pose immediately into a buffer of its own and
// descends only into the current state of each state machine. It uses the scalar reference
// kernels and the same maths primitives (executor/ops), and keeps its own state for stateful
// nodes, so a frame sequence can be compared with the task path step by step.
#pragma once

#include <span>
#include <vector>

#include "compiler/ir/ir.h"
#include "executor/math/mat4.h"
#include "executor/ops/transition_blend.h"
#include "executor/pose/clip.h"
#include "executor/pose/pose.h"
#include "executor/pose/skeleton.h"

namespace anim {

class DirectEvaluator {
 public:
  // `clips` is indexed like graph.clips; everything must outlive the evaluator.
  DirectEvaluator(const ir::Graph& graph, const Skeleton& skeleton, std::span<const Clip* const> clips);

  // Parameters, as the scenario sets them between frames. Values are clamped into the parameter's
  // range; bools and triggers read as 0 or 1.
  void SetParam(int index, float x, float y = 0.0f, float z = 0.0f);
  float Param(int index, int component = 0) const { return params_[index].v[component]; }

  // Runs one frame of `delta_time` seconds: update, then evaluation from the output.
  void Frame(float delta_time);

  // The last frame's output: local pose (after the root lock) and matrices, per bone.
  const Pose& local_pose() const { return output_; }
  void ModelMatrices(std::span<Mat4> out) const;
  void SkinningMatrices(std::span<Mat4> out) const;

  // A pose value's result in the last frame, or null when the evaluation did not reach it.
  const Pose* PoseOf(ir::ValueId value) const;
  int CurrentState(int machine) const { return machines_[machine].current; }
  // Whether a machine's transition fired in the last frame, and which (-1 none).
  int FiredTransition(int machine) const { return machines_[machine].fired; }

 private:
  struct ParamValue {
    float v[3] = {0, 0, 0};
  };
  using Triple = ParamValue;
  struct ClockState {
    float time = 0.0f;
  };
  struct MachineState {
    int current = 0;
    float time_in_state = 0.0f;
    float progress_at_frame_start = 0.0f;
    float time_at_frame_start = 0.0f;
    bool blend_active = false;
    bool capture = false;
    int fired = -1;
    float elapsed = 0.0f;
    float duration = 0.0f;
    float half_life = 0.0f;
    BlendMode mode = BlendMode::Inertialize;
    bool interruptible = false;
    TransitionBlendState seam;
  };
  struct ScopeState {
    bool now = false;
    bool prev = false;
    bool reentered = false;  // entered by a transition this frame, even into the same state
  };

  void UpdateMachine(int machine, float dt);
  void UpdateScopes();
  void AdvanceClocks(float dt);
  bool Entering(int scope) const;

  float Scalar(ir::ValueId id) { return Evaluate3(id).v[0]; }
  Vec3 Vector(ir::ValueId id) {
    const Triple& t = Evaluate3(id);
    return {t.v[0], t.v[1], t.v[2]};
  }
  const Triple& Evaluate3(ir::ValueId id);
  Triple Compute3(const ir::Value& v);
  const Pose& Evaluate(ir::ValueId id);
  void Compute(const ir::Value& v, Pose& out);
  void CopyInput(ir::ValueId input, Pose& out);
  int Bone(const ir::Value& v, int k) const { return graph_.bones[v.bones[k]].index; }
  float ClipProgress(int clock) const;

  const ir::Graph& graph_;
  const Skeleton& skeleton_;
  std::span<const Clip* const> clips_;
  std::vector<ParamValue> params_;
  std::vector<ClockState> clocks_;
  std::vector<ScopeState> scopes_;
  std::vector<MachineState> machines_;
  std::vector<int> machine_order_;  // enclosing machines before the machines nested in their states

  // Per-frame memo: scalar results and pose results of the values reached this frame.
  uint32_t frame_ = 0;
  std::vector<uint32_t> scalar_frame_, pose_frame_;
  std::vector<ParamValue> scalars_;
  std::vector<Pose> poses_;
  struct Snapshot {
    Pose pose, pending;
    bool saved = false, pending_written = false;
  };
  std::vector<Snapshot> snapshots_;
  std::vector<ir::ValueId> clock_value_;  // the SampleClip value of each clock
  Pose output_;
  float delta_time_ = 0.0f;
};

}  // namespace anim
