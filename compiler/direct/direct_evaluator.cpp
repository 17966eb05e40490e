#include "compiler/direct/direct_evaluator.h"

#include <algorithm>
#include <cmath>

#include "executor/kernels/pose_kernels.h"
#include "executor/ops/bone_ops.h"
#include "executor/ops/fabrik.h"
#include "executor/ops/foot_ik.h"
#include "executor/ops/look_at.h"
#include "executor/ops/two_bone_ik.h"
#include "executor/resolve/forward_kinematics.h"

namespace anim {
namespace {

using ir::Op;

float Bool(bool b) {
  return b ? 1.0f : 0.0f;
}

float SafeDiv(float a, float b) {
  return b == 0.0f ? 0.0f : a / b;
}

float SmoothstepOf(float e0, float e1, float x) {
  if (e0 == e1) return x < e0 ? 0.0f : 1.0f;
  const float t = std::clamp((x - e0) / (e1 - e0), 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

float RemapOf(float x, float in0, float in1, float out0, float out1) {
  if (in0 == in1) return out0;
  return out0 + (x - in0) / (in1 - in0) * (out1 - out0);
}

// Euler angles in degrees, applied X, then Y, then Z.
Quat FromEulerDegrees(Vec3 degrees) {
  constexpr float kRadians = 3.14159265358979f / 180.0f;
  const Quat qx = FromAxisAngle({1, 0, 0}, degrees.x * kRadians);
  const Quat qy = FromAxisAngle({0, 1, 0}, degrees.y * kRadians);
  const Quat qz = FromAxisAngle({0, 0, 1}, degrees.z * kRadians);
  return qz * qy * qx;
}

// Looping clocks wrap into [0, duration); play-once clocks clamp to [0, duration].
float NormalisedTime(float t, float duration, bool loop) {
  if (!(duration > 0.0f)) return 0.0f;
  if (!loop) return std::clamp(t, 0.0f, duration);
  t = std::fmod(t, duration);
  if (t < 0.0f) t += duration;
  return t < duration ? t : 0.0f;
}

int ScopeDepth(const ir::Graph& g, int scope) {
  int depth = 0;
  while (scope != 0) {
    scope = g.machines[g.scopes[scope].machine].scope;
    ++depth;
  }
  return depth;
}

}  // namespace

DirectEvaluator::DirectEvaluator(const ir::Graph& graph, const Skeleton& skeleton,
                                 std::span<const Clip* const> clips)
    : graph_(graph), skeleton_(skeleton), clips_(clips) {
  params_.resize(graph.params.size());
  for (std::size_t p = 0; p < graph.params.size(); ++p) {
    const ParamDesc& d = graph.params[p];
    SetParam(static_cast<int>(p), d.default_value[0], d.default_value[1], d.default_value[2]);
  }
  clocks_.resize(graph.clocks.size());
  clock_value_.assign(graph.clocks.size(), ir::kNoValue);
  for (std::size_t i = 0; i < graph.values.size(); ++i) {
    if (graph.values[i].op == Op::SampleClip)
      clock_value_[graph.values[i].index] = static_cast<ir::ValueId>(i);
  }
  for (std::size_t c = 0; c < clocks_.size(); ++c)
    clocks_[c].time = graph.clocks[c].start_time;
  scopes_.resize(graph.scopes.size());
  machines_.resize(graph.machines.size());
  for (std::size_t m = 0; m < machines_.size(); ++m) {
    machines_[m].current = graph.machines[m].initial_state;
    machine_order_.push_back(static_cast<int>(m));
  }
  std::stable_sort(machine_order_.begin(), machine_order_.end(), [&](int a, int b) {
    return ScopeDepth(graph, graph.machines[a].scope) < ScopeDepth(graph, graph.machines[b].scope);
  });
  snapshots_.resize(graph.snapshots.size());
  scalar_frame_.assign(graph.values.size(), 0);
  pose_frame_.assign(graph.values.size(), 0);
  scalars_.resize(graph.values.size());
  poses_.resize(graph.values.size());
  output_ = skeleton.bind_pose();
}

void DirectEvaluator::SetParam(int index, float x, float y, float z) {
  const ParamDesc& d = graph_.params[index];
  float v[3] = {x, y, z};
  for (float& f : v) {
    if (d.type == ParamType::Bool || d.type == ParamType::Trigger) f = Bool(f != 0.0f);
    if (d.type == ParamType::Int) f = std::nearbyint(f);
    if (d.has_range) f = std::clamp(f, d.min, d.max);
    if (d.type == ParamType::Int) f = std::nearbyint(f);  // a fractional range bound
  }
  params_[index] = {{v[0], v[1], v[2]}};
}

float DirectEvaluator::ClipProgress(int clock) const {
  const Clip* clip = clips_[graph_.clocks[clock].clip];
  const float duration = clip->duration();
  return duration > 0.0f ? clocks_[clock].time / duration : 0.0f;
}

bool DirectEvaluator::Entering(int scope) const {
  if (!scopes_[scope].now) return false;
  if (!scopes_[scope].prev || scopes_[scope].reentered) return true;
  return scope != 0 && Entering(graph_.machines[graph_.scopes[scope].machine].scope);
}

void DirectEvaluator::Frame(float delta_time) {
  ++frame_;
  delta_time_ = delta_time;
  for (ScopeState& s : scopes_) {
    s.prev = s.now;
    s.reentered = false;
  }
  if (!scopes_.empty()) scopes_[0].now = true;
  // Conditions read time in state and progress as the previous frame left them.
  for (std::size_t m = 0; m < machines_.size(); ++m) {
    MachineState& ms = machines_[m];
    const StateDesc& state = graph_.machines[m].states[ms.current];
    ms.time_at_frame_start = ms.time_in_state;
    ms.progress_at_frame_start =
        state.progress_clock != kNoOperand ? ClipProgress(state.progress_clock) : 0.0f;
  }
  for (int m : machine_order_)
    UpdateMachine(m, delta_time);
  AdvanceClocks(delta_time);

  const Pose& result = graph_.output != ir::kNoValue ? Evaluate(graph_.output) : skeleton_.bind_pose();
  const int n = skeleton_.bone_count();
  output_.Resize(n);
  reference::CopyPose(output_.view(), result.view(), n);
  output_.kind = result.kind;
  if (graph_.lock_root && graph_.root_bone != kNoOperand) {
    ApplyRootLock(output_.view(), skeleton_, graph_.bones[graph_.root_bone].index);
  }
  for (Snapshot& s : snapshots_) {
    if (!s.pending_written) continue;
    std::swap(s.pose, s.pending);
    s.saved = true;
    s.pending_written = false;
  }
  // Triggers a transition consumed read as false from the next frame on.
  for (std::size_t m = 0; m < machines_.size(); ++m) {
    const int fired = machines_[m].fired;
    if (fired < 0) continue;
    for (uint16_t p : graph_.machines[m].transitions[fired].desc.consumed_triggers)
      params_[p] = {};
  }
}

void DirectEvaluator::UpdateMachine(int m, float dt) {
  const ir::Machine& machine = graph_.machines[m];
  MachineState& ms = machines_[m];
  ms.fired = -1;
  ms.capture = false;
  if (scopes_[machine.scope].now) {
    const bool may_fire = !ms.blend_active || ms.interruptible;
    for (std::size_t t = 0; may_fire && t < machine.transitions.size(); ++t) {
      const TransitionDesc& d = machine.transitions[t].desc;
      if (d.from != kNoOperand && d.from != ms.current) continue;
      if (d.from == kNoOperand && d.to == ms.current) continue;
      if (Scalar(machine.transitions[t].condition) == 0.0f) continue;
      ms.fired = static_cast<int>(t);
      break;
    }
    if (ms.fired >= 0) {
      const TransitionDesc& d = machine.transitions[ms.fired].desc;
      ms.current = d.to;
      ms.time_in_state = 0.0f;
      ms.blend_active = true;
      ms.capture = true;
      ms.elapsed = 0.0f;
      ms.duration = d.duration;
      ms.mode = d.mode;
      ms.half_life = d.half_life;
      ms.interruptible = d.can_interrupt;
      scopes_[machine.states[d.to].scope].reentered = true;
    } else if (!Entering(machine.scope)) {  // a machine that starts running this frame stands still
      ms.time_in_state += dt;
      if (ms.blend_active) {
        ms.elapsed += dt;
        if (ms.elapsed >= ms.duration) ms.blend_active = false;
      }
    }
  }
  for (std::size_t s = 0; s < machine.states.size(); ++s) {
    scopes_[machine.states[s].scope].now = scopes_[machine.scope].now && static_cast<int>(s) == ms.current;
  }
}

void DirectEvaluator::AdvanceClocks(float dt) {
  for (std::size_t c = 0; c < clocks_.size(); ++c) {
    const ClockDesc& desc = graph_.clocks[c];
    float& time = clocks_[c].time;
    const float duration = clips_[desc.clip]->duration();
    if (!scopes_[desc.scope].now || Entering(desc.scope)) {
      time = NormalisedTime(desc.start_time, duration, desc.loop);  // winds back: a state replays on entry
      continue;
    }
    const float rate =
        clock_value_[c] != ir::kNoValue ? Scalar(graph_.values[clock_value_[c]].operands[0]) : 1.0f;
    time = NormalisedTime(time + rate * dt, duration, desc.loop);
  }
}

const DirectEvaluator::Triple& DirectEvaluator::Evaluate3(ir::ValueId id) {
  if (scalar_frame_[id] != frame_) {
    scalars_[id] = Compute3(graph_.values[id]);
    scalar_frame_[id] = frame_;
  }
  return scalars_[id];
}

DirectEvaluator::Triple DirectEvaluator::Compute3(const ir::Value& v) {
  auto arg = [&](int k) -> const Triple& { return Evaluate3(v.operands[k]); };
  auto each = [&](auto f) {
    Triple r;
    const int n = v.type == ir::Type::Vec3 ? 3 : 1;
    for (int c = 0; c < n; ++c)
      r.v[c] = f(c);
    return r;
  };
  // Component c of operand k: a scalar operand broadcasts to every component.
  auto comp = [&](int k, int c) {
    return graph_.values[v.operands[k]].type == ir::Type::Vec3 ? arg(k).v[c] : arg(k).v[0];
  };
  switch (v.op) {
    case Op::Const:
      return {{v.constant[0], v.constant[1], v.constant[2]}};
    case Op::Param:
      return params_[v.index];
    case Op::TimeInState:
      return {{machines_[v.index].time_at_frame_start, 0, 0}};
    case Op::StateProgress:
      return {{machines_[v.index].progress_at_frame_start, 0, 0}};
    case Op::Neg:
      return each([&](int c) { return -comp(0, c); });
    case Op::Not:
      return {{Bool(comp(0, 0) == 0.0f), 0, 0}};
    case Op::Abs:
      return each([&](int c) { return std::fabs(comp(0, c)); });
    case Op::Sin:
      return {{std::sin(comp(0, 0)), 0, 0}};
    case Op::Cos:
      return {{std::cos(comp(0, 0)), 0, 0}};
    case Op::Add:
      return each([&](int c) { return comp(0, c) + comp(1, c); });
    case Op::Sub:
      return each([&](int c) { return comp(0, c) - comp(1, c); });
    case Op::Mul:
      return each([&](int c) { return comp(0, c) * comp(1, c); });
    case Op::Div:
      return each([&](int c) { return SafeDiv(comp(0, c), comp(1, c)); });
    case Op::Min:
      return each([&](int c) { return std::min(comp(0, c), comp(1, c)); });
    case Op::Max:
      return each([&](int c) { return std::max(comp(0, c), comp(1, c)); });
    case Op::Less:
      return {{Bool(comp(0, 0) < comp(1, 0)), 0, 0}};
    case Op::LessEqual:
      return {{Bool(comp(0, 0) <= comp(1, 0)), 0, 0}};
    case Op::Greater:
      return {{Bool(comp(0, 0) > comp(1, 0)), 0, 0}};
    case Op::GreaterEqual:
      return {{Bool(comp(0, 0) >= comp(1, 0)), 0, 0}};
    case Op::Equal:
      return {{Bool(comp(0, 0) == comp(1, 0)), 0, 0}};
    case Op::NotEqual:
      return {{Bool(comp(0, 0) != comp(1, 0)), 0, 0}};
    case Op::And:
      return {{Bool(comp(0, 0) != 0.0f && comp(1, 0) != 0.0f), 0, 0}};
    case Op::Or:
      return {{Bool(comp(0, 0) != 0.0f || comp(1, 0) != 0.0f), 0, 0}};
    case Op::Clamp:
      return each([&](int c) { return std::min(std::max(comp(0, c), comp(1, c)), comp(2, c)); });
    case Op::Lerp:
      return each([&](int c) { return comp(0, c) + (comp(1, c) - comp(0, c)) * comp(2, c); });
    case Op::Smoothstep:
      return {{SmoothstepOf(comp(0, 0), comp(1, 0), comp(2, 0)), 0, 0}};
    case Op::Remap:
      return {{RemapOf(comp(0, 0), comp(1, 0), comp(2, 0), comp(3, 0), comp(4, 0)), 0, 0}};
    case Op::MakeVec3:
      return {{comp(0, 0), comp(1, 0), comp(2, 0)}};
    default:
      return {};  // pose values have no scalar result
  }
}

const Pose* DirectEvaluator::PoseOf(ir::ValueId value) const {
  return value >= 0 && static_cast<std::size_t>(value) < poses_.size() && pose_frame_[value] == frame_
             ? &poses_[value]
             : nullptr;
}

const Pose& DirectEvaluator::Evaluate(ir::ValueId id) {
  if (pose_frame_[id] != frame_) {
    Pose& out = poses_[id];
    out.Resize(skeleton_.bone_count());
    Compute(graph_.values[id], out);
    pose_frame_[id] = frame_;
  }
  return poses_[id];
}

void DirectEvaluator::CopyInput(ir::ValueId input, Pose& out) {
  const Pose& in = Evaluate(input);
  reference::CopyPose(out.view(), in.view(), skeleton_.bone_count());
  out.kind = in.kind;
}

void DirectEvaluator::Compute(const ir::Value& v, Pose& out) {
  const int n = skeleton_.bone_count();
  const int16_t* parents = skeleton_.parents().data();
  const auto& ops = v.operands;
  out.kind = PoseKind::Absolute;
  switch (v.op) {
    case Op::ReferencePose:
      reference::CopyPose(out.view(), skeleton_.bind_pose().view(), n);
      return;
    case Op::SampleClip:
      reference::SampleClip(out.view(), *clips_[graph_.clocks[v.index].clip], clocks_[v.index].time, n);
      return;
    case Op::Blend: {
      const Pose& a = Evaluate(ops[0]);
      reference::BlendPoses(out.view(), a.view(), Evaluate(ops[1]).view(), Scalar(ops[2]), n);
      out.kind = a.kind;
      return;
    }
    case Op::BlendMasked: {
      const Pose& a = Evaluate(ops[0]);
      reference::BlendPosesMasked(out.view(), a.view(), Evaluate(ops[1]).view(),
                                  graph_.masks[v.index].weights.data(), Scalar(ops[2]), n);
      out.kind = a.kind;
      return;
    }
    case Op::MakeAdditive: {
      const Pose& source = Evaluate(ops[0]);
      const Pose& base = ops.size() > 1 ? Evaluate(ops[1]) : skeleton_.bind_pose();
      if (v.flags == 1) {
        reference::MakeAdditiveMesh(out.view(), source.view(), base.view(), parents, n);
        out.kind = PoseKind::AdditiveMesh;
      } else {
        reference::MakeAdditiveLocal(out.view(), source.view(), base.view(), n);
        out.kind = PoseKind::AdditiveLocal;
      }
      return;
    }
    case Op::ApplyAdditive: {
      const Pose& base = Evaluate(ops[0]);
      const Pose& additive = Evaluate(ops[1]);
      const float alpha = Scalar(ops[2]);
      if (additive.kind == PoseKind::AdditiveMesh) {
        reference::ApplyAdditiveMesh(out.view(), base.view(), additive.view(), alpha, parents, n);
      } else if (additive.kind == PoseKind::AdditiveLocal) {
        reference::ApplyAdditiveLocal(out.view(), base.view(), additive.view(), alpha, n);
      } else {
        reference::CopyPose(out.view(), base.view(), n);
      }
      out.kind = base.kind;
      return;
    }
    case Op::StateMachine: {
      MachineState& ms = machines_[v.index];
      CopyInput(ops[ms.current], out);  // only the current state is evaluated
      if (ms.mode == BlendMode::DeadBlend) {
        ApplyDeadBlend(ms.seam, out.view(), n, ms.capture, ms.elapsed, ms.duration, ms.half_life,
                       delta_time_);
      } else {
        ApplyInertialization(ms.seam, out.view(), n, ms.capture, ms.elapsed, ms.duration, delta_time_);
      }
      return;
    }
    case Op::SaveSnapshot: {
      CopyInput(ops[0], out);
      Snapshot& s = snapshots_[v.index];
      s.pending.Resize(n);
      reference::CopyPose(s.pending.view(), out.view(), n);
      s.pending.kind = out.kind;
      s.pending_written = true;
      return;
    }
    case Op::LoadSnapshot: {
      const Snapshot& s = snapshots_[v.index];
      reference::CopyPose(out.view(), (s.saved ? s.pose : skeleton_.bind_pose()).view(), n);
      out.kind = s.saved ? s.pose.kind : PoseKind::Absolute;
      return;
    }
    case Op::BoneTransform:
      CopyInput(ops[0], out);
      ApplyBoneTransform(out.view(), skeleton_, n, Bone(v, 0), static_cast<BoneSpace>(v.flags & 1),
                         static_cast<BoneOpMode>(v.flags >> 1),
                         Transform{Vector(ops[1]), FromEulerDegrees(Vector(ops[2])), Vector(ops[3])},
                         Scalar(ops[4]));
      return;
    case Op::TranslateBone:
      CopyInput(ops[0], out);
      TranslateBone(out.view(), skeleton_, n, Bone(v, 0), Vector(ops[1]), Scalar(ops[2]));
      return;
    case Op::TwoBoneIK: {
      CopyInput(ops[0], out);
      const Vec3 pole = Vector(ops[2]);
      SolveTwoBoneIK(out.view(), skeleton_, n, Bone(v, 0), Bone(v, 1), Bone(v, 2), Vector(ops[1]),
                     v.flags != 0 ? &pole : nullptr, Scalar(ops[3]));
      return;
    }
    case Op::Fabrik:
      CopyInput(ops[0], out);
      SolveFabrik(out.view(), skeleton_, n, Bone(v, 0), Bone(v, 1), Vector(ops[1]), v.iterations,
                  v.constant[0], Scalar(ops[2]));
      return;
    case Op::LookAt:
      CopyInput(ops[0], out);
      SolveLookAt(out.view(), skeleton_, n, Bone(v, 0), Vector(ops[1]), Vector(ops[2]), Scalar(ops[3]),
                  Scalar(ops[4]));
      return;
    case Op::FootIK:
      CopyInput(ops[0], out);
      SolveFootIK(out.view(), skeleton_, n, Bone(v, 0), Bone(v, 1), Bone(v, 2),
                  FootGround{Scalar(ops[1]), Vector(ops[2]), v.constant[0], v.constant[1]}, Scalar(ops[3]));
      return;
    default:
      reference::CopyPose(out.view(), skeleton_.bind_pose().view(),
                          n);  // a scalar where a pose belongs: caught
      return;                  // by the IR verifier before this
  }
}

void DirectEvaluator::ModelMatrices(std::span<Mat4> out) const {
  LocalToModel(skeleton_, output_.view(), out.data());
}

void DirectEvaluator::SkinningMatrices(std::span<Mat4> out) const {
  std::vector<Mat4> model(skeleton_.bone_count());
  LocalToModel(skeleton_, output_.view(), model.data());
  ModelToSkinning(skeleton_, model.data(), out.data());
}

}  // namespace anim
