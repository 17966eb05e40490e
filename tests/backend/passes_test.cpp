// The IR passes: constant folding with the VM's semantics, value merging, dead value elimination
// (state machine states and transition conditions kept), and the IR verifier on broken graphs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "compiler/passes/constant_folding.h"
#include "compiler/passes/dead_value_elimination.h"
#include "compiler/passes/ir_verifier.h"
#include "compiler/passes/pass_pipeline.h"
#include "compiler/passes/scalar_semantics.h"
#include "compiler/passes/value_merging.h"
#include "tests/backend/graph_builder.h"

namespace anim {
namespace {

using ir::Op;
using ir::Type;
using test::GraphBuilder;

// A graph whose output blends two clips by `alpha`, so scalar values are reachable.
ir::ValueId UseAsAlpha(GraphBuilder& b, ir::ValueId alpha) {
  const ir::ValueId rate = b.Const(1.0f, "rate");
  const ir::ValueId walk = b.Clip("walk", rate, "walk");
  const ir::ValueId run = b.Clip("run", rate, "run");
  const ir::ValueId mix = b.Blend(walk, run, alpha, "mix");
  b.Output(mix);
  return mix;
}

const ir::Value& AlphaOf(const ir::Graph& g) {
  return g.values[static_cast<size_t>(g.values[static_cast<size_t>(g.output)].operands[2])];
}

TEST_CASE("scalar semantics follow the VM: x/0 = 0, comparisons and logic give 0 or 1") {
  using ir::EvalScalarOp;
  const float two_three[] = {2.0f, 3.0f};
  const float by_zero[] = {5.0f, 0.0f};
  CHECK(EvalScalarOp(Op::Div, by_zero) == 0.0f);
  CHECK(EvalScalarOp(Op::Div, two_three) == 2.0f / 3.0f);
  CHECK(EvalScalarOp(Op::Less, two_three) == 1.0f);
  CHECK(EvalScalarOp(Op::GreaterEqual, two_three) == 0.0f);
  CHECK(EvalScalarOp(Op::And, two_three) == 1.0f);
  CHECK(EvalScalarOp(Op::And, by_zero) == 0.0f);
  CHECK(EvalScalarOp(Op::Or, by_zero) == 1.0f);
  const float zero[] = {0.0f};
  CHECK(EvalScalarOp(Op::Not, zero) == 1.0f);
  CHECK(EvalScalarOp(Op::Not, two_three) == std::nullopt);  // wrong arity is not a function
  const float remap_flat[] = {0.7f, 1.0f, 1.0f, 10.0f, 20.0f};
  CHECK(EvalScalarOp(Op::Remap, remap_flat) == 10.0f);
  const float remap[] = {0.5f, 0.0f, 1.0f, 10.0f, 20.0f};
  CHECK(EvalScalarOp(Op::Remap, remap) == Approx(15.0f));
  const float clamp_inverted[] = {5.0f, 3.0f, 1.0f};  // lo > hi: hi, never UB
  CHECK(EvalScalarOp(Op::Clamp, clamp_inverted) == 1.0f);
  const float smooth_step_edge[] = {1.0f, 1.0f, 0.5f};
  CHECK(EvalScalarOp(Op::Smoothstep, smooth_step_edge) == 0.0f);
  const float smooth_mid[] = {0.0f, 2.0f, 1.0f};
  CHECK(EvalScalarOp(Op::Smoothstep, smooth_mid) == Approx(0.5f));
  CHECK(EvalScalarOp(Op::Const, zero) == std::nullopt);
}

TEST_CASE("constant folding collapses a constant expression tree into one constant") {
  GraphBuilder b;
  const ir::ValueId two = b.Const(2.0f), three = b.Const(3.0f), zero = b.Const(0.0f);
  const ir::ValueId quotient = b.Scalar(Op::Div, Type::Float, {three, zero});  // 0, as the VM
  const ir::ValueId sum = b.Scalar(Op::Add, Type::Float, {two, quotient});
  const ir::ValueId angle = b.Scalar(Op::Sin, Type::Float, {sum});
  const ir::ValueId alpha = b.Scalar(Op::Clamp, Type::Float, {angle, zero, three});
  UseAsAlpha(b, alpha);
  ir::Graph g = b.Take();
  CHECK(ir::FoldConstants(g) == 4);
  EliminateDeadValues(g);
  REQUIRE(ir::VerifyGraph(g).empty());
  const ir::Value& folded = AlphaOf(g);
  CHECK(folded.op == Op::Const);
  CHECK(folded.operands.empty());
  CHECK(folded.constant[0] == std::clamp(std::sin(2.0f), 0.0f, 3.0f));
}

TEST_CASE("constant folding: comparisons give bools, logic folds, parameters stop folding") {
  GraphBuilder b;
  const ir::ValueId one = b.Const(1.0f), two = b.Const(2.0f);
  const ir::ValueId speed = b.Param("speed", ParamType::Float, 1.5f);
  const ir::ValueId less = b.Scalar(Op::Less, Type::Bool, {one, two});
  const ir::ValueId negated = b.Scalar(Op::Not, Type::Bool, {less});
  const ir::ValueId with_param = b.Scalar(Op::Mul, Type::Float, {speed, two});
  const ir::ValueId picked = b.Scalar(Op::Lerp, Type::Float, {with_param, one, negated});
  UseAsAlpha(b, picked);
  ir::Graph g = b.Take();
  CHECK(ir::FoldConstants(g) == 2);
  CHECK(g.values[static_cast<size_t>(less)].op == Op::Const);
  CHECK(g.values[static_cast<size_t>(less)].type == Type::Bool);
  CHECK(g.values[static_cast<size_t>(less)].constant[0] == 1.0f);
  CHECK(g.values[static_cast<size_t>(negated)].constant[0] == 0.0f);
  CHECK(g.values[static_cast<size_t>(with_param)].op == Op::Mul);
  CHECK(g.values[static_cast<size_t>(picked)].op == Op::Lerp);
}

TEST_CASE("constant folding works component-wise on vec3 and leaves non-finite results alone") {
  GraphBuilder b;
  const ir::ValueId a = b.Vec(1.0f, -2.0f, 3.0f), c = b.Vec(0.5f, 0.5f, 0.5f);
  const ir::ValueId half = b.Const(0.5f), huge = b.Const(1e30f);
  const ir::ValueId sum = b.Scalar(Op::Add, Type::Vec3, {a, c});
  const ir::ValueId scaled = b.Scalar(Op::Mul, Type::Vec3, {half, sum});  // scalar * vec3
  const ir::ValueId absolute = b.Scalar(Op::Abs, Type::Vec3, {scaled});
  const ir::ValueId built = b.Scalar(Op::MakeVec3, Type::Vec3, {half, huge, half});
  const ir::ValueId overflow = b.Scalar(Op::Mul, Type::Float, {huge, huge});
  const ir::ValueId rate = b.Const(1.0f);
  const ir::ValueId walk = b.Clip("walk", rate, "walk");
  const uint16_t bone = b.Bone("hand");
  const ir::ValueId moved = b.Pose(Op::TranslateBone, {walk, absolute, overflow}, "move");
  b.graph().values[static_cast<size_t>(moved)].bones[0] = bone;
  const ir::ValueId moved2 = b.Pose(Op::TranslateBone, {moved, built, half}, "move2");
  b.Output(moved2);
  ir::Graph g = b.Take();
  REQUIRE(ir::VerifyGraph(g).empty());
  ir::FoldConstants(g);
  const ir::Value& folded = g.values[static_cast<size_t>(absolute)];
  REQUIRE(folded.op == Op::Const);
  for (int i = 0; i < 3; ++i) {
    const float av[] = {1.0f, -2.0f, 3.0f};
    CHECK(folded.constant[i] == std::fabs(0.5f * (av[i] + 0.5f)));
  }
  CHECK(g.values[static_cast<size_t>(built)].op == Op::Const);
  CHECK(g.values[static_cast<size_t>(built)].constant[1] == 1e30f);
  CHECK(g.values[static_cast<size_t>(overflow)].op == Op::Mul);  // inf is the VM's business
}

TEST_CASE("value merging shares identical constants, parameter reads and scalar expressions") {
  GraphBuilder b;
  const ir::ValueId p1 = b.Param("speed", ParamType::Float);
  const ir::ValueId k1 = b.Const(0.25f), k2 = b.Const(0.25f), negative_zero = b.Const(-0.0f),
                    zero = b.Const(0.0f);
  ir::Value again = b.graph().values[static_cast<size_t>(p1)];
  const ir::ValueId p2 = b.graph().Add(again);
  const ir::ValueId m1 = b.Scalar(Op::Mul, Type::Float, {p1, k1});
  const ir::ValueId m2 = b.Scalar(Op::Mul, Type::Float, {p2, k2});
  const ir::ValueId sum = b.Scalar(Op::Add, Type::Float, {m1, m2});
  const ir::ValueId sum2 = b.Scalar(Op::Add, Type::Float, {sum, negative_zero});
  const ir::ValueId sum3 = b.Scalar(Op::Add, Type::Float, {sum2, zero});
  UseAsAlpha(b, sum3);
  ir::Graph g = b.Take();
  CHECK(ir::MergeValues(g) == 3);  // k2, p2, m2 (-0.0 and 0.0 differ by bits and stay apart)
  const ir::Value& added = g.values[static_cast<size_t>(sum)];
  CHECK(added.operands[0] == m1);
  CHECK(added.operands[1] == m1);
  const int before = static_cast<int>(g.values.size());
  CHECK(ir::EliminateDeadValues(g) == 3);
  CHECK(static_cast<int>(g.values.size()) == before - 3);
  CHECK(ir::VerifyGraph(g).empty());
}

TEST_CASE("dead value elimination keeps every state and transition condition, removes the rest") {
  GraphBuilder b;
  const ir::ValueId rate = b.Const(1.0f, "rate");
  const ir::ValueId unused_clip = b.Clip("unused", rate, "unused_clip");
  const ir::ValueId unused_scalar = b.Param("unused_param", ParamType::Float);
  const uint16_t m = b.Machine("loco", {"idle", "walk", "run"});
  const ir::ValueId idle = b.Clip("idle", rate, "idle", b.StateScope(m, 0));
  const ir::ValueId walk = b.Clip("walk", rate, "walk", b.StateScope(m, 1));
  const ir::ValueId run = b.Clip("run", rate, "run", b.StateScope(m, 2));
  const ir::ValueId speed = b.Param("speed", ParamType::Float);
  const ir::ValueId threshold = b.Const(2.0f, "threshold");
  const ir::ValueId fast = b.Scalar(Op::Greater, Type::Bool, {speed, threshold}, "fast");
  b.Transition(m, kNoOperand, 2, fast);
  const ir::ValueId machine = b.MachineValue(m, {idle, walk, run}, "loco");
  b.Output(machine);
  ir::Graph g = b.Take();
  REQUIRE(ir::VerifyGraph(g).empty());
  const size_t before = g.values.size();
  CHECK(ir::EliminateDeadValues(g) == 2);
  CHECK(g.values.size() == before - 2);
  REQUIRE(ir::VerifyGraph(g).empty());
  for (const ir::Value& v : g.values) {
    CHECK(v.node != "unused_clip");
    CHECK(v.node != "unused_param");
  }
  const ir::Machine& kept = g.machines[0];
  REQUIRE(kept.value >= 0);
  const ir::Value& value = g.values[static_cast<size_t>(kept.value)];
  REQUIRE(value.operands.size() == 3);
  CHECK(g.values[static_cast<size_t>(value.operands[0])].node == "idle");
  CHECK(g.values[static_cast<size_t>(value.operands[2])].node == "run");
  CHECK(g.values[static_cast<size_t>(kept.transitions[0].condition)].node == "fast");
  (void)unused_clip;
  (void)unused_scalar;
}

TEST_CASE("the pass pipeline folds, merges and removes, and reports its counts") {
  GraphBuilder b;
  const ir::ValueId a = b.Const(0.5f), c = b.Const(0.5f);
  const ir::ValueId alpha = b.Scalar(Op::Mul, Type::Float, {a, c});
  UseAsAlpha(b, alpha);
  ir::Graph g = b.Take();
  DiagnosticSink sink;
  ir::PassStats stats;
  REQUIRE(ir::OptimizeGraph(g, sink, &stats));
  CHECK(sink.diagnostics().empty());
  CHECK(stats.values_in == 7);
  CHECK(stats.folded == 1);
  CHECK(stats.merged == 1);   // the second 0.5
  CHECK(stats.removed == 2);  // both 0.5 constants, once the product is folded
  CHECK(stats.values_out == stats.values_in - stats.removed);
  CHECK(AlphaOf(g).constant[0] == 0.25f);
}

// Each broken invariant is reported with the value and what is wrong.
TEST_CASE("the IR verifier names every broken invariant") {
  auto base = [] {
    GraphBuilder b;
    const ir::ValueId alpha = b.Param("alpha", ParamType::Float);
    UseAsAlpha(b, alpha);
    return b.Take();
  };
  REQUIRE(ir::VerifyGraph(base()).empty());
  auto first_problem = [](const ir::Graph& g) {
    const std::vector<std::string> problems = ir::VerifyGraph(g);
    return problems.empty() ? std::string("(none)") : problems.front();
  };
  const size_t mix = 4;

  ir::Graph forward = base();
  forward.values[mix].operands[0] = 5;
  CHECK(first_problem(forward) == "%4 blend (node 'mix'): operand 0 is %5, which does not precede it");

  ir::Graph scalar_for_pose = base();
  scalar_for_pose.values[mix].operands[0] = 0;
  CHECK(first_problem(scalar_for_pose) == "%4 blend (node 'mix'): operand 0 must be a pose, got float");

  ir::Graph pose_for_scalar = base();
  pose_for_scalar.values[mix].operands[2] = 2;
  CHECK(first_problem(pose_for_scalar) == "%4 blend (node 'mix'): operand 2 must be a scalar, got pose");

  ir::Graph arity = base();
  arity.values[mix].operands.pop_back();
  CHECK(first_problem(arity) == "%4 blend (node 'mix'): expected 3 operands, got 2");

  ir::Graph clock = base();
  clock.values[2].index = 9;
  CHECK(first_problem(clock) == "%2 sample_clip (node 'walk'): clock index 9 is past the table (2)");

  ir::Graph param_type = base();
  param_type.values[0].type = Type::Vec3;
  CHECK(first_problem(param_type) ==
        "%0 param (node 'alpha'): type vec3 does not match the parameter's type");

  ir::Graph output = base();
  output.output = 0;
  CHECK(first_problem(output) == "the output %0 is not a pose value");

  ir::Graph scope = base();
  scope.values[mix].scope = 3;
  CHECK(first_problem(scope) == "%4 blend (node 'mix'): scope 3 is past the scope table (1)");

  ir::Graph curve_weights = base();
  curve_weights.curves = {"brow_up", "jaw_open"};
  curve_weights.masks.push_back({"face", {}, {1.0f}});
  CHECK(first_problem(curve_weights) == "mask 'face' has 1 curve weights, the graph has 2 curves");

  ir::Graph curve_read = base();
  ir::Value read;
  read.op = ir::Op::Curve;
  read.index = 0;
  read.node = "brows";
  curve_read.values.push_back(read);
  CHECK(first_problem(curve_read) == "%5 curve (node 'brows'): curve index 0 is past the table (0)");

  DiagnosticSink sink;
  ir::Graph broken = base();
  broken.values[mix].operands[0] = 0;
  CHECK_FALSE(ir::OptimizeGraph(broken, sink));
  REQUIRE(sink.error_count() == 1);
  CHECK(sink.diagnostics()[0].code == "E900");
  CHECK(sink.diagnostics()[0].message ==
        "internal compiler error: invalid IR from the front end: %4 blend (node 'mix'): operand 0 must be a "
        "pose, got "
        "float");
}

TEST_CASE("the IR verifier checks machines, scopes and transitions") {
  auto base = [] {
    GraphBuilder b;
    const ir::ValueId rate = b.Const(1.0f, "rate");
    const uint16_t m = b.Machine("loco", {"idle", "walk"});
    const ir::ValueId idle = b.Clip("idle", rate, "idle", b.StateScope(m, 0));
    const ir::ValueId walk = b.Clip("walk", rate, "walk", b.StateScope(m, 1));
    const ir::ValueId go = b.Param("go", ParamType::Trigger);
    b.Transition(m, 0, 1, go);
    b.graph().machines[0].transitions[0].desc.consumed_triggers = {0};
    b.Output(b.MachineValue(m, {idle, walk}, "loco"));
    return b.Take();
  };
  REQUIRE(ir::VerifyGraph(base()).empty());

  ir::Graph g = base();
  g.values[1].scope = 2;  // idle's clip claims to run in the walk state
  const std::vector<std::string> problems = ir::VerifyGraph(g);
  REQUIRE_FALSE(problems.empty());
  CHECK(problems[0] ==
        "%4 state_machine (node 'loco'): state 0 ('idle') reads %1 from scope 2, which does not "
        "enclose the state");

  ir::Graph transition = base();
  transition.machines[0].transitions[0].desc.to = 7;
  CHECK(ir::VerifyGraph(transition) ==
        std::vector<std::string>{"machine 'loco' transition 0 to state 7 of 2"});

  ir::Graph trigger = base();
  trigger.params[0].type = ParamType::Bool;
  trigger.values[3].type = Type::Bool;
  CHECK(ir::VerifyGraph(trigger) ==
        std::vector<std::string>{"machine 'loco' transition 0 consumes parameter 0, which is not a trigger"});

  ir::Graph value = base();
  value.machines[0].value = 1;
  CHECK(ir::VerifyGraph(value).size() == 2);  // the value disowns the machine, and the machine has no value

  ir::Graph empty = base();
  empty.machines[0].states.clear();
  const std::vector<std::string> empty_problems = ir::VerifyGraph(empty);
  CHECK(std::find(empty_problems.begin(), empty_problems.end(), "machine 0 ('loco') has no states") !=
        empty_problems.end());
}

}  // namespace
}  // namespace anim
