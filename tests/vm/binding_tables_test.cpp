// The tables ProgramBinding works out once for the recorder: decoded instructions, clock constants
// and the transitions each state can fire, and the clock normalisation they rely on.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "tests/vm/vm_test_rig.h"
#include "vm/clock_time.h"
#include "vm/program_binding.h"

namespace anim {
namespace {

// docs/semantics.md's normalisation, written out with fmod on every call.
float ReferenceNormalized(float t, float duration, bool loop) {
  if (!(duration > 0.0f)) return 0.0f;
  if (!loop) return std::clamp(t, 0.0f, duration);
  float wrapped = std::fmod(t, duration);
  if (wrapped < 0.0f) wrapped += duration;
  return wrapped >= duration ? 0.0f : wrapped;
}

ProgramBinding BindOrFail(const Program& program, const test::VmRig& rig) {
  BindResult bound = ProgramBinding::Bind(program, rig.skeleton, rig.clip_table);
  INFO(bound.error);
  REQUIRE(bound.binding.has_value());
  return *std::move(bound.binding);
}

TEST_CASE("the binding decodes every instruction with its operands and graph node", "[vm][binding]") {
  test::VmRig rig;
  test::ProgramBuilder b(rig.skeleton);
  const uint16_t clock = b.Clock(b.Clip("idle"), 0, true);
  const uint16_t p0 = b.PoseRegister(), p1 = b.PoseRegister(), p2 = b.PoseRegister();
  const uint16_t s0 = b.LoadConst(1.0f);  // no debug entry
  b.Emit(Opcode::SampleClip, {p0, clock, s0}, "player");
  b.Emit(Opcode::ReferencePose, {p1}, "ref");
  b.Emit(Opcode::Blend, {p2, p0, p1, s0}, "mix");
  b.Emit(Opcode::Output, {p2, 0, kNoOperand}, "player");
  const ProgramBinding binding = BindOrFail(b.program, rig);

  const std::span<const BoundInstruction> code = binding.instructions();
  REQUIRE(code.size() == 5);
  const Opcode opcodes[] = {Opcode::LoadConst, Opcode::SampleClip, Opcode::ReferencePose, Opcode::Blend,
                            Opcode::Output};
  const uint32_t operands[] = {1, 4, 8, 10, 15};
  const int32_t nodes[] = {-1, 0, 1, 2, 0};  // "player" is one node, named once
  for (std::size_t i = 0; i < code.size(); ++i) {
    INFO("instruction " << i);
    CHECK(code[i].opcode == opcodes[i]);
    CHECK(code[i].operands == operands[i]);
    CHECK(code[i].node == nodes[i]);
  }
  CHECK(binding.node_names() == std::vector<std::string>{"player", "ref", "mix"});
  CHECK(b.program.code[code[3].operands + 3] == s0);  // blend's alpha operand
}

TEST_CASE("the binding holds each clock's duration and normalised start time", "[vm][binding]") {
  test::VmRig rig;  // idle: 1 s, jump: 0.5 s
  test::ProgramBuilder b(rig.skeleton);
  const uint16_t idle = b.Clip("idle"), jump = b.Clip("jump");
  const uint16_t machine = b.Machine("m", 0, {"a"});
  const uint16_t looping = b.Clock(idle, b.StateScope(machine, 0), true, 1.25f);
  const uint16_t once = b.Clock(jump, 0, false, 2.0f);
  const uint16_t s = b.LoadConst(1.0f);
  b.Emit(Opcode::MachineUpdate, {machine});
  b.Emit(Opcode::SampleClip, {b.StatePose(machine, 0), looping, s});
  const uint16_t out = b.PoseRegister();
  b.Emit(Opcode::MachineRecord, {out, machine});
  const uint16_t sampled = b.PoseRegister();
  b.Emit(Opcode::SampleClip, {sampled, once, s});
  b.Emit(Opcode::Output, {out, 0, kNoOperand});
  const ProgramBinding binding = BindOrFail(b.program, rig);

  REQUIRE(binding.clocks().size() == 2);
  const BoundClock& l = binding.clocks()[looping];
  CHECK(l.duration == rig.clips[0].duration());
  CHECK(l.start == 0.25f);  // wrapped
  CHECK(l.scope == b.StateScope(machine, 0));
  CHECK(l.loop);
  const BoundClock& o = binding.clocks()[once];
  CHECK(o.duration == rig.clips[2].duration());
  CHECK(o.start == o.duration);  // clamped
  CHECK(o.scope == 0);
  CHECK_FALSE(o.loop);
}

TEST_CASE("the binding lists the transitions each state can fire, in priority order", "[vm][binding]") {
  test::VmRig rig;
  test::ProgramBuilder b(rig.skeleton);
  const uint16_t other = b.Machine("other", 0, {"x"});
  const uint16_t m = b.Machine("m", 0, {"a", "b", "c"});
  const uint16_t cond = b.LoadConst(0.0f);
  b.Transition(m, 0, 1, cond);           // 0: a -> b
  b.Transition(m, kNoOperand, 2, cond);  // 1: any -> c
  b.Transition(m, 1, 0, cond);           // 2: b -> a
  b.Transition(m, kNoOperand, 0, cond);  // 3: any -> a
  b.Transition(m, 2, 2, cond);           // 4: c -> c, an explicit self transition
  b.Emit(Opcode::MachineUpdate, {other});
  b.Emit(Opcode::MachineUpdate, {m});
  for (uint16_t state = 0; state < 3; ++state)
    b.Emit(Opcode::ReferencePose, {b.StatePose(m, state)});
  b.Emit(Opcode::ReferencePose, {b.StatePose(other, 0)});
  const uint16_t out = b.PoseRegister();
  b.Emit(Opcode::MachineRecord, {out, m});
  b.Emit(Opcode::Output, {out, 0, kNoOperand});
  const ProgramBinding binding = BindOrFail(b.program, rig);

  using List = std::vector<uint16_t>;
  auto from = [&](uint16_t machine, uint16_t state) {
    List candidates;
    binding.FirstTransition(machine, state, [&](uint16_t i) {
      candidates.push_back(i);
      return false;
    });
    return candidates;
  };
  CHECK(from(other, 0).empty());
  CHECK(from(m, 0) == List{0, 1});  // an any-state transition never re-enters the current state
  CHECK(from(m, 1) == List{1, 2, 3});
  CHECK(from(m, 2) == List{3, 4});
}

TEST_CASE("clock normalisation skips fmod only where fmod would return the time itself", "[vm][clock]") {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float durations[] = {1.0f, 0.7f, 1.0f / 3.0f, 0.0f, -1.0f, nan};
  const float times[] = {0.0f,  -0.0f, 0.3f,  0.6999999f, 0.7f,  0.7000001f, 1.0f, 1.4f, 2.5f,
                         -0.3f, -0.7f, -2.1f, 1e-30f,     1e30f, -1e30f,     inf,  -inf, nan};
  for (const float duration : durations) {
    for (const float t : times) {
      for (const bool loop : {true, false}) {
        INFO("t " << t << ", duration " << duration << (loop ? ", looping" : ", play once"));
        const float expected = ReferenceNormalized(t, duration, loop);
        const float got = NormalizedClockTime(t, duration, loop);
        if (std::isnan(expected)) {
          CHECK(std::isnan(got));
        } else {
          CHECK(std::bit_cast<uint32_t>(got) == std::bit_cast<uint32_t>(expected));
        }
      }
    }
  }
}

}  // namespace
}  // namespace anim
