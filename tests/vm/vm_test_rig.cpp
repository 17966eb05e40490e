#include "tests/vm/vm_test_rig.h"

#include <cmath>
#include <cstring>

#include "executor/pose/content_hash.h"

namespace anim::test {
namespace {

constexpr int kBones = 6;

Skeleton BuildChain() {
  SkeletonDesc desc;
  desc.name = "vm_chain";
  for (int i = 0; i < kBones; ++i) {
    SkeletonDesc::Bone b;
    b.name = "b" + std::to_string(i);
    b.parent = i - 1;
    b.bind_local.translation = {0.0f, i == 0 ? 0.0f : 0.2f, 0.0f};
    desc.bones.push_back(b);
  }
  std::string error;
  return *Skeleton::Build(desc, error);
}

// Each key frame bends every bone about `axis` by an angle that grows with the frame number.
anim::Clip BendClip(const Skeleton& sk, const char* name, float seconds, bool looping, Vec3 axis) {
  std::string error;
  const int frames = static_cast<int>(std::lround(seconds * 10.0f)) + 1;
  anim::Clip clip = *anim::Clip::Create(sk, name, 10.0f, frames, looping, error);
  for (int k = 0; k < frames; ++k) {
    for (int bone = 0; bone < sk.bone_count(); ++bone) {
      Transform t = sk.bind_local(bone);
      t.rotation = FromAxisAngle(axis, 0.05f * static_cast<float>(k + 1));
      SetBoneTransform(clip.frame(k), bone, t);
      clip.MarkTracked(bone);
    }
  }
  return clip;
}

class Writer {
 public:
  void U8(uint8_t v) { bytes.push_back(v); }
  void U16(uint16_t v) { Little(v, 2); }
  void U32(uint32_t v) { Little(v, 4); }
  void U64(uint64_t v) { Little(v, 8); }
  void F32(float v) {
    uint32_t bits;
    std::memcpy(&bits, &v, 4);
    U32(bits);
  }
  void String(const std::string& s) {
    U16(static_cast<uint16_t>(s.size()));
    bytes.insert(bytes.end(), s.begin(), s.end());
  }
  void Count(std::size_t n) { U32(static_cast<uint32_t>(n)); }
  std::vector<uint8_t> bytes;

 private:
  void Little(uint64_t v, int n) {
    for (int i = 0; i < n; ++i)
      bytes.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
};

void Section(Writer& body, const char* tag, const Writer& payload) {
  body.bytes.insert(body.bytes.end(), tag, tag + 4);
  body.U32(static_cast<uint32_t>(payload.bytes.size()));
  body.bytes.insert(body.bytes.end(), payload.bytes.begin(), payload.bytes.end());
}

}  // namespace

VmRig::VmRig() : skeleton(BuildChain()) {
  clips.push_back(BendClip(skeleton, "idle", 1.0f, true, {1, 0, 0}));
  clips.push_back(BendClip(skeleton, "walk", 1.0f, true, {0, 0, 1}));
  clips.push_back(BendClip(skeleton, "jump", 0.5f, false, {0, 1, 0}));
  for (const anim::Clip& c : clips)
    clip_table.push_back(&c);
}

ProgramBuilder::ProgramBuilder(const Skeleton& skeleton) {
  program.skeleton_hash = skeleton.content_hash();
  program.scopes.push_back(ScopeDesc{});
}

uint16_t ProgramBuilder::Constant(float v) {
  program.constants.push_back(v);
  return static_cast<uint16_t>(program.constants.size() - 1);
}

uint16_t ProgramBuilder::Param(const std::string& name, ParamType type, float default_value) {
  ParamDesc d;
  d.name = name;
  d.type = type;
  d.default_value[0] = default_value;
  program.params.push_back(d);
  return static_cast<uint16_t>(program.params.size() - 1);
}

uint16_t ProgramBuilder::Clip(const std::string& name) {
  program.clips.push_back(name);
  return static_cast<uint16_t>(program.clips.size() - 1);
}

uint16_t ProgramBuilder::Clock(uint16_t clip, uint16_t scope, bool loop, float start_time) {
  program.clocks.push_back(ClockDesc{clip, scope, loop, start_time});
  return static_cast<uint16_t>(program.clocks.size() - 1);
}

uint16_t ProgramBuilder::Bone(const Skeleton& skeleton, const std::string& name) {
  program.bones.push_back(BoneRef{name, static_cast<uint16_t>(skeleton.FindBone(name))});
  return static_cast<uint16_t>(program.bones.size() - 1);
}

uint16_t ProgramBuilder::Snapshot(const std::string& name) {
  program.snapshots.push_back(name);
  return static_cast<uint16_t>(program.snapshots.size() - 1);
}

uint16_t ProgramBuilder::Machine(const std::string& name, uint16_t scope,
                                 std::initializer_list<const char*> states) {
  const auto index = static_cast<uint16_t>(program.machines.size());
  MachineDesc m;
  m.name = name;
  m.scope = scope;
  for (const char* state : states) {
    StateDesc s;
    s.name = state;
    s.pose = PoseRegister();
    s.scope = static_cast<uint16_t>(program.scopes.size());
    program.scopes.push_back(ScopeDesc{index, static_cast<uint16_t>(m.states.size())});
    m.states.push_back(s);
  }
  program.machines.push_back(m);
  return index;
}

uint16_t ProgramBuilder::StateScope(uint16_t machine, uint16_t state) const {
  return program.machines[machine].states[state].scope;
}

uint16_t ProgramBuilder::StatePose(uint16_t machine, uint16_t state) const {
  return program.machines[machine].states[state].pose;
}

TransitionDesc& ProgramBuilder::Transition(uint16_t machine, uint16_t from, uint16_t to, uint16_t condition,
                                           float duration) {
  TransitionDesc t;
  t.from = from;
  t.to = to;
  t.condition = condition;
  t.duration = duration;
  program.machines[machine].transitions.push_back(t);
  return program.machines[machine].transitions.back();
}

void ProgramBuilder::Emit(Opcode op, std::initializer_list<uint16_t> operands, const std::string& node) {
  if (!node.empty())
    program.debug.push_back(DebugEntry{static_cast<uint32_t>(program.code.size()), node, 1, 1});
  program.code.push_back(static_cast<uint16_t>(op));
  program.code.insert(program.code.end(), operands.begin(), operands.end());
}

uint16_t ProgramBuilder::LoadConst(float v) {
  const uint16_t s = Scalar();
  Emit(Opcode::LoadConst, {s, Constant(v)});
  return s;
}

uint16_t ProgramBuilder::LoadParam(uint16_t param, uint16_t component) {
  const uint16_t s = Scalar();
  Emit(Opcode::LoadParam, {s, param, component});
  return s;
}

std::vector<uint8_t> WriteProgramForTest(const Program& p) {
  Writer body;
  Writer s;
  s.Count(p.code.size());
  for (const uint16_t w : p.code)
    s.U16(w);
  Section(body, "CODE", s);
  s = {};
  s.Count(p.constants.size());
  for (const float c : p.constants)
    s.F32(c);
  Section(body, "CNST", s);
  s = {};
  s.Count(p.params.size());
  for (const ParamDesc& d : p.params) {
    s.String(d.name);
    s.U8(static_cast<uint8_t>(d.type));
    for (const float v : d.default_value)
      s.F32(v);
    s.U8(d.has_range ? 1 : 0);
    s.F32(d.min);
    s.F32(d.max);
  }
  Section(body, "PARM", s);
  s = {};
  s.Count(p.clips.size());
  for (const std::string& c : p.clips)
    s.String(c);
  Section(body, "CLIP", s);
  s = {};
  s.Count(p.clocks.size());
  for (const ClockDesc& c : p.clocks) {
    s.U16(c.clip);
    s.U16(c.scope);
    s.U8(c.loop ? 1 : 0);
    s.F32(c.start_time);
    s.U16(c.sync_group);
    s.U8(static_cast<uint8_t>(c.sync_role));
    s.U8(static_cast<uint8_t>(c.root_motion));
    s.U16(c.root_motion_bone);
  }
  Section(body, "CLCK", s);
  s = {};
  s.Count(p.scopes.size());
  for (const ScopeDesc& c : p.scopes) {
    s.U16(c.machine);
    s.U16(c.state);
  }
  Section(body, "SCOP", s);
  s = {};
  s.Count(p.machines.size());
  for (const MachineDesc& m : p.machines) {
    s.String(m.name);
    s.U16(m.scope);
    s.U16(m.initial_state);
    s.Count(m.states.size());
    for (const StateDesc& st : m.states) {
      s.String(st.name);
      s.U16(st.pose);
      s.U16(st.scope);
      s.U16(st.progress_clock);
    }
    s.Count(m.transitions.size());
    for (const TransitionDesc& t : m.transitions) {
      s.U16(t.from);
      s.U16(t.to);
      s.U16(t.condition);
      s.F32(t.duration);
      s.U8(static_cast<uint8_t>(t.mode));
      s.F32(t.half_life);
      s.U8(t.can_interrupt ? 1 : 0);
      s.U8(static_cast<uint8_t>(t.curve));
      s.Count(t.consumed_triggers.size());
      for (const uint16_t trig : t.consumed_triggers)
        s.U16(trig);
    }
  }
  Section(body, "MACH", s);
  s = {};
  s.Count(p.masks.size());
  for (const MaskDesc& m : p.masks) {
    s.String(m.name);
    s.Count(m.weights.size());
    for (const float w : m.weights)
      s.F32(w);
    s.Count(m.curve_weights.size());
    for (const float w : m.curve_weights)
      s.F32(w);
  }
  Section(body, "MASK", s);
  s = {};
  s.Count(p.bones.size());
  for (const BoneRef& b : p.bones) {
    s.String(b.name);
    s.U16(b.index);
  }
  Section(body, "BONE", s);
  s = {};
  s.Count(p.snapshots.size());
  for (const std::string& n : p.snapshots)
    s.String(n);
  Section(body, "SNAP", s);
  s = {};
  s.Count(p.blend_spaces.size());
  for (const BlendSpaceDesc& space : p.blend_spaces) {
    s.String(space.name);
    s.Count(space.positions.size() / 2);
    for (const float v : space.positions)
      s.F32(v);
    s.Count(space.triangles.size() / 3);
    for (const uint16_t v : space.triangles)
      s.U16(v);
  }
  Section(body, "BSPC", s);
  s = {};
  s.Count(p.sync_groups.size());
  for (const std::string& n : p.sync_groups)
    s.String(n);
  Section(body, "SYNC", s);
  s = {};
  s.F32(p.events.threshold);
  s.Count(p.events.names.size());
  for (const std::string& n : p.events.names)
    s.String(n);
  s.Count(p.events.clip.size());
  for (const ClipEventDesc& e : p.events.clip) {
    s.U16(e.clock);
    s.U16(e.name);
    s.F32(e.time);
    s.F32(e.duration);
    s.F32(e.threshold);
  }
  s.Count(p.events.state.size());
  for (const StateEventDesc& e : p.events.state) {
    s.U16(e.machine);
    s.U16(e.state);
    s.U8(static_cast<uint8_t>(e.kind));
    s.U16(e.name);
    s.F32(e.threshold);
  }
  s.Count(p.events.transition.size());
  for (const TransitionEventDesc& e : p.events.transition) {
    s.U16(e.machine);
    s.U16(e.transition);
    s.U16(e.name);
    s.F32(e.threshold);
  }
  Section(body, "EVNT", s);
  s = {};
  s.Count(p.curves.size());
  for (const std::string& n : p.curves)
    s.String(n);
  Section(body, "CURV", s);
  s = {};
  s.Count(p.baked_clips.size());
  for (const BakedClipDesc& c : p.baked_clips) {
    s.String(c.name);
    s.U16(c.source_clip);
    s.U64(c.inputs_hash);
    s.F32(c.sample_rate);
    s.U32(c.frame_count);
    s.U8(c.looping ? 1 : 0);
    s.Count(c.channels.size());
    for (const BakedChannel& ch : c.channels) {
      s.U16(ch.bone);
      s.U8(static_cast<uint8_t>(ch.channel));
      s.U8(ch.step ? 1 : 0);
      for (float k : ch.keys)
        s.F32(k);
    }
    s.Count(c.curves.size());
    for (const BakedCurve& curve : c.curves) {
      s.U16(curve.curve);
      s.U8(curve.step ? 1 : 0);
      for (float k : curve.keys)
        s.F32(k);
    }
  }
  Section(body, "BAKE", s);
  s = {};
  s.Count(p.debug.size());
  for (const DebugEntry& d : p.debug) {
    s.U32(d.code_offset);
    s.String(d.node);
    s.U32(d.line);
    s.U32(d.column);
  }
  Section(body, "DEBG", s);

  Writer file;
  file.bytes = {'A', 'N', 'B', 'C'};
  file.U32(p.version);
  file.U32(48);
  file.U32(static_cast<uint32_t>(body.bytes.size()));
  file.U64(Fnv1a64(body.bytes));
  file.U64(p.skeleton_hash);
  file.U16(p.scalar_register_count);
  file.U16(p.pose_register_count);
  file.U32(16);
  file.U64(0);
  file.bytes.insert(file.bytes.end(), body.bytes.begin(), body.bytes.end());
  return file.bytes;
}

Program FullProgram(const VmRig& rig) {
  ProgramBuilder b(rig.skeleton);
  const uint16_t speed = b.Param("speed", ParamType::Float);
  const uint16_t jump = b.Param("jump", ParamType::Trigger);
  const uint16_t aim = b.Param("aim", ParamType::Vec3);
  const uint16_t crouch = b.Param("crouch", ParamType::Bool);
  const uint16_t mode = b.Param("mode", ParamType::Int, 1.0f);
  b.program.params[speed].has_range = true;
  b.program.params[speed].max = 10.0f;
  const uint16_t idle_clip = b.Clip("idle"), walk_clip = b.Clip("walk"), jump_clip = b.Clip("jump");
  const uint16_t root = b.Bone(rig.skeleton, "b0"), b1 = b.Bone(rig.skeleton, "b1"),
                 b2 = b.Bone(rig.skeleton, "b2"), b3 = b.Bone(rig.skeleton, "b3"),
                 tip = b.Bone(rig.skeleton, "b5");
  const uint16_t snap = b.Snapshot("last");
  b.program.masks.push_back(MaskDesc{"upper", {0, 0, 0, 1, 1, 1}, {}});

  const uint16_t loco = b.Machine("loco", 0, {"idle", "move"});
  const uint16_t move = b.Machine("move_sm", b.StateScope(loco, 1), {"walk", "jump"});
  const uint16_t idle_clock = b.Clock(idle_clip, b.StateScope(loco, 0), true);
  const uint16_t walk_clock = b.Clock(walk_clip, b.StateScope(move, 0), true);
  const uint16_t jump_clock = b.Clock(jump_clip, b.StateScope(move, 1), false);
  b.program.machines[move].states[1].progress_clock = jump_clock;
  // Idle and walk keep step, walk leading whenever it plays.
  b.program.sync_groups = {"gait"};
  b.program.clocks[idle_clock].sync_group = 0;
  b.program.clocks[walk_clock].sync_group = 0;
  b.program.clocks[walk_clock].sync_role = SyncRole::Leader;
  // Walk's root motion is extracted (b0 moves it), idle's ignored.
  b.program.clocks[walk_clock].root_motion = RootMotionMode::Extract;
  b.program.clocks[walk_clock].root_motion_bone = root;
  b.program.clocks[idle_clock].root_motion = RootMotionMode::Ignore;
  b.program.clocks[idle_clock].root_motion_bone = root;

  const uint16_t s_speed = b.LoadParam(speed);
  const uint16_t s_half = b.LoadConst(0.5f);
  const uint16_t s_go = b.Scalar(), s_stop = b.Scalar();
  b.Emit(Opcode::Greater, {s_go, s_speed, s_half}, "go");
  b.Emit(Opcode::LessEqual, {s_stop, s_speed, s_half}, "stop");
  TransitionDesc& go = b.Transition(loco, 0, 1, s_go);  // a crossfade: idle keeps running while it fades
  go.mode = BlendMode::Crossfade;
  go.curve = BlendCurve::Cubic;
  b.Transition(loco, 1, 0, s_stop, 0.3f).mode = BlendMode::DeadBlend;
  b.Emit(Opcode::MachineUpdate, {loco}, "loco");
  const uint16_t s_one = b.LoadConst(1.0f);
  b.Emit(Opcode::SampleClip, {b.StatePose(loco, 0), idle_clock, s_one}, "idle_player");

  const uint16_t s_jump = b.LoadParam(jump);
  const uint16_t s_prog = b.Scalar(), s_done = b.Scalar();
  b.Emit(Opcode::StateProgress, {s_prog, move});
  b.Emit(Opcode::GreaterEqual, {s_done, s_prog, s_one});
  b.Transition(move, 0, 1, s_jump).consumed_triggers = {jump};
  b.Transition(move, 1, 0, s_done, 0.1f);
  b.Emit(Opcode::MachineUpdate, {move}, "move_sm");
  const uint16_t s_rate = b.Scalar();
  b.Emit(Opcode::Div, {s_rate, s_speed, s_half});
  b.Emit(Opcode::SampleClip, {b.StatePose(move, 0), walk_clock, s_rate}, "walk_player");
  b.Emit(Opcode::SampleClip, {b.StatePose(move, 1), jump_clock, s_one}, "jump_player");
  b.Emit(Opcode::MachineRecord, {b.StatePose(loco, 1), move}, "move_sm");
  const uint16_t p_loco = b.PoseRegister();
  b.Emit(Opcode::MachineRecord, {p_loco, loco}, "loco");

  // Layers: an additive lean, an upper-body blend with the last frame's snapshot, bone ops, IK.
  const uint16_t p_ref = b.PoseRegister(), p_add = b.PoseRegister(), p = b.PoseRegister(),
                 p_snap = b.PoseRegister();
  b.Emit(Opcode::ReferencePose, {p_ref}, "ref");
  b.Emit(Opcode::MakeAdditive, {p_add, b.StatePose(move, 0), p_ref, 0}, "lean");
  const uint16_t s_crouch = b.LoadParam(crouch);
  b.Emit(Opcode::ApplyAdditive, {p, p_loco, p_add, s_crouch}, "lean_apply");
  b.Emit(Opcode::LoadSnapshot, {p_snap, snap}, "last_load");
  const uint16_t s_quarter = b.LoadConst(0.25f);
  b.Emit(Opcode::BlendMasked, {p, p, p_snap, 0, s_quarter}, "upper");
  const uint16_t ax = b.LoadParam(aim, 0), ay = b.LoadParam(aim, 1), az = b.LoadParam(aim, 2);
  const uint16_t s_zero = b.LoadConst(0.0f), s_mode = b.LoadParam(mode);
  b.Emit(Opcode::BoneTransform, {p, p, b1, 2, s_zero, s_zero, s_zero, ax, ay, az, s_one, s_one, s_one, s_one},
         "twist");
  b.Emit(Opcode::TranslateBone, {p, p, b2, ax, s_zero, s_zero, s_one}, "nudge");
  b.Emit(Opcode::TwoBoneIK, {p, p, b1, b2, b3, ax, ay, az, 1, s_one, s_zero, s_zero, s_half}, "reach");
  b.Emit(Opcode::Fabrik, {p, p, b2, tip, 8, b.Constant(0.001f), ax, ay, az, s_half}, "chain");
  b.Emit(Opcode::LookAt, {p, p, tip, ax, ay, az, s_zero, s_one, s_zero, s_one, s_mode}, "look");
  b.Emit(Opcode::FootIK,
         {p, p, b1, b2, b3, s_zero, s_zero, s_one, s_zero, b.Constant(0.05f), b.Constant(0.1f), s_half},
         "foot");
  // Every scalar opcode, folded into a small blend weight toward the bind pose.
  uint16_t r[16];
  for (uint16_t& reg : r)
    reg = b.Scalar();
  b.Emit(Opcode::TimeInState, {r[0], loco});
  b.Emit(Opcode::Move, {r[1], r[0]});
  b.Emit(Opcode::Neg, {r[2], r[1]});
  b.Emit(Opcode::Abs, {r[3], r[2]});
  b.Emit(Opcode::Sin, {r[4], r[3]});
  b.Emit(Opcode::Cos, {r[5], r[4]});
  b.Emit(Opcode::Sub, {r[6], r[5], r[4]});
  b.Emit(Opcode::Mul, {r[7], r[6], s_half});
  b.Emit(Opcode::Min, {r[8], r[7], s_one});
  b.Emit(Opcode::Max, {r[9], r[8], s_zero});
  b.Emit(Opcode::Less, {r[10], r[9], s_one});
  b.Emit(Opcode::Equal, {r[11], r[10], s_one});
  b.Emit(Opcode::NotEqual, {r[12], r[11], s_zero});
  b.Emit(Opcode::And, {r[13], r[12], s_crouch});
  b.Emit(Opcode::Or, {r[13], r[13], s_go});
  b.Emit(Opcode::Not, {r[14], r[13]});
  b.Emit(Opcode::Clamp, {r[15], r[9], s_zero, s_quarter});
  b.Emit(Opcode::Lerp, {r[15], r[15], s_zero, s_half});
  b.Emit(Opcode::Smoothstep, {r[15], s_zero, s_one, r[15]});
  b.Emit(Opcode::Remap, {r[15], r[15], s_zero, s_one, s_zero, s_quarter});
  // A 2D blend space's weight for sample 2 at (aim.x, aim.y), folded in too.
  b.program.blend_spaces.push_back(BlendSpaceDesc{"strafe", {0, 0, 1, 0, 1, 1, 0, 1}, {0, 1, 2, 0, 2, 3}});
  b.Emit(Opcode::BlendSpaceWeight, {r[14], 0, 2, ax, ay}, "strafe");
  b.Emit(Opcode::Mul, {r[15], r[15], r[14]});
  b.Emit(Opcode::Blend, {p, p, p_ref, r[15]}, "settle");
  const uint16_t p_saved = b.PoseRegister();
  b.Emit(Opcode::SaveSnapshot, {p_saved, p, snap}, "last_save");
  b.Emit(Opcode::Nop, {});
  b.Emit(Opcode::Output, {p_saved, 1, root}, "out");
  // Events on a clock, a state and a transition, so the table travels through every test.
  b.program.events.threshold = 0.05f;
  b.program.events.names = {"step", "landed"};
  b.program.events.clip = {{0, 0, 0.1f, 0.0f, -1.0f}, {0, 1, 0.2f, 0.05f, 0.5f}};
  b.program.events.state = {{0, 0, StateEventKind::Enter, 1, -1.0f}};
  b.program.events.transition = {{0, 0, 0, -1.0f}};
  return b.program;
}

}  // namespace anim::test
