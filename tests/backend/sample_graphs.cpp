#include "tests/backend/sample_graphs.h"

#include <string>

#include "tests/backend/graph_builder.h"

namespace anim::test {

using ir::Op;
using ir::Type;

ir::Graph BlendChain(int links) {
  GraphBuilder b;
  const ir::ValueId rate = b.Param("rate", ParamType::Float, 1.0f);
  const ir::ValueId weight = b.Param("weight", ParamType::Float, 0.5f);
  ir::ValueId pose = b.Clip("clip_0", rate, "clip_0");
  for (int i = 1; i < links; ++i) {
    const ir::ValueId clip = b.Clip("clip_" + std::to_string(i), rate, "clip_" + std::to_string(i));
    pose = b.Blend(pose, clip, weight, "blend_" + std::to_string(i));
  }
  b.Output(pose);
  return b.Take();
}

ir::Graph Locomotion() {
  GraphBuilder b;
  const ir::ValueId speed = b.Param("speed", ParamType::Float, 0.0f);
  const ir::ValueId jump = b.Param("jump", ParamType::Trigger);
  const ir::ValueId one = b.Const(1.0f, "one");
  const uint16_t loco = b.Machine("loco", {"idle", "walk", "run"});
  const uint16_t idle_scope = b.StateScope(loco, 0), walk_scope = b.StateScope(loco, 1),
                 run_scope = b.StateScope(loco, 2);
  const ir::ValueId idle = b.Clip("idle", one, "idle", idle_scope);
  const ir::ValueId lean = b.Clip("lean", one, "lean", 0);  // shared by walk and run
  const ir::ValueId walk_clip = b.Clip("walk_fwd", speed, "walk_fwd", walk_scope);
  const ir::ValueId walk_mix =
      b.Scalar(Op::Clamp, Type::Float, {speed, b.Const(0.0f, "zero"), one}, "walk_mix");
  const ir::ValueId walk = b.Blend(walk_clip, lean, walk_mix, "walk", walk_scope);
  const uint16_t stride = b.Machine("stride", {"short", "long"}, run_scope);
  const ir::ValueId short_clip = b.Clip("run_short", speed, "run_short", b.StateScope(stride, 0));
  const ir::ValueId long_clip = b.Clip("run_long", speed, "run_long", b.StateScope(stride, 1));
  const ir::ValueId stride_time = b.Scalar(Op::TimeInState, Type::Float, {}, "stride_time");
  b.graph().values[static_cast<size_t>(stride_time)].index = stride;
  const ir::ValueId stride_switch =
      b.Scalar(Op::Greater, Type::Bool, {stride_time, b.Const(2.0f, "stride_period")}, "stride_switch");
  b.Transition(stride, 0, 1, stride_switch);
  b.Transition(stride, 1, 0, stride_switch);
  const ir::ValueId stride_value = b.MachineValue(stride, {short_clip, long_clip}, "stride");
  const ir::ValueId run = b.Blend(stride_value, lean, b.Const(0.3f, "run_lean"), "run", run_scope);
  const ir::ValueId walking =
      b.Scalar(Op::Greater, Type::Bool, {speed, b.Const(0.1f, "walk_speed")}, "walking");
  const ir::ValueId running =
      b.Scalar(Op::Greater, Type::Bool, {speed, b.Const(3.0f, "run_speed")}, "running");
  const ir::ValueId stopped = b.Scalar(Op::Not, Type::Bool, {walking}, "stopped");
  b.Transition(loco, 0, 1, walking);
  b.Transition(loco, 1, 2, running);
  b.Transition(loco, kNoOperand, 0, b.Scalar(Op::Or, Type::Bool, {stopped, jump}, "stop_or_jump"));
  b.graph().machines[loco].transitions[2].desc.consumed_triggers = {1};
  b.graph().machines[loco].transitions[1].desc.mode = BlendMode::DeadBlend;
  b.graph().machines[loco].states[1].progress_clock = 2;
  // Walk and the short run stride keep step; the stride leads whenever it plays.
  b.graph().sync_groups = {"gait"};
  b.graph().clocks[2].sync_group = 0;
  b.graph().clocks[3].sync_group = 0;
  b.graph().clocks[3].sync_role = SyncRole::Leader;
  // Footsteps on the walk, a landing window on the run, and the machine's own events.
  b.graph().events.threshold = 0.1f;
  b.graph().events.names = {"footstep", "stride", "entered_run"};
  b.graph().events.clip = {{2, 0, 0.25f, 0.0f, -1.0f}, {3, 1, 0.1f, 0.2f, 0.3f}};
  b.graph().events.state = {{static_cast<uint16_t>(loco), 2, StateEventKind::Enter, 2, -1.0f}};
  b.graph().events.transition = {{static_cast<uint16_t>(loco), 0, 0, -1.0f}};
  const ir::ValueId machine = b.MachineValue(loco, {idle, walk, run}, "loco");
  b.graph().lock_root = true;
  b.graph().root_bone = b.Bone("root");
  b.Output(machine);
  return b.Take();
}

ir::Graph EveryOp() {
  GraphBuilder b;
  const uint16_t hips = b.Bone("hips"), thigh = b.Bone("thigh_l"), calf = b.Bone("calf_l"),
                 foot = b.Bone("foot_l"), head = b.Bone("head");
  const ir::ValueId target = b.Param("target", ParamType::Vec3);
  const ir::ValueId weight = b.Param("weight", ParamType::Float, 0.75f);
  const ir::ValueId steps = b.Param("steps", ParamType::Int, 2.0f);
  const ir::ValueId rate =
      b.Scalar(Op::Abs, Type::Float, {b.Scalar(Op::Neg, Type::Float, {weight}, "neg")}, "rate");
  const ir::ValueId walk = b.Clip("walk_fwd", rate, "walk");
  const ir::ValueId aim = b.Clip("aim_pose", b.Const(0.0f, "still"), "aim");
  const ir::ValueId ref = b.Pose(Op::ReferencePose, {}, "ref");
  b.graph().masks.push_back({"upper", {0.0f, 0.0f, 0.0f, 0.5f, 1.0f}, {}});
  const ir::ValueId masked = b.Pose(Op::BlendMasked, {walk, aim, weight}, "upper_aim");
  const ir::ValueId additive = b.Pose(Op::MakeAdditive, {aim, ref}, "aim_delta");
  b.graph().values[static_cast<size_t>(additive)].flags = 1;
  const ir::ValueId bind_delta = b.Pose(Op::MakeAdditive, {aim}, "aim_bind_delta");
  const ir::ValueId applied = b.Pose(Op::ApplyAdditive, {masked, additive, weight}, "apply");
  const ir::ValueId applied2 = b.Pose(Op::ApplyAdditive, {applied, bind_delta, weight}, "apply_bind");
  b.graph().snapshots.push_back("pre_ik");
  const ir::ValueId saved = b.Pose(Op::SaveSnapshot, {applied2}, "save");
  const ir::ValueId loaded = b.Pose(Op::LoadSnapshot, {}, "load");
  b.graph().blend_spaces.push_back(
      {"strafe", {0.0f, 0.0f, 1.0f, 0.0f, 1.0f, 1.0f, 0.0f, 1.0f}, {0, 1, 2, 0, 2, 3}});
  const ir::ValueId corner = b.Scalar(Op::BlendSpaceWeight, Type::Float, {weight, steps}, "strafe_corner");
  b.graph().values[static_cast<size_t>(corner)].sample = 2;
  const ir::ValueId mixed = b.Blend(saved, loaded, b.Scalar(Op::Sin, Type::Float, {corner}, "wobble"), "mix");
  const ir::ValueId offset = b.Scalar(Op::Mul, Type::Vec3, {b.Vec(0.0f, 0.1f, 0.0f, "up"), weight}, "offset");
  const ir::ValueId euler =
      b.Scalar(Op::MakeVec3, Type::Vec3, {weight, b.Const(90.0f, "yaw"), steps}, "euler");
  const ir::ValueId scale = b.Vec(1.0f, 1.0f, 1.0f, "unit");
  const ir::ValueId transformed =
      b.Pose(Op::BoneTransform, {mixed, offset, euler, scale, weight}, "hips_xform");
  b.graph().values[static_cast<size_t>(transformed)].bones[0] = hips;
  b.graph().values[static_cast<size_t>(transformed)].flags = 3;
  const ir::ValueId translated = b.Pose(Op::TranslateBone, {transformed, offset, weight}, "hips_move");
  b.graph().values[static_cast<size_t>(translated)].bones[0] = hips;
  const ir::ValueId pole = b.Scalar(Op::Lerp, Type::Vec3, {target, scale, weight}, "pole");
  const ir::ValueId leg = b.Pose(Op::TwoBoneIK, {translated, target, pole, weight}, "leg_ik");
  auto& leg_value = b.graph().values[static_cast<size_t>(leg)];
  leg_value.bones[0] = thigh, leg_value.bones[1] = calf, leg_value.bones[2] = foot, leg_value.flags = 1;
  const ir::ValueId chain = b.Pose(Op::Fabrik, {leg, target, weight}, "spine_fabrik");
  auto& chain_value = b.graph().values[static_cast<size_t>(chain)];
  chain_value.bones[0] = hips, chain_value.bones[1] = head, chain_value.iterations = 8,
  chain_value.constant[0] = 0.001f;
  const ir::ValueId forward = b.Vec(0.0f, 0.0f, 1.0f, "forward");
  const ir::ValueId max_angle = b.Scalar(Op::Remap, Type::Float,
                                         {weight, b.Const(0.0f, "lo"), b.Const(1.0f, "hi"),
                                          b.Const(0.5f, "min_angle"), b.Const(1.5f, "max_angle_hi")},
                                         "max_angle");
  const ir::ValueId look = b.Pose(Op::LookAt, {chain, target, forward, max_angle, weight}, "look");
  b.graph().values[static_cast<size_t>(look)].bones[0] = head;
  const ir::ValueId ground =
      b.Scalar(Op::Smoothstep, Type::Float, {b.Const(0.0f, "e0"), b.Const(2.0f, "e1"), weight}, "ground");
  const ir::ValueId feet =
      b.Pose(Op::FootIK, {look, ground, b.Vec(0.0f, 1.0f, 0.0f, "normal"), weight}, "feet");
  auto& feet_value = b.graph().values[static_cast<size_t>(feet)];
  feet_value.bones[0] = thigh, feet_value.bones[1] = calf, feet_value.bones[2] = foot;
  feet_value.constant[0] = 0.08f, feet_value.constant[1] = 0.02f;
  const ir::ValueId after_step = b.Pose(Op::PhysicsStage, {feet}, "after_step");
  b.graph().values[static_cast<size_t>(after_step)].index = 2;  // AnimTaskStage::PostPhysics
  b.Output(after_step);
  return b.Take();
}

}  // namespace anim::test
