// Loader and verifier: a written program reads back equal, and every refusal says what is wrong.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <limits>

#include "tests/support/bytecode_edits.h"
#include "tests/vm/vm_test_rig.h"
#include "vm/bytecode/program_loader.h"
#include "vm/bytecode/program_verifier.h"
#include "vm/program_binding.h"

namespace anim {
namespace {

using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using Catch::Matchers::Equals;
using Catch::Matchers::StartsWith;

// A five-instruction program: load_const @0, sample_clip @3, reference_pose @7, blend @9, output @14.
Program SmallProgram(const test::VmRig& rig) {
  test::ProgramBuilder b(rig.skeleton);
  const uint16_t clock = b.Clock(b.Clip("idle"), 0, true);
  const uint16_t p0 = b.PoseRegister(), p1 = b.PoseRegister(), p2 = b.PoseRegister();
  const uint16_t s0 = b.LoadConst(1.0f);
  b.Emit(Opcode::SampleClip, {p0, clock, s0}, "player");
  b.Emit(Opcode::ReferencePose, {p1}, "ref");
  b.Emit(Opcode::Blend, {p2, p0, p1, s0}, "mix");
  b.Emit(Opcode::Output, {p2, 0, kNoOperand}, "out");
  b.program.params.push_back(ParamDesc{"speed", ParamType::Float, {0, 0, 0}, false, 0, 0});
  return b.program;
}

std::string VerifyError(const Program& p) {
  return VerifyProgram(p).error;
}

TEST_CASE("a written program loads back equal and verifies", "[vm][loader]") {
  test::VmRig rig;
  const Program p = test::FullProgram(rig);
  REQUIRE(VerifyProgram(p).ok());
  const std::vector<uint8_t> bytes = test::WriteProgramForTest(p);
  const LoadResult r = LoadVerifiedProgram(bytes);
  REQUIRE(r.error.empty());
  REQUIRE(r.ok());
  const Program& q = r.program;
  CHECK(q.code == p.code);
  CHECK(q.constants == p.constants);
  CHECK(q.skeleton_hash == rig.skeleton.content_hash());
  CHECK(q.scalar_register_count == p.scalar_register_count);
  CHECK(q.pose_register_count == p.pose_register_count);
  REQUIRE(q.params.size() == p.params.size());
  CHECK(q.params[0].name == "speed");
  CHECK(q.params[0].has_range);
  CHECK(q.params[0].max == 10.0f);
  CHECK(q.params[4].type == ParamType::Int);
  CHECK(q.clips == p.clips);
  CHECK(q.sync_groups == p.sync_groups);
  CHECK(q.events.threshold == p.events.threshold);
  CHECK(q.events.names == p.events.names);
  REQUIRE(q.events.clip.size() == 2);
  CHECK(q.events.clip[1].duration == p.events.clip[1].duration);
  CHECK(q.events.clip[1].threshold == p.events.clip[1].threshold);
  REQUIRE(q.events.state.size() == 1);
  CHECK(q.events.state[0].kind == StateEventKind::Enter);
  REQUIRE(q.events.transition.size() == 1);
  CHECK(q.events.transition[0].name == 0);
  REQUIRE(q.clocks.size() == p.clocks.size());
  for (std::size_t c = 0; c < q.clocks.size(); ++c) {
    CHECK(q.clocks[c].sync_group == p.clocks[c].sync_group);
    CHECK(q.clocks[c].sync_role == p.clocks[c].sync_role);
    CHECK(q.clocks[c].root_motion == p.clocks[c].root_motion);
    CHECK(q.clocks[c].root_motion_bone == p.clocks[c].root_motion_bone);
  }
  REQUIRE(q.machines.size() == 2);
  CHECK(q.machines[1].name == "move_sm");
  CHECK(q.machines[1].transitions[0].consumed_triggers == std::vector<uint16_t>{1});
  CHECK(q.machines[0].transitions[1].mode == BlendMode::DeadBlend);
  CHECK(q.machines[1].states[1].progress_clock == p.machines[1].states[1].progress_clock);
  CHECK(q.masks[0].weights == p.masks[0].weights);
  CHECK(q.bones.size() == p.bones.size());
  CHECK(q.snapshots == p.snapshots);
  REQUIRE(q.blend_spaces.size() == 1);
  CHECK(q.blend_spaces[0].name == "strafe");
  CHECK(q.blend_spaces[0].positions == p.blend_spaces[0].positions);
  CHECK(q.blend_spaces[0].triangles == p.blend_spaces[0].triangles);
  REQUIRE(q.debug.size() == p.debug.size());
  CHECK(q.debug.back().node == "out");
  CHECK(q.debug.back().code_offset == p.debug.back().code_offset);
}

TEST_CASE("the container's refusals", "[vm][loader]") {
  test::VmRig rig;
  const std::vector<uint8_t> good = test::WriteProgramForTest(SmallProgram(rig));
  std::vector<uint8_t> bytes = good;

  SECTION("wrong magic, including files too short to hold it") {
    bytes[0] = 'X';
    CHECK_THAT(LoadProgram(bytes).error, Equals("bad magic: not an animtc bytecode file"));
    CHECK_THAT(LoadProgram({}).error, Equals("bad magic: not an animtc bytecode file"));
    CHECK_THAT(LoadProgram(std::span(good).first(3)).error, Equals("bad magic: not an animtc bytecode file"));
  }
  SECTION("another version is its own outcome, naming both versions, with a header-only program") {
    const uint32_t old_version = 0;
    std::memcpy(&bytes[4], &old_version, 4);
    const LoadResult r = LoadVerifiedProgram(bytes);
    CHECK(r.outcome == LoadOutcome::VersionMismatch);
    CHECK(r.file_version == 0);
    CHECK(r.program.version == 0);
    CHECK(r.program.code.empty());
    CHECK_THAT(r.error, Equals("bytecode version 0 does not match the runtime's version " +
                               std::to_string(kAnimBytecodeVersion) + ": recompile the graph"));
  }
  SECTION("truncation at several points") {
    CHECK_THAT(LoadProgram(std::span(good).first(6)).error,
               Equals("truncated: the header needs 48 bytes, the file has 6 bytes"));
    CHECK_THAT(LoadProgram(std::span(good).first(30)).error,
               Equals("truncated: the header needs 48 bytes, the file has 30 bytes"));
    const std::size_t body = good.size() - 48;
    CHECK_THAT(LoadProgram(std::span(good).first(48)).error,
               Equals("truncated: the header says " + std::to_string(body) +
                      " bytes of body, the file has 0 bytes"));
    CHECK_THAT(LoadProgram(std::span(good).first(148)).error,
               Equals("truncated: the header says " + std::to_string(body) +
                      " bytes of body, the file has 100 bytes"));
    // Cut inside a section, with the header resealed so only the section layout is wrong.
    bytes.resize(48 + 20);
    test::ResealProgram(bytes);
    const std::size_t code_bytes = 4 + 2 * SmallProgram(rig).code.size();
    CHECK_THAT(LoadProgram(bytes).error,
               Equals("truncated: section 'CODE' says " + std::to_string(code_bytes) +
                      " bytes, the body has 12 bytes left"));
    bytes = good;
    bytes.resize(bytes.size() - 10);
    test::ResealProgram(bytes);
    CHECK_THAT(LoadProgram(bytes).error, StartsWith("truncated: section 'DEBG' says"));
  }
  SECTION("trailing bytes") {
    bytes.push_back(0);
    CHECK_THAT(LoadProgram(bytes).error,
               Equals("1 byte trail the " + std::to_string(good.size() - 48) + " bytes body"));
    test::ResealProgram(bytes);
    CHECK_THAT(LoadProgram(bytes).error, Equals("1 byte trail the last section"));
  }
  SECTION("a flipped body byte is a checksum mismatch") {
    bytes[60] ^= 0x40;
    CHECK_THAT(LoadProgram(bytes).error, Equals("checksum mismatch: the body is corrupt"));
  }
  SECTION("sections out of order or miscounted") {
    bytes[48] = 'X';
    test::ResealProgram(bytes);
    CHECK_THAT(LoadProgram(bytes).error, Equals("expected section 'CODE' at body offset 0, found 'XODE'"));
    bytes = good;
    bytes[36] = 10;
    CHECK_THAT(LoadProgram(bytes).error, Equals("the header says 10 sections, expected 16"));
    bytes = good;
    bytes[8] = 40;
    CHECK_THAT(LoadProgram(bytes).error, Equals("bad header size 40, expected 48"));
  }
  SECTION("a count larger than its section") {
    bytes[48 + 8] = 0xFF;  // CODE count
    test::ResealProgram(bytes);
    CHECK_THAT(LoadProgram(bytes).error, Contains("section 'CODE': 255 code words do not fit"));
  }
  SECTION("a sync role past the three there are") {
    const auto clocks = std::search(bytes.begin(), bytes.end(), std::begin("CLCK"), std::end("CLCK") - 1);
    REQUIRE(clocks != bytes.end());
    // tag, size, count, then clip, scope, loop, start time and sync group before the role byte.
    clocks[4 + 4 + 4 + 2 + 2 + 1 + 4 + 2] = 3;
    test::ResealProgram(bytes);
    CHECK_THAT(LoadProgram(bytes).error, EndsWith("a clock's sync role is 3, expected 0 to 2"));
  }
  SECTION("a root motion mode past the three there are") {
    const auto clocks = std::search(bytes.begin(), bytes.end(), std::begin("CLCK"), std::end("CLCK") - 1);
    REQUIRE(clocks != bytes.end());
    // tag, size, count, then clip, scope, loop, start time, sync group and role before the mode byte.
    clocks[4 + 4 + 4 + 2 + 2 + 1 + 4 + 2 + 1] = 3;
    test::ResealProgram(bytes);
    CHECK_THAT(LoadProgram(bytes).error, EndsWith("a clock's root motion mode is 3, expected 0 to 2"));
  }
}

TEST_CASE("the verifier's refusals name the instruction, the operand and the limit", "[vm][verifier]") {
  test::VmRig rig;
  Program p = SmallProgram(rig);
  REQUIRE(VerifyProgram(p).ok());

  SECTION("a pose register out of range") {
    p.code[10] = 9;
    CHECK_THAT(VerifyError(p),
               Equals("instruction at word 9 (blend): pose register 9 is out of range (program has 3)"));
  }
  SECTION("a pose register read before any write") {
    p.code[11] = 2;
    CHECK_THAT(VerifyError(p), Equals("pose register 2 read at word 9 before any write"));
  }
  SECTION("a scalar register out of range") {
    p.code[13] = 7;
    CHECK_THAT(VerifyError(p),
               Equals("instruction at word 9 (blend): scalar register 7 is out of range (program has 1)"));
  }
  SECTION("a parameter index where a clock belongs") {
    p.code[5] = 1;
    p.clocks.clear();
    CHECK_THAT(VerifyError(p),
               Equals("instruction at word 3 (sample_clip): clock 1 is out of range (program has 0)"));
  }
  SECTION("a constant, a bone and an optional bone out of range") {
    p.code[2] = 4;
    CHECK_THAT(VerifyError(p),
               Equals("instruction at word 0 (load_const): constant 4 is out of range (program has 1)"));
    p.code[2] = 0;
    p.code[17] = 3;
    CHECK_THAT(VerifyError(p),
               Equals("instruction at word 14 (output): bone 3 is out of range (program has 0)"));
  }
  SECTION("an unknown opcode and a cut-off instruction") {
    p.code[7] = 99;
    CHECK_THAT(VerifyError(p), Equals("word 7: unknown opcode 99"));
    p = SmallProgram(rig);
    p.code.resize(16);
    CHECK_THAT(
        VerifyError(p),
        Equals("instruction at word 14 (output) is cut off: it needs 3 operands, the code has 1 words left"));
  }
  SECTION("an operand of the wrong kind: component 1 of a float parameter") {
    p.code.insert(p.code.begin(), {static_cast<uint16_t>(Opcode::LoadParam), 0, 0, 1});
    p.debug.clear();
    CHECK_THAT(VerifyError(p),
               Equals("instruction at word 0 (load_param): component 1 of float parameter 'speed' "
                      "does not exist"));
  }
  SECTION("immediates outside their meaning") {
    p.code[16] = 2;
    CHECK_THAT(VerifyError(p), Equals("instruction at word 14 (output): lock_root must be 0 or 1"));
  }
  SECTION("a clock sampled twice") {
    p.code.insert(p.code.begin() + 7, {static_cast<uint16_t>(Opcode::SampleClip), 1, 0, 0});
    p.debug.clear();
    CHECK_THAT(VerifyError(p), Equals("instruction at word 7 (sample_clip): clock 0 is sampled twice"));
  }
  SECTION("a state value of the root scope, or of a scope past the table") {
    p.code.insert(p.code.begin(), {static_cast<uint16_t>(Opcode::StateTime), 0, 0});
    p.debug.clear();
    CHECK_THAT(VerifyError(p),
               Equals("instruction at word 0 (state_time): scope 0 is the root, which runs in no state"));
    p.code[2] = 5;
    CHECK_THAT(VerifyError(p),
               Equals("instruction at word 0 (state_time): scope 5 is out of range (program has 1)"));
  }
  SECTION("smoother slots: one per damp or spring, each named once") {
    const uint16_t damp = static_cast<uint16_t>(Opcode::Damp), spring = static_cast<uint16_t>(Opcode::Spring);
    p.code.insert(p.code.begin(), {damp, 0, 0, 0, 0, spring, 0, 0, 0, 0});
    p.debug.clear();
    CHECK_THAT(VerifyError(p), Equals("instruction at word 5 (spring): smoother slot 0 is named twice"));
    p.code[4] = 2;
    CHECK_THAT(VerifyError(p),
               Equals("instruction at word 0 (damp): smoother slot 2 is out of range (program has 2)"));
    p.code[4] = 1;
    CHECK(VerifyError(p).empty());
  }
  SECTION("debug offsets must point at instructions") {
    p.debug[1].code_offset = 4;
    CHECK_THAT(VerifyError(p), Equals("debug entry 1: word 4 is not the start of an instruction"));
  }
  SECTION("another version") {
    p.version = 1;
    CHECK_THAT(VerifyError(p), Equals("bytecode version 1 does not match the runtime's version " +
                                      std::to_string(kAnimBytecodeVersion)));
  }
  SECTION("a missing root scope") {
    p.scopes[0].machine = 0;
    CHECK_THAT(VerifyError(p), Equals("scope 0 must be the root scope (machine and state 0xFFFF)"));
  }
  SECTION("a clock naming a clip past the table") {
    p.clocks[0].clip = 5;
    CHECK_THAT(VerifyError(p), Equals("clock 0: clip 5 is out of range (program has 1 loaded and 0 baked)"));
  }
  SECTION("a clock taking the motion of a bone past the table") {
    p.clocks[0].root_motion = RootMotionMode::Extract;
    p.clocks[0].root_motion_bone = 7;
    CHECK_THAT(VerifyError(p), Equals("clock 0: root motion bone 7 is out of range (program has 0)"));
  }
  SECTION("a clock in a sync group past the table") {
    p.clocks[0].sync_group = 0;
    CHECK_THAT(VerifyError(p), Equals("clock 0: sync group 0 is out of range (program has 0)"));
  }
  SECTION("non-finite constants") {
    p.constants[0] = std::numeric_limits<float>::infinity();
    CHECK_THAT(VerifyError(p), Equals("constant 0 is not finite"));
  }
}

TEST_CASE("the verifier checks machine tables and machine instruction order", "[vm][verifier]") {
  test::VmRig rig;
  Program p = test::FullProgram(rig);
  REQUIRE(VerifyProgram(p).ok());
  MachineDesc& loco = p.machines[0];

  SECTION("a trigger list naming a float parameter") {
    loco.transitions[0].consumed_triggers = {0};
    CHECK_THAT(VerifyError(p),
               Equals("transition 0 of machine 'loco': parameter 'speed' is a float, not a trigger"));
  }
  SECTION("a transition condition register out of range") {
    loco.transitions[1].condition = 999;
    CHECK_THAT(VerifyError(p),
               StartsWith("transition 1 of machine 'loco': condition register 999 is out of range"));
  }
  SECTION("a transition to a state that does not exist") {
    loco.transitions[0].to = 2;
    CHECK_THAT(VerifyError(p), Equals("transition 0 of machine 'loco': 'to' state is out of range"));
  }
  SECTION("a state whose scope belongs to another state") {
    loco.states[0].scope = loco.states[1].scope;
    CHECK_THAT(VerifyError(p), StartsWith("machine 'loco', state 'idle': scope"));
  }
  SECTION("a state pose register out of range") {
    loco.states[1].pose = 500;
    CHECK_THAT(VerifyError(p), StartsWith("machine 'loco', state 'move': pose register 500 is out of range"));
  }
  SECTION("a machine nested in its own state") {
    loco.scope = loco.states[0].scope;
    CHECK_THAT(VerifyError(p), Equals("machine 'loco' is nested inside itself"));
  }
  SECTION("machine_record before machine_update") {
    for (std::size_t pc = 0; pc < p.code.size(); pc += 1 + FindOpcode(p.code[pc])->operand_count) {
      if (p.code[pc] == static_cast<uint16_t>(Opcode::MachineUpdate) && p.code[pc + 1] == 1) {
        p.code[pc] = static_cast<uint16_t>(Opcode::Nop);
        p.code[pc + 1] = static_cast<uint16_t>(Opcode::Nop);
        p.debug.erase(std::remove_if(p.debug.begin(), p.debug.end(),
                                     [&](const DebugEntry& d) { return d.code_offset == pc; }),
                      p.debug.end());
        break;
      }
    }
    CHECK_THAT(VerifyError(p), EndsWith("machine 'move_sm' is recorded before its update"));
  }
}

TEST_CASE("the verifier checks blend space tables and the samples their weights name", "[vm][verifier]") {
  test::VmRig rig;
  Program p = test::FullProgram(rig);
  REQUIRE(VerifyProgram(p).ok());
  BlendSpaceDesc& space = p.blend_spaces[0];

  SECTION("too few samples") {
    space.positions.resize(4);
    space.triangles = {0, 1, 0};
    CHECK_THAT(VerifyError(p), Equals("blend space 'strafe' has 2 samples; it needs 3 to 256"));
  }
  SECTION("a position past the format's range, or not finite") {
    space.positions[3] = 2e6f;
    CHECK_THAT(VerifyError(p), Equals("blend space 'strafe' has a sample position outside +-1000000"));
    space.positions[3] = std::numeric_limits<float>::quiet_NaN();
    CHECK_THAT(VerifyError(p), Equals("blend space 'strafe' has a sample position outside +-1000000"));
  }
  SECTION("samples spanning almost nothing") {
    for (float& v : space.positions)
      v *= 1e-7f;
    CHECK_THAT(VerifyError(p), Equals("blend space 'strafe': its samples span less than 1e-6"));
  }
  SECTION("a triangle naming a sample past the table") {
    space.triangles[4] = 4;
    CHECK_THAT(VerifyError(p), Equals("blend space 'strafe': triangle 1 names sample 4 (the space has 4)"));
  }
  SECTION("a clockwise or flat triangle, which would divide by its area") {
    std::swap(space.triangles[1], space.triangles[2]);
    CHECK_THAT(VerifyError(p),
               Equals("blend space 'strafe': triangle 0 is not counter-clockwise with an area "
                      "(its samples are on one line)"));
    space.triangles = {0, 1, 2, 0, 2, 2};
    CHECK_THAT(VerifyError(p), StartsWith("blend space 'strafe': triangle 1 is not counter-clockwise"));
  }
  SECTION("a corner count that is not whole triangles") {
    space.triangles.push_back(1);
    CHECK_THAT(VerifyError(p), Equals("blend space 'strafe' has 7 triangle corners; it needs a positive "
                                      "multiple of 3, at most 6 per sample"));
  }
  SECTION("a weight instruction naming a sample or a space the program does not have") {
    for (std::size_t pc = 0; pc < p.code.size(); pc += 1 + FindOpcode(p.code[pc])->operand_count) {
      if (p.code[pc] != static_cast<uint16_t>(Opcode::BlendSpaceWeight)) continue;
      p.code[pc + 3] = 4;
      CHECK_THAT(VerifyError(p),
                 EndsWith("(blend_space_weight): sample 4 is out of range for blend space 'strafe'"));
      p.code[pc + 2] = 1;
      CHECK_THAT(VerifyError(p),
                 EndsWith("(blend_space_weight): blend space 1 is out of range (program has 1)"));
    }
  }
}

TEST_CASE("a nested machine must be updated after the machine it is nested in", "[vm][verifier]") {
  test::VmRig rig;
  test::ProgramBuilder b(rig.skeleton);
  const uint16_t outer = b.Machine("outer", 0, {"only"});
  const uint16_t inner = b.Machine("inner", b.StateScope(outer, 0), {"a"});
  b.Emit(Opcode::MachineUpdate, {inner});
  b.Emit(Opcode::MachineUpdate, {outer});
  CHECK_THAT(VerifyError(b.program),
             Equals("instruction at word 0 (machine_update): machine 'inner' is updated "
                    "before the machine it is nested in, 'outer'"));
}

// SmallProgram whose clock plays a baked clip (index 1, after the one loaded clip): a delta of
// 'idle' with one rotation channel over two frames and one curve.
Program ProgramWithBakedClip(const test::VmRig& rig) {
  Program p = SmallProgram(rig);
  p.curves = {"jaw"};
  BakedClipDesc baked;
  baked.name = "idle~additive";
  baked.source_clip = 0;
  baked.sample_rate = 30.0f;
  baked.frame_count = 2;
  baked.channels = {{1, TrackChannel::Rotation, false, {0.0f, 0.0f, 0.6f, 0.8f, 0.0f, 0.6f, 0.0f, 0.8f}}};
  baked.curves = {{0, false, {0.0f, 1.0f}}};
  p.baked_clips = {baked};
  p.clocks[0].clip = 1;
  return p;
}

TEST_CASE("malformed baked clips are refused by the loader and the verifier", "[vm][loader][verifier]") {
  test::VmRig rig;
  Program p = ProgramWithBakedClip(rig);
  REQUIRE(VerifyProgram(p).ok());
  const LoadResult round_trip = LoadVerifiedProgram(test::WriteProgramForTest(p));
  REQUIRE(round_trip.ok());
  REQUIRE(round_trip.program.baked_clips.size() == 1);
  CHECK(round_trip.program.baked_clips[0].channels[0].keys == p.baked_clips[0].channels[0].keys);
  CHECK(round_trip.program.baked_clips[0].curves[0].keys == p.baked_clips[0].curves[0].keys);
  BakedClipDesc& baked = p.baked_clips[0];

  SECTION("a frame count the section's keys cannot hold is refused before anything is allocated") {
    baked.frame_count = 1000000;
    CHECK_THAT(LoadProgram(test::WriteProgramForTest(p)).error,
               StartsWith("section 'BAKE': a baked channel: 1000000 frames of keys do not fit"));
  }
  SECTION("a channel number past scale") {
    baked.channels[0].channel = static_cast<TrackChannel>(7);
    CHECK_THAT(LoadProgram(test::WriteProgramForTest(p)).error,
               Equals("section 'BAKE': a baked channel has unknown channel 7"));
  }
  SECTION("a source past the clip table") {
    baked.source_clip = 1;
    CHECK_THAT(VerifyError(p),
               Equals("baked clip 0 'idle~additive': its source clip 1 is out of range (program has 1)"));
  }
  SECTION("no frames, or a rate that is not positive") {
    baked.frame_count = 0;
    CHECK_THAT(VerifyError(p), EndsWith("it has 0 frames; the format allows 1 to 1048576"));
    baked.frame_count = 2;
    baked.sample_rate = -1.0f;
    CHECK_THAT(VerifyError(p), EndsWith("its sample rate is not a positive number"));
  }
  SECTION("channels out of order, with the wrong key count, not finite, or not unit rotations") {
    baked.channels.push_back(baked.channels[0]);
    CHECK_THAT(VerifyError(p), Contains("channel 1 is out of order or repeated"));
    baked.channels.pop_back();
    baked.channels[0].keys.pop_back();
    CHECK_THAT(VerifyError(p), EndsWith("channel 0 has 7 key floats, expected 8"));
    baked.channels[0].keys.push_back(std::numeric_limits<float>::infinity());
    CHECK_THAT(VerifyError(p), EndsWith("channel 0 has a non-finite key"));
    baked.channels[0].keys.back() = 0.5f;
    CHECK_THAT(VerifyError(p), EndsWith("channel 0 has a rotation key that is not unit length"));
  }
  SECTION("a bone past any skeleton, a curve past the table") {
    baked.channels[0].bone = 40000;
    CHECK_THAT(VerifyError(p), EndsWith("channel 0 names bone 40000, past any skeleton"));
    baked.channels[0].bone = 1;
    baked.curves[0].curve = 1;
    CHECK_THAT(VerifyError(p), EndsWith("curve 0 names curve 1, past the curve table (1)"));
  }
  SECTION("a clock past both clip tables, or taking root motion out of a baked clip") {
    p.clocks[0].clip = 2;
    CHECK_THAT(VerifyError(p), Equals("clock 0: clip 2 is out of range (program has 1 loaded and 1 baked)"));
    p.clocks[0].clip = 1;
    p.clocks[0].root_motion = RootMotionMode::Extract;
    p.clocks[0].root_motion_bone = 0;
    p.bones = {{"b0", 0}};
    CHECK_THAT(VerifyError(p),
               Equals("clock 0 plays baked clip 'idle~additive' but takes root motion out of it"));
  }
  SECTION("binding: a bone past the skeleton, and a stale bake") {
    baked.channels[0].bone = 6;
    CHECK_THAT(ProgramBinding::Bind(p, rig.skeleton, rig.clip_table).error,
               Equals("baked clip 'idle~additive' names bone 6, past skeleton 'vm_chain'"));
    baked.channels[0].bone = 1;
    CHECK_THAT(ProgramBinding::Bind(p, rig.skeleton, rig.clip_table).error,
               StartsWith("baked clip 'idle~additive' was baked from another 'idle'"));
    baked.inputs_hash = BakedClipInputsHash(rig.skeleton.content_hash(), rig.clip_table[0]->content_hash());
    const BindResult bound = ProgramBinding::Bind(p, rig.skeleton, rig.clip_table);
    REQUIRE(bound.binding);
    REQUIRE(bound.binding->clips().size() == 2);
    CHECK(bound.binding->clips()[1]->name() == "idle~additive");
    CHECK(bound.binding->clips()[1]->pose_kind() == PoseKind::AdditiveLocal);
  }
}

TEST_CASE("binding refuses programs that do not fit the assets", "[vm][binding]") {
  test::VmRig rig;
  Program p = test::FullProgram(rig);
  REQUIRE(ProgramBinding::Bind(p, rig.skeleton, rig.clip_table).binding.has_value());

  SECTION("another skeleton") {
    p.skeleton_hash ^= 1;
    CHECK_THAT(ProgramBinding::Bind(p, rig.skeleton, rig.clip_table).error,
               StartsWith("the program was compiled for skeleton 0x"));
  }
  SECTION("a missing clip, named") {
    const std::vector<const Clip*> two = {rig.clip_table[0], rig.clip_table[1]};
    CHECK_THAT(ProgramBinding::Bind(p, rig.skeleton, two).error, Equals("clip 'jump' is not loaded"));
  }
  SECTION("a mask with the wrong weight count") {
    p.masks[0].weights.push_back(1.0f);
    CHECK_THAT(ProgramBinding::Bind(p, rig.skeleton, rig.clip_table).error,
               Equals("mask 'upper' has 7 weights, the skeleton has 6 bones"));
  }
  SECTION("a bone index past the skeleton") {
    p.bones[0].index = 6;
    CHECK_THAT(ProgramBinding::Bind(p, rig.skeleton, rig.clip_table).error,
               Equals("bone 'b0' (index 6) is not in skeleton 'vm_chain' at that index"));
  }
  SECTION("an unverifiable program") {
    p.code.push_back(77);
    CHECK_THAT(ProgramBinding::Bind(p, rig.skeleton, rig.clip_table).error, EndsWith("unknown opcode 77"));
  }
}

}  // namespace
}  // namespace anim
