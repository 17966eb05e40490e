// Good graphs (tests/frontend/good/) compile without diagnostics, and their IR has the shape the
// documents describe: values in topological order, scopes, clocks, machines, masks, bones.
#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "compiler/codegen/compile.h"
#include "compiler/graph/load_graph.h"
#include "compiler/passes/ir_verifier.h"
#include "vm/bytecode/program_loader.h"

namespace anim {
namespace {

std::string Good(const std::string& name) {
  return std::string(ANIMTC_SOURCE_DIR) + "/tests/frontend/good/" + name;
}

CompiledGraph Compile(const std::string& name) {
  DiagnosticSink sink;
  std::optional<CompiledGraph> compiled = LoadGraph(Good(name), sink);
  INFO(FormatText(sink));
  REQUIRE(compiled.has_value());
  REQUIRE(sink.diagnostics().empty());
  return std::move(*compiled);
}

int Count(const ir::Graph& graph, ir::Op op) {
  return static_cast<int>(std::count_if(graph.values.begin(), graph.values.end(),
                                        [op](const ir::Value& v) { return v.op == op; }));
}

const ir::Value& ValueOf(const ir::Graph& graph, ir::ValueId id) {
  REQUIRE(id >= 0);
  REQUIRE(id < static_cast<ir::ValueId>(graph.values.size()));
  return graph.values[static_cast<std::size_t>(id)];
}

// Invariants every lowered graph keeps, whatever its shape.
void CheckWellFormed(const ir::Graph& graph) {
  for (std::size_t i = 0; i < graph.values.size(); ++i) {
    const ir::Value& v = graph.values[i];
    for (ir::ValueId operand : v.operands) {
      CHECK(operand >= 0);
      CHECK(operand < static_cast<ir::ValueId>(i));
    }
    CHECK(v.scope < graph.scopes.size());
    if (v.type != ir::Type::Pose) CHECK(v.scope == 0);
    CHECK_FALSE(v.node.empty());
    CHECK(v.location.line > 0);
  }
  for (const ClockDesc& clock : graph.clocks) {
    CHECK(clock.clip < graph.clips.size());
    CHECK(clock.scope < graph.scopes.size());
  }
  REQUIRE(graph.output >= 0);
  CHECK(ValueOf(graph, graph.output).type == ir::Type::Pose);
}

TEST_CASE("The locomotion graph lowers to a blend space and a three-state machine") {
  const CompiledGraph compiled = Compile("locomotion.yaml");
  const ir::Graph& g = compiled.graph;
  CheckWellFormed(g);
  CHECK(g.skeleton_hash == compiled.skeleton.content_hash());
  CHECK(compiled.clips.size() == 4);
  CHECK(g.clips == std::vector<std::string>{"idle", "walk_fwd", "run_fwd", "jump"});
  REQUIRE(compiled.input_files.size() == 6);
  CHECK(compiled.input_files[0] == Good("locomotion.yaml"));
  CHECK(compiled.input_files[1].ends_with("samples/humanoid/skeleton.yaml"));

  CHECK(g.values.size() == 49);
  CHECK(Count(g, ir::Op::SampleClip) == 4);
  CHECK(Count(g, ir::Op::Blend) == 2);  // three samples: a chain of two blends
  CHECK(Count(g, ir::Op::StateMachine) == 1);
  CHECK(Count(g, ir::Op::Param) == 4);  // each parameter read once however many expressions use it
  CHECK(ValueOf(g, g.output).op == ir::Op::LookAt);

  REQUIRE(g.params.size() == 4);
  CHECK(g.params[0].name == "speed");
  CHECK(g.params[0].has_range);
  CHECK(g.params[0].max == 8.0f);
  CHECK(g.params[1].type == ParamType::Trigger);
  CHECK(g.params[2].default_value[0] == 1.0f);
  CHECK(g.params[3].default_value[2] == 2.0f);

  // Root plus one scope per state. `idle` is shared by two states, so it runs in the root scope.
  REQUIRE(g.scopes.size() == 4);
  REQUIRE(g.machines.size() == 1);
  const ir::Machine& loco = g.machines[0];
  CHECK(loco.name == "loco");
  CHECK(loco.scope == 0);
  CHECK(loco.initial_state == 0);
  REQUIRE(loco.states.size() == 3);
  CHECK(loco.states[2].name == "jump");
  for (uint16_t s = 0; s < 3; ++s) {
    CHECK(loco.states[s].scope == s + 1);
    CHECK(g.scopes[s + 1].machine == 0);
    CHECK(g.scopes[s + 1].state == s);
  }
  REQUIRE(g.clocks.size() == 4);
  CHECK(g.clocks[0].scope == 0);  // idle
  CHECK(g.clocks[1].scope == 2);  // walk_fwd_clip, only in `move`
  CHECK(g.clocks[3].scope == 3);  // the inline jump clip
  CHECK_FALSE(g.clocks[3].loop);
  CHECK(loco.states[0].progress_clock == 0);
  CHECK(loco.states[1].progress_clock == 0);  // the blend space's first sample is idle
  CHECK(loco.states[2].progress_clock == 3);

  const ir::Value& machine = ValueOf(g, loco.value);
  REQUIRE(machine.operands.size() == 3);
  CHECK(ValueOf(g, machine.operands[2]).node == "loco.states.jump");
  CHECK(ValueOf(g, machine.operands[1]).op == ir::Op::Blend);

  REQUIRE(loco.transitions.size() == 4);
  CHECK(loco.transitions[0].desc.from == 0);
  CHECK(loco.transitions[0].desc.to == 1);
  CHECK(loco.transitions[2].desc.from == kNoOperand);
  CHECK(loco.transitions[2].desc.mode == BlendMode::DeadBlend);
  CHECK(loco.transitions[2].desc.can_interrupt);
  CHECK(loco.transitions[2].desc.consumed_triggers == std::vector<uint16_t>{1});
  CHECK(loco.transitions[0].desc.consumed_triggers.empty());
  for (const ir::Transition& t : loco.transitions) {
    CHECK(ValueOf(g, t.condition).type == ir::Type::Bool);
    CHECK(t.condition < loco.value);
  }
  CHECK(ValueOf(g, loco.transitions[3].condition).op == ir::Op::GreaterEqual);
  CHECK(ValueOf(g, ValueOf(g, loco.transitions[3].condition).operands[0]).op == ir::Op::StateProgress);

  // look_at: max_angle 60 degrees becomes radians; the default axis is +z.
  const ir::Value& aim = ValueOf(g, g.output);
  CHECK(ValueOf(g, aim.operands[3]).constant[0] == Approx(1.0471976f));
  CHECK(ValueOf(g, aim.operands[2]).constant[2] == 1.0f);
  CHECK(g.bones[aim.bones[0]].name == "head");
  CHECK(g.bones[aim.bones[0]].index == compiled.skeleton.FindBone("head"));
  CHECK(g.bones[g.root_bone].name == "root");
}

TEST_CASE("The expression columns point into the string, past the opening quote") {
  const CompiledGraph compiled = Compile("locomotion.yaml");
  const ir::Graph& g = compiled.graph;
  const ir::Value& condition = ValueOf(g, g.machines[0].transitions[0].condition);  // "speed > 0.1"
  CHECK(condition.location.line == 30);
  CHECK(condition.location.column == 50);                          // the '>'
  CHECK(ValueOf(g, condition.operands[1]).location.column == 52);  // '0.1'; the string's quote is at 43
}

TEST_CASE("JSON and YAML spellings of one graph lower to the same IR") {
  const CompiledGraph yaml = Compile("locomotion.yaml");
  const CompiledGraph json = Compile("locomotion.json");
  REQUIRE(yaml.graph.values.size() == json.graph.values.size());
  for (std::size_t i = 0; i < yaml.graph.values.size(); ++i) {
    const ir::Value& a = yaml.graph.values[i];
    const ir::Value& b = json.graph.values[i];
    CHECK(a.op == b.op);
    CHECK(a.type == b.type);
    CHECK(a.operands == b.operands);
    CHECK(a.constant[0] == b.constant[0]);
    CHECK(a.index == b.index);
    CHECK(a.scope == b.scope);
    CHECK(a.node == b.node);
  }
  CHECK(yaml.graph.machines[0].transitions.size() == json.graph.machines[0].transitions.size());
}

TEST_CASE("Nested machines: inner states scope under the outer state, shared nodes lift to a common scope") {
  const CompiledGraph compiled = Compile("nested.yaml");
  const ir::Graph& g = compiled.graph;
  CheckWellFormed(g);
  REQUIRE(g.machines.size() == 2);
  const ir::Machine& outer = g.machines[0];
  const ir::Machine& forward = g.machines[1];
  CHECK(outer.name == "outer");
  CHECK(forward.name == "forward");
  REQUIRE(g.scopes.size() == 5);
  CHECK(forward.scope == outer.states[1].scope);  // runs inside `moving`
  CHECK(g.scopes[forward.states[0].scope].machine == 1);
  CHECK(g.scopes[forward.states[1].scope].state == 1);

  REQUIRE(g.clocks.size() == 4);
  CHECK(g.clocks[0].scope == 0);              // idle: in both outer states
  CHECK(g.clocks[1].scope == forward.scope);  // walk_back: in both inner states
  CHECK(g.clocks[2].scope == forward.states[0].scope);
  CHECK(g.clocks[3].scope == forward.states[1].scope);
  CHECK(forward.states[0].progress_clock == 2);
  CHECK(forward.states[1].progress_clock == 3);
  CHECK(ValueOf(g, forward.value).scope == forward.scope);

  // time_in_state inside a condition reads the machine the transition belongs to.
  const ir::Value& condition = ValueOf(g, forward.transitions[0].condition);
  CHECK(ValueOf(g, condition.operands[1]).op == ir::Op::Greater);
  CHECK(ValueOf(g, ValueOf(g, condition.operands[1]).operands[0]).op == ir::Op::TimeInState);
  CHECK(ValueOf(g, ValueOf(g, condition.operands[1]).operands[0]).index == 1);
  // gait is an int parameter: compared as a number.
  CHECK(ValueOf(g, ValueOf(g, condition.operands[0]).operands[0]).type == ir::Type::Int);
}

TEST_CASE("Every node kind lowers to its op with bones, masks, snapshots and flags filled in") {
  const CompiledGraph compiled = Compile("all_kinds.yaml");
  const ir::Graph& g = compiled.graph;
  const Skeleton& skeleton = compiled.skeleton;
  CheckWellFormed(g);
  for (ir::Op op : {ir::Op::SampleClip, ir::Op::ReferencePose, ir::Op::Blend, ir::Op::BlendMasked,
                    ir::Op::MakeAdditive, ir::Op::ApplyAdditive, ir::Op::SaveSnapshot, ir::Op::LoadSnapshot,
                    ir::Op::BoneTransform, ir::Op::TranslateBone, ir::Op::TwoBoneIK, ir::Op::Fabrik,
                    ir::Op::LookAt, ir::Op::FootIK, ir::Op::PhysicsStage}) {
    CHECK(Count(g, op) >= 1);
  }
  // `mix`, and the chains of 3 of the 4-sample blend spaces `steps` (1D) and `plane` (2D).
  CHECK(Count(g, ir::Op::Blend) == 7);
  // `plane`: one weight per sample; its unit square triangulated into two triangles.
  CHECK(Count(g, ir::Op::BlendSpaceWeight) == 4);
  REQUIRE(g.blend_spaces.size() == 1);
  CHECK(g.blend_spaces[0].name == "plane");
  CHECK(g.blend_spaces[0].positions == std::vector<float>{0, 0, 1, 0, 0, 1, 1, 1});
  CHECK(g.blend_spaces[0].triangles.size() == 6);
  CHECK(g.lock_root);
  CHECK(g.snapshots == std::vector<std::string>{"before_ik"});
  CHECK(g.clocks[0].start_time == 0.5f);

  // Masks: by-name weights spread to subtrees unless `subtree: false`.
  REQUIRE(g.masks.size() == 3);
  CHECK(g.masks[2].name == "spine.mask");
  for (const MaskDesc& mask : g.masks)
    CHECK(mask.weights.size() == static_cast<std::size_t>(skeleton.bone_count()));
  auto weight = [&](int mask, const char* bone) { return g.masks[mask].weights[skeleton.FindBone(bone)]; };
  CHECK(weight(0, "pelvis") == 0.0f);
  CHECK(weight(0, "spine_01") == 1.0f);
  CHECK(weight(0, "hand_l") == 1.0f);
  CHECK(weight(0, "neck") == 0.5f);
  CHECK(weight(0, "head") == 0.5f);
  CHECK(weight(1, "spine_01") == 1.0f);
  CHECK(weight(1, "spine_02") == 0.0f);
  CHECK(weight(2, "spine_02") == 0.25f);

  for (const ir::Value& v : g.values) {
    switch (v.op) {
      case ir::Op::MakeAdditive:
        CHECK(v.operands.size() == (v.node == "aim_delta" ? 2u : 1u));
        CHECK(v.flags == (v.node == "aim_delta" ? 1 : 0));
        break;
      case ir::Op::BoneTransform:
        CHECK(v.flags == 3);  // component space, replace
        CHECK(ValueOf(g, v.operands[2]).constant[0] == 10.0f);
        CHECK(ValueOf(g, v.operands[3]).constant[1] == 1.0f);  // default scale
        break;
      case ir::Op::TwoBoneIK:
        CHECK(v.flags == (v.node == "arm" ? 1 : 0));
        CHECK(g.bones[v.bones[2]].name == (v.node == "arm" ? "hand_r" : "foot_l"));
        break;
      case ir::Op::Fabrik:
        CHECK(v.iterations == 12);
        CHECK(v.constant[0] == 0.002f);
        CHECK(ValueOf(g, v.operands[1]).op == ir::Op::Add);
        break;
      case ir::Op::LookAt:
        CHECK(ValueOf(g, v.operands[3]).op == ir::Op::Mul);  // degrees to radians at run time
        break;
      case ir::Op::FootIK:
        CHECK(v.constant[0] == 0.08f);
        CHECK(v.constant[1] == 0.02f);
        CHECK(g.bones[v.bones[1]].index == skeleton.FindBone("calf_r"));
        break;
      default:
        break;
    }
  }
}

TEST_CASE("Every good graph is valid IR for the back end and compiles to bytecode the VM verifies") {
  for (const char* name : {"locomotion.yaml", "locomotion.json", "nested.yaml", "all_kinds.yaml"}) {
    DYNAMIC_SECTION(name) {
      const CompiledGraph compiled = Compile(name);
      const std::vector<std::string> problems = ir::VerifyGraph(compiled.graph);
      CHECK(problems.empty());
      for (const std::string& problem : problems)
        WARN(problem);
      DiagnosticSink sink;
      const std::optional<codegen::CompiledProgram> program = codegen::CompileGraph(compiled.graph, sink);
      INFO(FormatText(sink));
      REQUIRE(program.has_value());
      CHECK(program->program.skeleton_hash == compiled.skeleton.content_hash());
      CHECK(program->program.machines.size() == compiled.graph.machines.size());
      const LoadResult loaded = LoadVerifiedProgram(program->bytes);
      INFO(loaded.error);
      CHECK(loaded.ok());
    }
  }
}

TEST_CASE("A graph given as text resolves its assets against the base directory") {
  std::ifstream in(Good("nested.yaml"));
  std::stringstream text;
  text << in.rdbuf();
  DiagnosticSink sink;
  const std::optional<CompiledGraph> compiled =
      ParseGraph(text.str(), "<stdin>", std::string(ANIMTC_SOURCE_DIR) + "/tests/frontend/good", sink);
  REQUIRE(compiled.has_value());
  CHECK(compiled->graph.machines.size() == 2);
  CHECK(compiled->input_files.size() == 5);  // no graph file: skeleton and four clips

  DiagnosticSink elsewhere;
  CHECK_FALSE(ParseGraph(text.str(), "<stdin>", "/nonexistent", elsewhere).has_value());
  CHECK(elsewhere.diagnostics().front().code == "E100");
}

}  // namespace
}  // namespace anim
