#include "vm/bytecode/program_loader.h"

#include <array>
#include <cstring>

#include "executor/pose/content_hash.h"
#include "vm/bytecode/byte_reader.h"
#include "vm/bytecode/program_verifier.h"

namespace anim {
namespace {

constexpr int kSectionCount = 16;
constexpr std::array<const char*, kSectionCount> kSectionTags = {
    "CODE", "CNST", "PARM", "CLIP", "CLCK", "SCOP", "MACH", "MASK",
    "BONE", "SNAP", "BSPC", "SYNC", "EVNT", "CURV", "BAKE", "DEBG"};

std::string Tag(const char* tag) {
  return std::string("'") + tag + "'";
}

// Reads one section's payload into the program. `error` names what was cut short or invalid.
class SectionParser {
 public:
  SectionParser(ByteReader& in, Program& program, std::string& error) : in_(in), p_(program), error_(error) {}

  bool Parse(int section) {
    switch (section) {
      case 0:
        return Code();
      case 1:
        return Constants();
      case 2:
        return Params();
      case 3:
        return Clips();
      case 4:
        return Clocks();
      case 5:
        return Scopes();
      case 6:
        return Machines();
      case 7:
        return Masks();
      case 8:
        return Bones();
      case 9:
        return Snapshots();
      case 10:
        return BlendSpaces();
      case 11:
        return Names(p_.sync_groups, "sync group names");
      case 12:
        return Events();
      case 13:
        return Names(p_.curves, "curve names");
      case 14:
        return BakedClips();
      default:
        return Debug();
    }
  }

 private:
  bool Fail(const std::string& what) {
    if (error_.empty()) error_ = what;
    return false;
  }
  // A count of items that each take at least `min_bytes`: refused when the payload cannot hold
  // them, so a corrupt count never makes the loader reserve gigabytes.
  bool Count(uint32_t& count, std::size_t min_bytes, const char* what) {
    if (!in_.U32(count)) return Fail(std::string("cut off before the ") + what + " count");
    if (static_cast<uint64_t>(count) * min_bytes > in_.remaining()) {
      return Fail(std::to_string(count) + " " + what + " do not fit in the section's remaining " +
                  std::to_string(in_.remaining()) + " bytes");
    }
    return true;
  }
  bool Bool(bool& out, const char* what) {
    uint8_t v = 0;
    if (!in_.U8(v)) return Fail(std::string("cut off in ") + what);
    if (v > 1) return Fail(std::string(what) + " is " + std::to_string(v) + ", expected 0 or 1");
    out = v != 0;
    return true;
  }
  bool Cut(const char* what) { return Fail(std::string("cut off in ") + what); }

  bool Code() {
    uint32_t n = 0;
    if (!Count(n, 2, "code words")) return false;
    p_.code.resize(n);
    for (uint16_t& w : p_.code)
      in_.U16(w);
    return true;
  }
  bool Constants() {
    uint32_t n = 0;
    if (!Count(n, 4, "constants")) return false;
    p_.constants.resize(n);
    for (float& c : p_.constants)
      in_.F32(c);
    return true;
  }
  bool Params() {
    uint32_t n = 0;
    if (!Count(n, 2 + 1 + 12 + 1 + 8, "parameters")) return false;
    p_.params.resize(n);
    for (ParamDesc& d : p_.params) {
      uint8_t type = 0;
      if (!in_.String(d.name) || !in_.U8(type)) return Cut("a parameter");
      if (type > static_cast<uint8_t>(ParamType::Vec3)) {
        return Fail("parameter '" + d.name + "' has unknown type " + std::to_string(type));
      }
      d.type = static_cast<ParamType>(type);
      for (float& v : d.default_value) {
        if (!in_.F32(v)) return Cut("a parameter");
      }
      if (!Bool(d.has_range, "a parameter's has_range")) return false;
      if (!in_.F32(d.min) || !in_.F32(d.max)) return Cut("a parameter");
    }
    return true;
  }
  bool Names(std::vector<std::string>& names, const char* what) {
    uint32_t n = 0;
    if (!Count(n, 2, what)) return false;
    names.resize(n);
    for (std::string& name : names) {
      if (!in_.String(name)) return Cut(what);
    }
    return true;
  }
  bool Clips() { return Names(p_.clips, "clip names"); }
  bool Snapshots() { return Names(p_.snapshots, "snapshot names"); }
  bool Clocks() {
    uint32_t n = 0;
    if (!Count(n, 15, "clocks")) return false;
    p_.clocks.resize(n);
    for (ClockDesc& c : p_.clocks) {
      if (!in_.U16(c.clip) || !in_.U16(c.scope)) return Cut("a clock");
      if (!Bool(c.loop, "a clock's loop flag") || !in_.F32(c.start_time)) return Cut("a clock");
      uint8_t role = 0;
      if (!in_.U16(c.sync_group) || !in_.U8(role)) return Cut("a clock");
      if (role >= kSyncRoleCount)
        return Fail("a clock's sync role is " + std::to_string(role) + ", expected 0 to 2");
      c.sync_role = static_cast<SyncRole>(role);
      uint8_t motion = 0;
      if (!in_.U8(motion) || !in_.U16(c.root_motion_bone)) return Cut("a clock");
      if (motion >= kRootMotionModeCount)
        return Fail("a clock's root motion mode is " + std::to_string(motion) + ", expected 0 to 2");
      c.root_motion = static_cast<RootMotionMode>(motion);
    }
    return true;
  }
  bool Scopes() {
    uint32_t n = 0;
    if (!Count(n, 4, "scopes")) return false;
    p_.scopes.resize(n);
    for (ScopeDesc& s : p_.scopes) {
      in_.U16(s.machine);
      in_.U16(s.state);
    }
    return true;
  }
  bool Transition(TransitionDesc& t) {
    uint8_t mode = 0;
    if (!in_.U16(t.from) || !in_.U16(t.to) || !in_.U16(t.condition) || !in_.F32(t.duration) ||
        !in_.U8(mode)) {
      return Cut("a transition");
    }
    if (mode > static_cast<uint8_t>(BlendMode::Crossfade)) {
      return Fail("a transition has unknown blend mode " + std::to_string(mode));
    }
    t.mode = static_cast<BlendMode>(mode);
    if (!in_.F32(t.half_life)) return Cut("a transition");
    if (!Bool(t.can_interrupt, "a transition's can_interrupt")) return false;
    uint8_t curve = 0;
    if (!in_.U8(curve)) return Cut("a transition");
    if (curve > static_cast<uint8_t>(BlendCurve::Cubic)) {
      return Fail("a transition has unknown blend curve " + std::to_string(curve));
    }
    t.curve = static_cast<BlendCurve>(curve);
    uint32_t triggers = 0;
    if (!Count(triggers, 2, "transition triggers")) return false;
    t.consumed_triggers.resize(triggers);
    for (uint16_t& param : t.consumed_triggers)
      in_.U16(param);
    return true;
  }
  bool Machines() {
    uint32_t n = 0;
    if (!Count(n, 2 + 4 + 8, "state machines")) return false;
    p_.machines.resize(n);
    for (MachineDesc& m : p_.machines) {
      uint32_t states = 0, transitions = 0;
      if (!in_.String(m.name) || !in_.U16(m.scope) || !in_.U16(m.initial_state))
        return Cut("a state machine");
      if (!Count(states, 8, "states")) return false;
      m.states.resize(states);
      for (StateDesc& s : m.states) {
        if (!in_.String(s.name) || !in_.U16(s.pose) || !in_.U16(s.scope) || !in_.U16(s.progress_clock)) {
          return Cut("a state");
        }
      }
      if (!Count(transitions, 21, "transitions")) return false;
      m.transitions.resize(transitions);
      for (TransitionDesc& t : m.transitions) {
        if (!Transition(t)) return false;
      }
    }
    return true;
  }
  bool Masks() {
    uint32_t n = 0;
    if (!Count(n, 6, "masks")) return false;
    p_.masks.resize(n);
    for (MaskDesc& m : p_.masks) {
      uint32_t weights = 0;
      if (!in_.String(m.name)) return Cut("a mask");
      if (!Count(weights, 4, "mask weights")) return false;
      m.weights.resize(weights);
      for (float& w : m.weights)
        in_.F32(w);
      if (!Count(weights, 4, "mask curve weights")) return false;
      m.curve_weights.resize(weights);
      for (float& w : m.curve_weights)
        in_.F32(w);
    }
    return true;
  }
  bool Bones() {
    uint32_t n = 0;
    if (!Count(n, 4, "bones")) return false;
    p_.bones.resize(n);
    for (BoneRef& b : p_.bones) {
      if (!in_.String(b.name) || !in_.U16(b.index)) return Cut("a bone");
    }
    return true;
  }
  bool BlendSpaces() {
    uint32_t n = 0;
    if (!Count(n, 2 + 4 + 4, "blend spaces")) return false;
    p_.blend_spaces.resize(n);
    for (BlendSpaceDesc& space : p_.blend_spaces) {
      uint32_t samples = 0, triangles = 0;
      if (!in_.String(space.name)) return Cut("a blend space");
      if (!Count(samples, 8, "blend space samples")) return false;
      space.positions.resize(2 * std::size_t{samples});
      for (float& v : space.positions)
        in_.F32(v);
      if (!Count(triangles, 6, "blend space triangles")) return false;
      space.triangles.resize(3 * std::size_t{triangles});
      for (uint16_t& v : space.triangles)
        in_.U16(v);
    }
    return true;
  }
  bool Events() {
    EventTable& e = p_.events;
    if (!in_.F32(e.threshold)) return Cut("the event threshold");
    if (!Names(e.names, "event names")) return false;
    uint32_t n = 0;
    if (!Count(n, 2 + 2 + 4 + 4 + 4, "clip events")) return false;
    e.clip.resize(n);
    for (ClipEventDesc& c : e.clip) {
      if (!in_.U16(c.clock) || !in_.U16(c.name) || !in_.F32(c.time) || !in_.F32(c.duration) ||
          !in_.F32(c.threshold))
        return Cut("a clip event");
    }
    if (!Count(n, 2 + 2 + 1 + 2 + 4, "state events")) return false;
    e.state.resize(n);
    for (StateEventDesc& s : e.state) {
      uint8_t kind = 0;
      if (!in_.U16(s.machine) || !in_.U16(s.state) || !in_.U8(kind) || !in_.U16(s.name) ||
          !in_.F32(s.threshold))
        return Cut("a state event");
      if (kind >= kStateEventKindCount) return Fail("a state event has unknown kind " + std::to_string(kind));
      s.kind = static_cast<StateEventKind>(kind);
    }
    if (!Count(n, 2 + 2 + 2 + 4, "transition events")) return false;
    e.transition.resize(n);
    for (TransitionEventDesc& t : e.transition) {
      if (!in_.U16(t.machine) || !in_.U16(t.transition) || !in_.U16(t.name) || !in_.F32(t.threshold))
        return Cut("a transition event");
    }
    return true;
  }
  // Keys are counted against what the payload holds before anything is allocated: a corrupt frame
  // or channel count is refused here, never reserved.
  bool Keys(std::vector<float>& keys, uint32_t frames, int components, const char* what) {
    const uint64_t floats = uint64_t{frames} * static_cast<uint64_t>(components);
    if (floats * 4 > in_.remaining()) {
      return Fail(std::string(what) + ": " + std::to_string(frames) +
                  " frames of keys do not fit in the section's remaining " + std::to_string(in_.remaining()) +
                  " bytes");
    }
    keys.resize(static_cast<std::size_t>(floats));
    for (float& k : keys)
      in_.F32(k);
    return true;
  }
  bool BakedClips() {
    uint32_t n = 0;
    if (!Count(n, 2 + 2 + 8 + 4 + 4 + 1 + 4 + 4, "baked clips")) return false;
    p_.baked_clips.resize(n);
    for (BakedClipDesc& c : p_.baked_clips) {
      if (!in_.String(c.name) || !in_.U16(c.source_clip) || !in_.U64(c.inputs_hash) ||
          !in_.F32(c.sample_rate) || !in_.U32(c.frame_count))
        return Cut("a baked clip");
      if (!Bool(c.looping, "a baked clip's looping")) return false;
      uint32_t channels = 0, curves = 0;
      if (!Count(channels, 2 + 1 + 1, "baked channels")) return false;
      c.channels.resize(channels);
      for (BakedChannel& ch : c.channels) {
        uint8_t channel = 0;
        if (!in_.U16(ch.bone) || !in_.U8(channel)) return Cut("a baked channel");
        if (channel > static_cast<uint8_t>(TrackChannel::Scale))
          return Fail("a baked channel has unknown channel " + std::to_string(channel));
        ch.channel = static_cast<TrackChannel>(channel);
        if (!Bool(ch.step, "a baked channel's step") ||
            !Keys(ch.keys, c.frame_count, BakedKeyComponents(ch.channel), "a baked channel"))
          return false;
      }
      if (!Count(curves, 2 + 1, "baked curves")) return false;
      c.curves.resize(curves);
      for (BakedCurve& curve : c.curves) {
        if (!in_.U16(curve.curve)) return Cut("a baked curve");
        if (!Bool(curve.step, "a baked curve's step") || !Keys(curve.keys, c.frame_count, 1, "a baked curve"))
          return false;
      }
    }
    return true;
  }
  bool Debug() {
    uint32_t n = 0;
    if (!Count(n, 14, "debug entries")) return false;
    p_.debug.resize(n);
    for (DebugEntry& d : p_.debug) {
      if (!in_.U32(d.code_offset) || !in_.String(d.node) || !in_.U32(d.line) || !in_.U32(d.column)) {
        return Cut("a debug entry");
      }
    }
    return true;
  }

  ByteReader& in_;
  Program& p_;
  std::string& error_;
};

LoadResult Failure(std::string message) {
  LoadResult result;
  result.outcome = LoadOutcome::Error;
  result.error = std::move(message);
  return result;
}

std::string Bytes(std::size_t n) {
  return std::to_string(n) + (n == 1 ? " byte" : " bytes");
}

}  // namespace

LoadResult LoadProgram(std::span<const uint8_t> bytes) {
  ByteReader header(bytes);
  if (bytes.size() < 4 || std::memcmp(bytes.data(), kBytecodeMagic, 4) != 0) {
    return Failure("bad magic: not an animtc bytecode file");
  }
  std::span<const uint8_t> magic;
  header.Bytes(4, magic);
  uint32_t version = 0;
  if (!header.U32(version)) {
    return Failure("truncated: the header needs " + Bytes(kBytecodeHeaderSize) + ", the file has " +
                   Bytes(bytes.size()));
  }
  LoadResult result;
  result.file_version = version;
  result.program.version = version;
  if (version != kAnimBytecodeVersion) {
    result.outcome = LoadOutcome::VersionMismatch;
    result.error = "bytecode version " + std::to_string(version) + " does not match the runtime's version " +
                   std::to_string(kAnimBytecodeVersion) + ": recompile the graph";
    return result;
  }
  if (bytes.size() < kBytecodeHeaderSize) {
    return Failure("truncated: the header needs " + Bytes(kBytecodeHeaderSize) + ", the file has " +
                   Bytes(bytes.size()));
  }
  uint32_t header_size = 0, body_size = 0, section_count = 0;
  uint64_t checksum = 0;
  Program& p = result.program;
  header.U32(header_size);
  header.U32(body_size);
  header.U64(checksum);
  header.U64(p.skeleton_hash);
  header.U16(p.scalar_register_count);
  header.U16(p.pose_register_count);
  header.U32(section_count);
  header.U64(p.graph_hash);
  if (header_size != kBytecodeHeaderSize) {
    return Failure("bad header size " + std::to_string(header_size) + ", expected " +
                   std::to_string(kBytecodeHeaderSize));
  }
  const std::size_t available = bytes.size() - kBytecodeHeaderSize;
  if (available < body_size) {
    return Failure("truncated: the header says " + Bytes(body_size) + " of body, the file has " +
                   Bytes(available));
  }
  if (available > body_size) {
    return Failure(Bytes(available - body_size) + " trail the " + Bytes(body_size) + " body");
  }
  const std::span<const uint8_t> body = bytes.subspan(kBytecodeHeaderSize, body_size);
  if (Fnv1a64(body) != checksum) return Failure("checksum mismatch: the body is corrupt");
  if (section_count != kSectionCount) {
    return Failure("the header says " + std::to_string(section_count) + " sections, expected " +
                   std::to_string(kSectionCount));
  }

  ByteReader in(body);
  for (int s = 0; s < kSectionCount; ++s) {
    const char* tag = kSectionTags[static_cast<std::size_t>(s)];
    std::span<const uint8_t> found_tag, payload;
    uint32_t size = 0;
    if (!in.Bytes(4, found_tag) || !in.U32(size)) {
      return Failure("truncated: section " + Tag(tag) + " is missing at body offset " +
                     std::to_string(in.offset()));
    }
    if (std::memcmp(found_tag.data(), tag, 4) != 0) {
      return Failure("expected section " + Tag(tag) + " at body offset " + std::to_string(in.offset() - 8) +
                     ", found '" + std::string(reinterpret_cast<const char*>(found_tag.data()), 4) + "'");
    }
    if (!in.Bytes(size, payload)) {
      return Failure("truncated: section " + Tag(tag) + " says " + Bytes(size) + ", the body has " +
                     Bytes(in.remaining()) + " left");
    }
    ByteReader section(payload);
    std::string error;
    if (!SectionParser(section, p, error).Parse(s)) return Failure("section " + Tag(tag) + ": " + error);
    if (section.remaining() != 0) {
      return Failure("section " + Tag(tag) + " has " + Bytes(section.remaining()) + " after its last entry");
    }
  }
  if (in.remaining() != 0) return Failure(Bytes(in.remaining()) + " trail the last section");
  result.outcome = LoadOutcome::Ok;
  return result;
}

LoadResult LoadVerifiedProgram(std::span<const uint8_t> bytes) {
  LoadResult result = LoadProgram(bytes);
  if (!result.ok()) return result;
  const VerifyResult verified = VerifyProgram(result.program);
  if (!verified.ok()) return Failure(verified.error);
  return result;
}

}  // namespace anim
