#include "compiler/codegen/program_writer.h"

#include "executor/pose/content_hash.h"
#include "vm/bytecode/byte_writer.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <string>

namespace anim::codegen {
namespace {

void WriteMachine(ByteWriter& w, const MachineDesc& m) {
  w.String(m.name);
  w.U16(m.scope);
  w.U16(m.initial_state);
  w.Count(m.states.size());
  for (const StateDesc& s : m.states) {
    w.String(s.name);
    w.U16(s.pose);
    w.U16(s.scope);
    w.U16(s.progress_clock);
  }
  w.Count(m.transitions.size());
  for (const TransitionDesc& t : m.transitions) {
    w.U16(t.from);
    w.U16(t.to);
    w.U16(t.condition);
    w.F32(t.duration);
    w.U8(static_cast<uint8_t>(t.mode));
    w.F32(t.half_life);
    w.U8(t.can_interrupt ? 1 : 0);
    w.U8(static_cast<uint8_t>(t.curve));
    w.Count(t.consumed_triggers.size());
    for (uint16_t p : t.consumed_triggers)
      w.U16(p);
  }
}

void WriteBody(ByteWriter& w, const Program& p) {
  size_t at = w.BeginSection("CODE");
  w.Count(p.code.size());
  for (uint16_t word : p.code)
    w.U16(word);
  w.EndSection(at);

  at = w.BeginSection("CNST");
  w.Count(p.constants.size());
  for (float c : p.constants)
    w.F32(c);
  w.EndSection(at);

  at = w.BeginSection("PARM");
  w.Count(p.params.size());
  for (const ParamDesc& param : p.params) {
    w.String(param.name);
    w.U8(static_cast<uint8_t>(param.type));
    for (float d : param.default_value)
      w.F32(d);
    w.U8(param.has_range ? 1 : 0);
    w.F32(param.min);
    w.F32(param.max);
  }
  w.EndSection(at);

  at = w.BeginSection("CLIP");
  w.Count(p.clips.size());
  for (const std::string& clip : p.clips)
    w.String(clip);
  w.EndSection(at);

  at = w.BeginSection("CLCK");
  w.Count(p.clocks.size());
  for (const ClockDesc& clock : p.clocks) {
    w.U16(clock.clip);
    w.U16(clock.scope);
    w.U8(clock.loop ? 1 : 0);
    w.F32(clock.start_time);
    w.U16(clock.sync_group);
    w.U8(static_cast<uint8_t>(clock.sync_role));
    w.U8(static_cast<uint8_t>(clock.root_motion));
    w.U16(clock.root_motion_bone);
  }
  w.EndSection(at);

  at = w.BeginSection("SCOP");
  w.Count(p.scopes.size());
  for (const ScopeDesc& scope : p.scopes) {
    w.U16(scope.machine);
    w.U16(scope.state);
  }
  w.EndSection(at);

  at = w.BeginSection("MACH");
  w.Count(p.machines.size());
  for (const MachineDesc& m : p.machines)
    WriteMachine(w, m);
  w.EndSection(at);

  at = w.BeginSection("MASK");
  w.Count(p.masks.size());
  for (const MaskDesc& mask : p.masks) {
    w.String(mask.name);
    w.Count(mask.weights.size());
    for (float weight : mask.weights)
      w.F32(weight);
    w.Count(mask.curve_weights.size());
    for (float weight : mask.curve_weights)
      w.F32(weight);
  }
  w.EndSection(at);

  at = w.BeginSection("BONE");
  w.Count(p.bones.size());
  for (const BoneRef& bone : p.bones) {
    w.String(bone.name);
    w.U16(bone.index);
  }
  w.EndSection(at);

  at = w.BeginSection("SNAP");
  w.Count(p.snapshots.size());
  for (const std::string& snapshot : p.snapshots)
    w.String(snapshot);
  w.EndSection(at);

  at = w.BeginSection("BSPC");
  w.Count(p.blend_spaces.size());
  for (const BlendSpaceDesc& space : p.blend_spaces) {
    w.String(space.name);
    w.Count(space.sample_count());
    for (float v : space.positions)
      w.F32(v);
    w.Count(space.triangles.size() / 3);
    for (uint16_t v : space.triangles)
      w.U16(v);
  }
  w.EndSection(at);

  at = w.BeginSection("SYNC");
  w.Count(p.sync_groups.size());
  for (const std::string& group : p.sync_groups)
    w.String(group);
  w.EndSection(at);

  at = w.BeginSection("EVNT");
  w.F32(p.events.threshold);
  w.Count(p.events.names.size());
  for (const std::string& name : p.events.names)
    w.String(name);
  w.Count(p.events.clip.size());
  for (const ClipEventDesc& e : p.events.clip) {
    w.U16(e.clock);
    w.U16(e.name);
    w.F32(e.time);
    w.F32(e.duration);
    w.F32(e.threshold);
  }
  w.Count(p.events.state.size());
  for (const StateEventDesc& e : p.events.state) {
    w.U16(e.machine);
    w.U16(e.state);
    w.U8(static_cast<uint8_t>(e.kind));
    w.U16(e.name);
    w.F32(e.threshold);
  }
  w.Count(p.events.transition.size());
  for (const TransitionEventDesc& e : p.events.transition) {
    w.U16(e.machine);
    w.U16(e.transition);
    w.U16(e.name);
    w.F32(e.threshold);
  }
  w.EndSection(at);

  at = w.BeginSection("CURV");
  w.Count(p.curves.size());
  for (const std::string& curve : p.curves)
    w.String(curve);
  w.EndSection(at);

  at = w.BeginSection("BAKE");
  w.Count(p.baked_clips.size());
  for (const BakedClipDesc& c : p.baked_clips) {
    w.String(c.name);
    w.U16(c.source_clip);
    w.U64(c.inputs_hash);
    w.F32(c.sample_rate);
    w.U32(c.frame_count);
    w.U8(c.looping ? 1 : 0);
    w.Count(c.channels.size());
    for (const BakedChannel& channel : c.channels) {
      w.U16(channel.bone);
      w.U8(static_cast<uint8_t>(channel.channel));
      w.U8(channel.step ? 1 : 0);
      for (float k : channel.keys)
        w.F32(k);
    }
    w.Count(c.curves.size());
    for (const BakedCurve& curve : c.curves) {
      w.U16(curve.curve);
      w.U8(curve.step ? 1 : 0);
      for (float k : curve.keys)
        w.F32(k);
    }
  }
  w.EndSection(at);

  at = w.BeginSection("DEBG");
  w.Count(p.debug.size());
  for (const DebugEntry& entry : p.debug) {
    w.U32(entry.code_offset);
    w.String(entry.node);
    w.U32(entry.line);
    w.U32(entry.column);
  }
  w.EndSection(at);
}

}  // namespace

std::vector<uint8_t> WriteProgram(const Program& program) {
  std::vector<uint8_t> body;
  ByteWriter body_writer(body);
  WriteBody(body_writer, program);

  std::vector<uint8_t> out;
  out.reserve(kHeaderSize + body.size());
  ByteWriter w(out);
  w.Tag("ANBC");
  w.U32(program.version);
  w.U32(kHeaderSize);
  w.U32(static_cast<uint32_t>(body.size()));
  w.U64(Fnv1a64(body));
  w.U64(program.skeleton_hash);
  w.U16(program.scalar_register_count);
  w.U16(program.pose_register_count);
  w.U32(kSectionCount);
  w.U64(program.graph_hash);
  out.insert(out.end(), body.begin(), body.end());
  return out;
}

}  // namespace anim::codegen
