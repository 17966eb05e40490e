// Scalar instructions (docs/semantics.md, "Scalar instructions"), each against its table entry,
// including the edges the table spells out: clamp's `hi` wins when `lo > hi`, lerp's `t` is not
// clamped, smoothstep with equal edges, remap outside its input range.
#include <catch2/catch.hpp>

#include <cmath>
#include <initializer_list>

#include "tests/vm/vm_runner_fixture.h"

namespace anim {
namespace {

// One frame of a program that computes `op` over constant operands; returns the result register.
float Evaluate(Opcode op, std::initializer_list<float> operands) {
  test::VmRig rig;
  test::ProgramBuilder b(rig.skeleton);
  const uint16_t out = b.Scalar();
  uint16_t regs[8] = {out};
  int count = 1;
  for (const float v : operands)
    regs[count++] = b.LoadConst(v);
  switch (count) {
    case 2:
      b.Emit(op, {regs[0], regs[1]});
      break;
    case 3:
      b.Emit(op, {regs[0], regs[1], regs[2]});
      break;
    case 4:
      b.Emit(op, {regs[0], regs[1], regs[2], regs[3]});
      break;
    default:
      b.Emit(op, {regs[0], regs[1], regs[2], regs[3], regs[4], regs[5]});
      break;
  }
  test::VmStepper vm(rig, b.program);
  vm.Step(0.1f);
  return vm.instance.scalars[out];
}

}  // namespace

TEST_CASE("scalar maths: unary instructions", "[vm][semantics]") {
  CHECK(Evaluate(Opcode::Move, {-2.5f}) == -2.5f);
  CHECK(Evaluate(Opcode::Neg, {2.5f}) == -2.5f);
  CHECK(Evaluate(Opcode::Abs, {-2.5f}) == 2.5f);
  CHECK(Evaluate(Opcode::Not, {0.0f}) == 1.0f);
  CHECK(Evaluate(Opcode::Not, {-0.5f}) == 0.0f);
  CHECK(Evaluate(Opcode::Sin, {0.5f}) == std::sin(0.5f));
  CHECK(Evaluate(Opcode::Cos, {0.5f}) == std::cos(0.5f));
}

TEST_CASE("scalar maths: arithmetic, min and max keep operand order", "[vm][semantics]") {
  CHECK(Evaluate(Opcode::Add, {1.5f, 2.0f}) == 3.5f);
  CHECK(Evaluate(Opcode::Sub, {1.5f, 2.0f}) == -0.5f);
  CHECK(Evaluate(Opcode::Mul, {1.5f, -2.0f}) == -3.0f);
  CHECK(Evaluate(Opcode::Div, {3.0f, -2.0f}) == -1.5f);
  CHECK(Evaluate(Opcode::Min, {3.0f, -2.0f}) == -2.0f);
  CHECK(Evaluate(Opcode::Max, {3.0f, -2.0f}) == 3.0f);
}

TEST_CASE("scalar maths: comparisons are exact and logic gives 0 or 1", "[vm][semantics]") {
  CHECK(Evaluate(Opcode::Less, {1.0f, 2.0f}) == 1.0f);
  CHECK(Evaluate(Opcode::Less, {2.0f, 2.0f}) == 0.0f);
  CHECK(Evaluate(Opcode::LessEqual, {2.0f, 2.0f}) == 1.0f);
  CHECK(Evaluate(Opcode::Greater, {2.0f, 2.0f}) == 0.0f);
  CHECK(Evaluate(Opcode::GreaterEqual, {2.0f, 2.0f}) == 1.0f);
  CHECK(Evaluate(Opcode::Equal, {0.1f, 0.1f + 1e-7f}) == 0.0f);
  CHECK(Evaluate(Opcode::NotEqual, {0.1f, 0.1f + 1e-7f}) == 1.0f);
  CHECK(Evaluate(Opcode::And, {2.0f, -1.0f}) == 1.0f);
  CHECK(Evaluate(Opcode::And, {2.0f, 0.0f}) == 0.0f);
  CHECK(Evaluate(Opcode::Or, {0.0f, -1.0f}) == 1.0f);
  CHECK(Evaluate(Opcode::Or, {0.0f, 0.0f}) == 0.0f);
}

TEST_CASE("scalar maths: clamp lets hi win when lo > hi", "[vm][semantics]") {
  CHECK(Evaluate(Opcode::Clamp, {5.0f, 0.0f, 2.0f}) == 2.0f);
  CHECK(Evaluate(Opcode::Clamp, {-5.0f, 0.0f, 2.0f}) == 0.0f);
  CHECK(Evaluate(Opcode::Clamp, {1.0f, 0.0f, 2.0f}) == 1.0f);
  // min(max(x, lo), hi): with lo = 3 > hi = 1, every x gives hi.
  CHECK(Evaluate(Opcode::Clamp, {0.0f, 3.0f, 1.0f}) == 1.0f);
  CHECK(Evaluate(Opcode::Clamp, {2.0f, 3.0f, 1.0f}) == 1.0f);
  CHECK(Evaluate(Opcode::Clamp, {5.0f, 3.0f, 1.0f}) == 1.0f);
}

TEST_CASE("scalar maths: lerp does not clamp t, smoothstep and remap edges", "[vm][semantics]") {
  CHECK(Evaluate(Opcode::Lerp, {1.0f, 3.0f, 0.25f}) == 1.5f);
  CHECK(Evaluate(Opcode::Lerp, {1.0f, 3.0f, 2.0f}) == 5.0f);
  CHECK(Evaluate(Opcode::Lerp, {1.0f, 3.0f, -1.0f}) == -1.0f);
  CHECK(Evaluate(Opcode::Smoothstep, {0.0f, 4.0f, 1.0f}) == 0.15625f);  // t = 0.25: t^2 (3 - 2t)
  CHECK(Evaluate(Opcode::Smoothstep, {0.0f, 4.0f, 9.0f}) == 1.0f);
  CHECK(Evaluate(Opcode::Smoothstep, {0.0f, 4.0f, -9.0f}) == 0.0f);
  CHECK(Evaluate(Opcode::Smoothstep, {2.0f, 2.0f, 1.0f}) == 0.0f);  // equal edges: a step at e0
  CHECK(Evaluate(Opcode::Smoothstep, {2.0f, 2.0f, 2.0f}) == 1.0f);
  CHECK(Evaluate(Opcode::Remap, {3.0f, 1.0f, 2.0f, 10.0f, 20.0f}) == 30.0f);  // not clamped
  CHECK(Evaluate(Opcode::Remap, {1.5f, 1.0f, 2.0f, 20.0f, 10.0f}) == 15.0f);
  CHECK(Evaluate(Opcode::Remap, {1.5f, 1.0f, 1.0f, 20.0f, 10.0f}) == 20.0f);  // in0 == in1 gives out0
}

}  // namespace anim
