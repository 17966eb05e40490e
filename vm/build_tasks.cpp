#include "vm/build_tasks.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "vm/events.h"
#include "vm/frame_logic.h"
#include "vm/sync_groups.h"
#include "vm/task_weights.h"

namespace anim {
namespace {

// Euler angles in degrees, applied X, then Y, then Z.
Quat EulerDegrees(float x, float y, float z) {
  constexpr float kRad = std::numbers::pi_v<float> / 180.0f;
  return FromAxisAngle({0.0f, 0.0f, 1.0f}, z * kRad) * FromAxisAngle({0.0f, 1.0f, 0.0f}, y * kRad) *
         FromAxisAngle({1.0f, 0.0f, 0.0f}, x * kRad);
}

float Bool(bool b) {
  return b ? 1.0f : 0.0f;
}

float Smoothstep(float e0, float e1, float x) {
  if (e0 == e1) return x < e0 ? 0.0f : 1.0f;
  const float t = std::clamp((x - e0) / (e1 - e0), 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

float Remap(float x, float in0, float in1, float out0, float out1) {
  if (in0 == in1) return out0;
  return out0 + (x - in0) / (in1 - in0) * (out1 - out0);
}

// Records one frame. Pose registers map to the task that last wrote them this frame.
class Recorder {
 public:
  Recorder(const ProgramBinding& binding, AnimInstance& instance, float dt, AnimTaskList& out,
           int16_t* pose_tasks)
      : b_(binding),
        p_(binding.program()),
        in_(instance),
        dt_(dt),
        out_(out),
        tasks_(out.tasks),
        scalars_(instance.scalars.data()),
        constants_(p_.constants.data()),
        pose_tasks_(pose_tasks),
        next_task_(static_cast<int16_t>(out.tasks.size())) {}

  void Run() {
    const uint16_t* code = p_.code.data();
    for (const BoundInstruction& instruction : b_.instructions()) {
      node_ = instruction.node;
      Execute(instruction.opcode, code + instruction.operands);
    }
  }

 private:
  float S(uint16_t reg) const { return scalars_[reg]; }
  Vec3 V(const uint16_t* regs) const { return {S(regs[0]), S(regs[1]), S(regs[2])}; }
  // Results that are not finite (an overflowing product) read as 0: a graph never yields inf or NaN.
  void Set(uint16_t reg, float v) { scalars_[reg] = std::isfinite(v) ? v : 0.0f; }

  // Appends a task of `type` writing pose register `reg`, built in place in the list. Dependencies
  // are resolved before: resolving one may record a bind pose first.
  AnimTask& Record(AnimTaskType type, uint16_t reg, int16_t dep_a = AnimTask::NoTask,
                   int16_t dep_b = AnimTask::NoTask) {
    pose_tasks_[reg] = next_task_++;
    AnimTask& task = tasks_.emplace_back();
    task.type = type;
    task.dep_a = dep_a;
    task.dep_b = dep_b;
    task.source_node = node_;
    return task;
  }
  // The task producing `reg` this frame; a register not written yet reads as the bind pose.
  int16_t PoseTask(uint16_t reg) {
    if (pose_tasks_[reg] == AnimTask::NoTask) Record(AnimTaskType::ReferencePose, reg);
    return pose_tasks_[reg];
  }
  // A task reading pose register `source` (and `second`, resolved in that order).
  AnimTask& RecordOn(AnimTaskType type, uint16_t reg, uint16_t source) {
    const int16_t dep_a = PoseTask(source);
    return Record(type, reg, dep_a);
  }
  AnimTask& RecordOn(AnimTaskType type, uint16_t reg, uint16_t source, uint16_t second) {
    const int16_t dep_a = PoseTask(source);
    const int16_t dep_b = PoseTask(second);
    return Record(type, reg, dep_a, dep_b);
  }

  void Execute(Opcode op, const uint16_t* o) {
    switch (op) {
      case Opcode::Nop:
        return;
      case Opcode::LoadConst:
        return Set(o[0], constants_[o[1]]);
      case Opcode::LoadParam:
        return Set(o[0], in_.param_value(o[1], o[2]));
      case Opcode::Move:
        return Set(o[0], S(o[1]));
      case Opcode::Neg:
        return Set(o[0], -S(o[1]));
      case Opcode::Not:
        return Set(o[0], Bool(S(o[1]) == 0.0f));
      case Opcode::Abs:
        return Set(o[0], std::fabs(S(o[1])));
      case Opcode::Sin:
        return Set(o[0], std::sin(S(o[1])));
      case Opcode::Cos:
        return Set(o[0], std::cos(S(o[1])));
      case Opcode::Add:
        return Set(o[0], S(o[1]) + S(o[2]));
      case Opcode::Sub:
        return Set(o[0], S(o[1]) - S(o[2]));
      case Opcode::Mul:
        return Set(o[0], S(o[1]) * S(o[2]));
      case Opcode::Div:
        return Set(o[0], S(o[2]) == 0.0f ? 0.0f : S(o[1]) / S(o[2]));
      case Opcode::Min:
        return Set(o[0], std::min(S(o[1]), S(o[2])));
      case Opcode::Max:
        return Set(o[0], std::max(S(o[1]), S(o[2])));
      case Opcode::Less:
        return Set(o[0], Bool(S(o[1]) < S(o[2])));
      case Opcode::LessEqual:
        return Set(o[0], Bool(S(o[1]) <= S(o[2])));
      case Opcode::Greater:
        return Set(o[0], Bool(S(o[1]) > S(o[2])));
      case Opcode::GreaterEqual:
        return Set(o[0], Bool(S(o[1]) >= S(o[2])));
      case Opcode::Equal:
        return Set(o[0], Bool(S(o[1]) == S(o[2])));
      case Opcode::NotEqual:
        return Set(o[0], Bool(S(o[1]) != S(o[2])));
      case Opcode::And:
        return Set(o[0], Bool(S(o[1]) != 0.0f && S(o[2]) != 0.0f));
      case Opcode::Or:
        return Set(o[0], Bool(S(o[1]) != 0.0f || S(o[2]) != 0.0f));
      case Opcode::BlendSpaceWeight:
        return Set(o[0], BlendSpaceWeight(b_, in_, o[1], o[2], S(o[3]), S(o[4])));
      case Opcode::Clamp:
        return Set(o[0], std::min(std::max(S(o[1]), S(o[2])), S(o[3])));
      case Opcode::Lerp:
        return Set(o[0], S(o[1]) + (S(o[2]) - S(o[1])) * S(o[3]));
      case Opcode::Smoothstep:
        return Set(o[0], Smoothstep(S(o[1]), S(o[2]), S(o[3])));
      case Opcode::Remap:
        return Set(o[0], Remap(S(o[1]), S(o[2]), S(o[3]), S(o[4]), S(o[5])));
      case Opcode::TimeInState:
        return Set(o[0], in_.machines[o[1]].time_at_frame_start);
      case Opcode::StateProgress:
        return Set(o[0], in_.machines[o[1]].progress_at_frame_start);
      case Opcode::Select:
        return Set(o[0], S(o[1]) != 0.0f ? S(o[2]) : S(o[3]));
      case Opcode::StateTime:
        return Set(o[0], in_.scopes[o[1]].time_at_frame_start);
      case Opcode::StateClockProgress:
        return Set(o[0], in_.scopes[o[1]].progress_at_frame_start);
      case Opcode::Damp:
        return Set(o[0], Damp(in_.smoothers[o[3]], S(o[1]), S(o[2]), dt_));
      case Opcode::Spring:
        return Set(o[0], Spring(in_.smoothers[o[3]], S(o[1]), S(o[2]), dt_));
      case Opcode::Curve:
        // An engine may have reset the task state: a curve it no longer holds reads 0.
        return Set(o[0], o[1] < in_.task_state.curves.size() ? in_.task_state.curves[o[1]] : 0.0f);
      case Opcode::MachineUpdate:
        return UpdateMachine(b_, in_, o[0], dt_);
      // Pose instructions record tasks.
      case Opcode::ReferencePose:
        Record(AnimTaskType::ReferencePose, o[0]);
        return;
      case Opcode::SampleClip: {
        AnimTask& task = Record(AnimTaskType::SampleClip, o[0]);
        task.resource = p_.clocks[o[1]].clip;
        in_.clocks[o[1]].task = pose_tasks_[o[0]];
        const BoundClock& clock = b_.clocks()[o[1]];
        if (clock.root_track != kNoOperand) {
          task.mode = static_cast<uint8_t>(clock.root_motion);
          task.bone_b = clock.root_track;
        }
        if (clock.sync_group != kNoOperand && in_.scopes[clock.scope].active_now) {
          ClockState& c = in_.clocks[o[1]];  // its group sets the times once the frame has recorded
          c.sync_rate = S(o[2]);
          task.time = task.t.x = c.time;
          return;
        }
        const ClockStep step = AdvanceClock(b_, in_, o[1], S(o[2]), dt_);
        task.time = step.time;
        task.t = Vec3{step.from, step.wraps, step.direction};
        return;
      }
      case Opcode::Blend: {
        AnimTask& task = RecordOn(AnimTaskType::Blend, o[0], o[1], o[2]);
        task.alpha = S(o[3]);
        return;
      }
      case Opcode::BlendMasked: {
        AnimTask& task = RecordOn(AnimTaskType::BlendMasked, o[0], o[1], o[2]);
        task.resource = o[3];
        task.alpha = S(o[4]);
        return;
      }
      case Opcode::MakeAdditive: {
        const bool has_base = o[2] != kNoOperand;
        AnimTask& task = has_base ? RecordOn(AnimTaskType::MakeAdditive, o[0], o[1], o[2])
                                  : RecordOn(AnimTaskType::MakeAdditive, o[0], o[1]);
        task.mode = static_cast<uint8_t>(has_base ? AdditiveBase::Pose : AdditiveBase::BindPose);
        task.space = static_cast<uint8_t>(o[3]);
        return;
      }
      case Opcode::ApplyAdditive: {
        AnimTask& task = RecordOn(AnimTaskType::ApplyAdditive, o[0], o[1], o[2]);
        task.alpha = S(o[3]);
        return;
      }
      case Opcode::MachineRecord:
        return RecordMachine(o[0], o[1]);
      case Opcode::SaveSnapshot:
        RecordOn(AnimTaskType::SavePoseSnapshot, o[0], o[1]).resource = o[2];
        return;
      case Opcode::LoadSnapshot:
        Record(AnimTaskType::LoadPoseSnapshot, o[0]).resource = o[1];
        return;
      case Opcode::BoneTransform: {
        AnimTask& task = RecordOn(AnimTaskType::BoneTransform, o[0], o[1]);
        task.bone_a = b_.bone(o[2]);
        task.space = static_cast<uint8_t>(o[3] & 1);
        task.mode = static_cast<uint8_t>(o[3] >> 1);
        task.t = V(o + 4);
        task.r = EulerDegrees(S(o[7]), S(o[8]), S(o[9]));
        task.s = V(o + 10);
        task.alpha = S(o[13]);
        return;
      }
      case Opcode::TranslateBone: {
        AnimTask& task = RecordOn(AnimTaskType::TranslateBone, o[0], o[1]);
        task.bone_a = b_.bone(o[2]);
        task.t = V(o + 3);
        task.alpha = S(o[6]);
        return;
      }
      case Opcode::TwoBoneIK: {
        AnimTask& task = RecordOn(AnimTaskType::TwoBoneIK, o[0], o[1]);
        task.bone_a = b_.bone(o[2]);
        task.bone_b = b_.bone(o[3]);
        task.bone_c = b_.bone(o[4]);
        task.t = V(o + 5);
        task.mode = static_cast<uint8_t>(o[8] != 0 ? BendHint::PoleTarget : BendHint::CurrentBend);
        task.s = V(o + 9);
        task.alpha = S(o[12]);
        return;
      }
      case Opcode::Fabrik: {
        AnimTask& task = RecordOn(AnimTaskType::FABRIK, o[0], o[1]);
        task.bone_a = b_.bone(o[2]);
        task.bone_b = b_.bone(o[3]);
        task.bone_c = o[4];
        task.aux = constants_[o[5]];
        task.t = V(o + 6);
        task.alpha = S(o[9]);
        return;
      }
      case Opcode::LookAt: {
        AnimTask& task = RecordOn(AnimTaskType::LookAt, o[0], o[1]);
        task.bone_a = b_.bone(o[2]);
        task.t = V(o + 3);
        task.s = V(o + 6);
        task.aux = S(o[9]);
        task.alpha = S(o[10]);
        return;
      }
      case Opcode::FootIK: {
        AnimTask& task = RecordOn(AnimTaskType::FootIK, o[0], o[1]);
        task.bone_a = b_.bone(o[2]);
        task.bone_b = b_.bone(o[3]);
        task.bone_c = b_.bone(o[4]);
        task.aux = S(o[5]);
        task.s = V(o + 6);
        task.t = Vec3{constants_[o[9]], constants_[o[10]], 0.0f};
        task.alpha = S(o[11]);
        return;
      }
      case Opcode::PhysicsStage: {
        // The stage belongs to the task, so every reader of the pose shares it: the later stage wins.
        const int16_t task = PoseTask(o[1]);
        AnimTaskStage& stage = tasks_[static_cast<std::size_t>(task)].stage;
        stage = std::max(stage, static_cast<AnimTaskStage>(o[2]));
        pose_tasks_[o[0]] = task;
        return;
      }
      case Opcode::Output:
        out_.output_task = PoseTask(o[0]);
        out_.lock_root = o[1] != 0;
        out_.root_bone = o[2] == kNoOperand ? -1 : b_.bone(o[2]);
        return;
      default:  // the binding decoded verified code: every opcode is one of the above
        __builtin_unreachable();
    }
  }

  // The machine's one task: an Inertialize (or DeadBlend) over its current state's pose only.
  void RecordMachine(uint16_t reg, uint16_t machine) {
    MachineState& m = in_.machines[machine];
    const MachineDesc& desc = p_.machines[machine];
    for (std::size_t s = 0; s < desc.states.size(); ++s)  // written before, as the verifier ensures
      m.state_tasks[s] = pose_tasks_[desc.states[s].pose];
    const uint16_t incoming = desc.states[m.current].pose;
    AnimTask* recorded = nullptr;
    if (m.blend_mode == BlendMode::Crossfade) {
      AnimTask& fade = m.fade_from >= 0 ? RecordOn(AnimTaskType::Crossfade, reg, incoming,
                                                   desc.states[static_cast<std::size_t>(m.fade_from)].pose)
                                        : RecordOn(AnimTaskType::Crossfade, reg, incoming);
      fade.mode = static_cast<uint8_t>(m.blend_curve);
      recorded = &fade;
    } else {
      recorded = &RecordOn(
          m.blend_mode == BlendMode::DeadBlend ? AnimTaskType::DeadBlend : AnimTaskType::Inertialize, reg,
          incoming);
    }
    AnimTask& task = *recorded;
    m.record_task = pose_tasks_[reg];
    task.resource = machine;
    task.flags =
        static_cast<uint8_t>((m.fired ? kTaskFlagCapture : 0) | (m.blend_active ? kTaskFlagApply : 0));
    task.time = m.blend_elapsed;
    task.alpha = m.blend_duration;
    task.aux = m.blend_half_life;
  }

  const ProgramBinding& b_;
  const Program& p_;
  AnimInstance& in_;
  float dt_;
  AnimTaskList& out_;
  // What every instruction touches, held directly (none of these vectors is resized while a frame
  // records; tasks_ only grows at its end).
  std::vector<AnimTask>& tasks_;
  float* scalars_;
  const float* constants_;
  int16_t* pose_tasks_;
  int16_t next_task_;  // the index of the next recorded task: tasks_.size(), kept without a division
  int32_t node_ = -1;
};

std::vector<int16_t>& ThreadPoseTasks() {
  thread_local std::vector<int16_t> pose_tasks;
  return pose_tasks;
}

std::vector<float>& ThreadTaskWeights() {
  thread_local std::vector<float> weights;
  return weights;
}

}  // namespace

void ReserveThreadBuildTasks(const ProgramBinding& binding, int tasks, std::size_t events) {
  ThreadPoseTasks().reserve(binding.program().pose_register_count);
  ThreadTaskWeights().reserve(static_cast<std::size_t>(std::max(tasks, 0)));
  ReserveEventScratch(events);
}

// Flattened so that the recorder is one dispatch loop whose state stays in registers: left to its
// inlining limits, GCC splits the loop into calls that reload that state (about 10% slower).
[[gnu::flatten]] void BuildTasks(const ProgramBinding& binding, AnimInstance& instance, float dt,
                                 AnimTaskList& out) {
  out.Reset();
  out.skeleton = &binding.skeleton();
  out.clips = binding.clips();
  out.masks = binding.masks();
  out.clip_curves = binding.clip_curves();
  out.curve_count = static_cast<int>(binding.program().curves.size());
  out.root_tracks = binding.root_tracks();
  out.root_motion = !binding.root_tracks().empty();
  out.state = &instance.task_state;
  out.owner = &instance;
  out.delta_time = std::isfinite(dt) && dt > 0.0f ? dt : 0.0f;
  out.active_bone_count = instance.active_bone_count;
  if (binding.version_mismatch()) {
    ++instance.frame;
    instance.WarnOnce(binding.version_warning().c_str());
    out.output_task = out.Add(AnimTask{});
    return;
  }
  if (instance.frame++ == 0) StartClocks(binding, instance);
  std::vector<int16_t>& pose_tasks = ThreadPoseTasks();
  pose_tasks.assign(binding.program().pose_register_count, AnimTask::NoTask);
  BeginFrame(binding, instance);
  Recorder(binding, instance, out.delta_time, out, pose_tasks.data()).Run();
  const bool events = !binding.program().events.empty();
  if (binding.sync_group_count() > 0 || events) {
    std::vector<float>& weights = ThreadTaskWeights();
    TaskWeights(out, weights);
    if (binding.sync_group_count() > 0) UpdateSyncGroups(binding, instance, out, weights, out.delta_time);
    if (events) CollectEvents(binding, instance, out, weights);
  }
  EndFrame(binding.program(), instance);
  if (out.output_task == AnimTask::NoTask) out.output_task = out.Add(AnimTask{});
}

}  // namespace anim
