#include "compiler/passes/constant_folding.h"

#include <array>
#include <cmath>

#include "compiler/passes/scalar_semantics.h"

namespace anim::ir {
namespace {

// Component `c` of a constant operand: vec3 constants give their component, scalars broadcast.
float Component(const Value& v, int c) {
  return v.type == Type::Vec3 ? v.constant[c] : v.constant[0];
}

// Folds `v` (all operands constant) into `out`; false when the op is not foldable.
bool Evaluate(const Graph& graph, const Value& v, float out[3]) {
  std::array<float, 5> args{};
  if (v.operands.size() > args.size()) return false;
  if (v.op == Op::MakeVec3) {
    for (int c = 0; c < 3; ++c)
      out[c] = graph.values[static_cast<size_t>(v.operands[c])].constant[0];
    return true;
  }
  const int components = v.type == Type::Vec3 ? 3 : 1;
  for (int c = 0; c < components; ++c) {
    for (size_t i = 0; i < v.operands.size(); ++i) {
      args[i] = Component(graph.values[static_cast<size_t>(v.operands[i])], c);
    }
    const std::optional<float> result =
        EvalScalarOp(v.op, std::span<const float>(args.data(), v.operands.size()));
    if (!result || !std::isfinite(*result)) return false;
    out[c] = *result;
  }
  return true;
}

}  // namespace

int FoldConstants(Graph& graph) {
  int folded = 0;
  for (Value& v : graph.values) {
    if (v.type == Type::Pose || v.operands.empty()) continue;
    bool all_constant = true;
    for (ValueId op : v.operands)
      all_constant = all_constant && graph.values[static_cast<size_t>(op)].op == Op::Const;
    if (!all_constant) continue;
    float result[3] = {0.0f, 0.0f, 0.0f};
    if (!Evaluate(graph, v, result)) continue;
    v.op = Op::Const;
    v.operands.clear();
    for (int c = 0; c < 3; ++c)
      v.constant[c] = v.type == Type::Vec3 ? result[c] : (c == 0 ? result[0] : 0.0f);
    ++folded;
  }
  return folded;
}

}  // namespace anim::ir
