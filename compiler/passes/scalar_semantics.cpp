#include "compiler/passes/scalar_semantics.h"

#include <algorithm>
#include <cmath>

namespace anim::ir {
namespace {

float Truth(bool b) {
  return b ? 1.0f : 0.0f;
}

float SafeDiv(float a, float b) {
  return b == 0.0f ? 0.0f : a / b;
}

float Smoothstep(float edge0, float edge1, float x) {
  if (edge0 == edge1) return x < edge0 ? 0.0f : 1.0f;
  const float t = std::clamp((x - edge0) / (edge1 - edge0), 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

float Remap(float x, float in0, float in1, float out0, float out1) {
  if (in0 == in1) return out0;
  return out0 + (x - in0) / (in1 - in0) * (out1 - out0);
}

// Clamp as the VM does it: max first, then min, so lo > hi gives hi rather than UB.
float Clamp(float x, float lo, float hi) {
  return std::min(std::max(x, lo), hi);
}

}  // namespace

std::optional<float> EvalScalarOp(Op op, std::span<const float> a) {
  const size_t n = a.size();
  switch (op) {
    case Op::Neg:
      if (n == 1) return -a[0];
      break;
    case Op::Not:
      if (n == 1) return Truth(a[0] == 0.0f);
      break;
    case Op::Abs:
      if (n == 1) return std::fabs(a[0]);
      break;
    case Op::Sin:
      if (n == 1) return std::sin(a[0]);
      break;
    case Op::Cos:
      if (n == 1) return std::cos(a[0]);
      break;
    case Op::Add:
      if (n == 2) return a[0] + a[1];
      break;
    case Op::Sub:
      if (n == 2) return a[0] - a[1];
      break;
    case Op::Mul:
      if (n == 2) return a[0] * a[1];
      break;
    case Op::Div:
      if (n == 2) return SafeDiv(a[0], a[1]);
      break;
    case Op::Min:
      if (n == 2) return std::min(a[0], a[1]);
      break;
    case Op::Max:
      if (n == 2) return std::max(a[0], a[1]);
      break;
    case Op::Less:
      if (n == 2) return Truth(a[0] < a[1]);
      break;
    case Op::LessEqual:
      if (n == 2) return Truth(a[0] <= a[1]);
      break;
    case Op::Greater:
      if (n == 2) return Truth(a[0] > a[1]);
      break;
    case Op::GreaterEqual:
      if (n == 2) return Truth(a[0] >= a[1]);
      break;
    case Op::Equal:
      if (n == 2) return Truth(a[0] == a[1]);
      break;
    case Op::NotEqual:
      if (n == 2) return Truth(a[0] != a[1]);
      break;
    case Op::And:
      if (n == 2) return Truth(a[0] != 0.0f && a[1] != 0.0f);
      break;
    case Op::Or:
      if (n == 2) return Truth(a[0] != 0.0f || a[1] != 0.0f);
      break;
    case Op::Clamp:
      if (n == 3) return Clamp(a[0], a[1], a[2]);
      break;
    case Op::Lerp:
      if (n == 3) return a[0] + (a[1] - a[0]) * a[2];
      break;
    case Op::Smoothstep:
      if (n == 3) return Smoothstep(a[0], a[1], a[2]);
      break;
    case Op::Remap:
      if (n == 5) return Remap(a[0], a[1], a[2], a[3], a[4]);
      break;
    case Op::Select:
      if (n == 3) return a[0] != 0.0f ? a[1] : a[2];
      break;
    default:
      break;
  }
  return std::nullopt;
}

}  // namespace anim::ir
