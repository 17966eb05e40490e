// Code generation: every program computes what its IR says (symbolic_check.h), register counts
// stay at the peak of live values, machine code is ordered conditions -> machine_update -> states
// -> machine_record, vec3 values use three scalar registers, limits are refused, output is
// deterministic and the debug table covers every instruction.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "compiler/codegen/compile.h"
#include "compiler/codegen/instruction_text.h"
#include "compiler/passes/ir_verifier.h"
#include "tests/backend/graph_builder.h"
#include "tests/backend/sample_graphs.h"
#include "tests/backend/symbolic_check.h"

namespace anim {
namespace {

using codegen::CompiledProgram;

CompiledProgram Compile(ir::Graph graph) {
  DiagnosticSink sink;
  std::optional<CompiledProgram> compiled = codegen::CompileGraph(std::move(graph), sink);
  INFO(FormatText(sink));
  REQUIRE(compiled);
  REQUIRE(sink.diagnostics().empty());
  return std::move(*compiled);
}

// Instructions in code order, decoded.
std::vector<codegen::DecodedInstruction> Instructions(const Program& p) {
  std::vector<codegen::DecodedInstruction> out;
  for (uint32_t offset = 0; offset < p.code.size();) {
    out.push_back(codegen::DecodeInstruction(p, offset));
    REQUIRE(out.back().info);
    offset += out.back().size;
  }
  return out;
}

TEST_CASE("a chain of 200 blends needs at most 4 pose registers and computes the chain") {
  const CompiledProgram compiled = Compile(test::BlendChain(200));
  CHECK(compiled.program.pose_register_count <= 4);
  CHECK(compiled.program.scalar_register_count <= 4);
  CHECK(compiled.stats.instructions == 2 + 200 + 199 + 1);  // two parameter loads, clips, blends, output
  CHECK(test::CheckProgramMatchesGraph(compiled.graph, compiled.program).empty());
}

TEST_CASE("every op compiles to code that computes the IR, with vec3 values in three scalars") {
  const CompiledProgram compiled = Compile(test::EveryOp());
  const std::vector<std::string> problems = test::CheckProgramMatchesGraph(compiled.graph, compiled.program);
  INFO((problems.empty() ? std::string() : problems.front()));
  CHECK(problems.empty());
  std::set<Opcode> seen;
  std::vector<uint16_t> target_components;
  std::set<uint16_t> target_registers;
  for (const codegen::DecodedInstruction& d : Instructions(compiled.program)) {
    seen.insert(d.info->opcode);
    if (d.info->opcode == Opcode::LoadParam && compiled.program.params[d.operands[1].raw].name == "target") {
      target_components.push_back(d.operands[2].raw);
      target_registers.insert(d.operands[0].raw);
    }
  }
  for (Opcode op :
       {Opcode::SampleClip, Opcode::ReferencePose, Opcode::BlendMasked, Opcode::MakeAdditive,
        Opcode::ApplyAdditive, Opcode::SaveSnapshot, Opcode::LoadSnapshot, Opcode::BoneTransform,
        Opcode::TranslateBone, Opcode::TwoBoneIK, Opcode::Fabrik, Opcode::LookAt, Opcode::FootIK,
        Opcode::PhysicsStage, Opcode::Lerp, Opcode::Remap, Opcode::Smoothstep, Opcode::Sin, Opcode::Output}) {
    INFO(FindOpcode(static_cast<uint16_t>(op))->name);
    CHECK(seen.count(op) == 1);
  }
  CHECK(target_components == std::vector<uint16_t>{0, 1, 2});
  CHECK(target_registers.size() == 3);
}

// Maps each instruction to the scope its IR value runs in, through the debug table's node names.
std::vector<uint16_t> InstructionScopes(const CompiledProgram& c) {
  std::map<std::string, uint16_t> scope_of_node;
  for (const ir::Value& v : c.graph.values)
    scope_of_node[v.node] = v.scope;
  std::vector<uint16_t> scopes;
  for (const DebugEntry& e : c.program.debug)
    scopes.push_back(scope_of_node.at(e.node));
  return scopes;
}

TEST_CASE("machine code runs conditions, machine_update, its states' code, then machine_record") {
  const CompiledProgram c = Compile(test::Locomotion());
  REQUIRE(test::CheckProgramMatchesGraph(c.graph, c.program).empty());
  const std::vector<codegen::DecodedInstruction> code = Instructions(c.program);
  const std::vector<uint16_t> scopes = InstructionScopes(c);
  REQUIRE(code.size() == scopes.size());

  for (uint16_t m = 0; m < c.graph.machines.size(); ++m) {
    INFO("machine " << c.graph.machines[m].name);
    size_t update = code.size(), record = code.size();
    for (size_t i = 0; i < code.size(); ++i) {
      const bool is_this_machine = !code[i].operands.empty() &&
                                   code[i].operands.back().kind == OperandKind::Machine &&
                                   code[i].operands.back().raw == m;
      if (code[i].info->opcode == Opcode::MachineUpdate && is_this_machine) update = i;
      if (code[i].info->opcode == Opcode::MachineRecord && is_this_machine) record = i;
    }
    REQUIRE(update < record);
    REQUIRE(record < code.size());
    for (size_t i = 0; i < code.size(); ++i) {
      bool inside_state = false;
      for (const StateDesc& s : c.graph.machines[m].states)
        inside_state |= ir::ScopeIsWithin(c.graph, scopes[i], s.scope);
      if (inside_state) {
        CHECK(i > update);
        CHECK(i < record);
      }
    }
    // Transition conditions are written before machine_update.
    std::set<std::string> condition_nodes;
    for (const ir::Transition& t : c.graph.machines[m].transitions) {
      condition_nodes.insert(c.graph.values[static_cast<size_t>(t.condition)].node);
    }
    for (size_t i = update; i < code.size(); ++i)
      CHECK(condition_nodes.count(c.program.debug[i].node) == 0);
  }
  CHECK(code.back().info->opcode == Opcode::Output);
}

TEST_CASE("state poses stay live until machine_record, in distinct registers") {
  // Three states whose chains are all computed before machine_record: their results must not
  // share registers, and no state's chain may overwrite an earlier state's result.
  test::GraphBuilder b;
  const ir::ValueId rate = b.Const(1.0f, "rate");
  const ir::ValueId half = b.Const(0.5f, "half");
  const uint16_t m = b.Machine("m", {"a", "b", "c"});
  std::vector<ir::ValueId> poses;
  for (uint16_t s = 0; s < 3; ++s) {
    const std::string name(1, static_cast<char>('a' + s));
    ir::ValueId pose = b.Clip(name + "0", rate, name + "0", b.StateScope(m, s));
    for (int i = 1; i < 6; ++i) {
      const ir::ValueId clip =
          b.Clip(name + std::to_string(i), rate, name + std::to_string(i), b.StateScope(m, s));
      pose = b.Blend(pose, clip, half, name + "_blend" + std::to_string(i), b.StateScope(m, s));
    }
    poses.push_back(pose);
  }
  b.Transition(m, 0, 1, b.Param("go", ParamType::Bool));
  const ir::ValueId machine = b.MachineValue(m, poses, "m");
  b.Output(b.Blend(machine, b.Pose(ir::Op::ReferencePose, {}, "ref"), half, "final"));
  const CompiledProgram c = Compile(b.Take());
  const std::vector<std::string> problems = test::CheckProgramMatchesGraph(c.graph, c.program);
  INFO((problems.empty() ? std::string() : problems.front()));
  CHECK(problems.empty());
  const std::vector<StateDesc>& states = c.program.machines[0].states;
  CHECK(std::set<uint16_t>{states[0].pose, states[1].pose, states[2].pose}.size() == 3);
  CHECK(c.program.pose_register_count <= 5);  // three held results, plus two for the chain being built
}

TEST_CASE("a transition condition also read after machine_update stays live until that read") {
  // Found by the mutation test: the implicit read at machine_update must not shorten the live
  // range that a later explicit read extends.
  test::GraphBuilder b;
  const ir::ValueId speed = b.Param("speed", ParamType::Float, 2.0f);
  const ir::ValueId fast = b.Scalar(ir::Op::Greater, ir::Type::Bool, {speed, b.Const(1.0f, "one")}, "fast");
  const uint16_t m = b.Machine("m", {"slow", "fast"});
  const ir::ValueId slow_clip = b.Clip("slow", speed, "slow", b.StateScope(m, 0));
  const ir::ValueId rate = b.Const(0.5f, "half");
  const ir::ValueId a = b.Clip("a", rate, "a", b.StateScope(m, 1));
  // Three scalars live at once inside the state: a freed condition register would be reused.
  const ir::ValueId c_rate =
      b.Scalar(ir::Op::Clamp, ir::Type::Float, {speed, rate, b.Const(2.0f, "two")}, "c_rate");
  const ir::ValueId c = b.Clip("c", c_rate, "c", b.StateScope(m, 1));
  const ir::ValueId fast_pose = b.Blend(a, c, fast, "fast_blend", b.StateScope(m, 1));
  b.Transition(m, 0, 1, fast);
  b.Output(b.MachineValue(m, {slow_clip, fast_pose}, "m"));
  const CompiledProgram compiled = Compile(b.Take());
  const std::vector<std::string> problems = test::CheckProgramMatchesGraph(compiled.graph, compiled.program);
  INFO((problems.empty() ? std::string() : problems.front()));
  CHECK(problems.empty());
}

TEST_CASE("the same graph compiles to the same bytes") {
  for (auto make : {&test::Locomotion, &test::EveryOp}) {
    const CompiledProgram first = Compile(make());
    const CompiledProgram second = Compile(make());
    CHECK(first.bytes == second.bytes);
    CHECK(!first.bytes.empty());
  }
  CHECK(Compile(test::BlendChain(50)).bytes == Compile(test::BlendChain(50)).bytes);
}

TEST_CASE("the debug table has one entry per instruction, in code order, with node and line") {
  const CompiledProgram c = Compile(test::Locomotion());
  const std::vector<codegen::DecodedInstruction> code = Instructions(c.program);
  REQUIRE(c.program.debug.size() == code.size());
  for (size_t i = 0; i < code.size(); ++i) {
    CHECK(c.program.debug[i].code_offset == code[i].offset);
    CHECK_FALSE(c.program.debug[i].node.empty());
    CHECK(c.program.debug[i].line > 0);
  }
  CHECK(c.program.skeleton_hash == c.graph.skeleton_hash);
  CHECK(c.program.machines[0].transitions[2].consumed_triggers == std::vector<uint16_t>{1});
}

TEST_CASE("a graph past the bytecode's limits is refused with E901") {
  ir::Graph g = test::BlendChain(2);
  g.bones.resize(70000, BoneRef{"bone", 0});
  DiagnosticSink sink;
  CHECK_FALSE(codegen::CompileGraph(std::move(g), sink));
  REQUIRE(sink.error_count() == 1);
  CHECK(sink.diagnostics()[0].code == "E901");
  CHECK(sink.diagnostics()[0].message == "the graph needs 70000 bones; bytecode allows at most 65535");
  CHECK(sink.diagnostics()[0].location.file == "test.yaml");
}

TEST_CASE("invalid IR is an internal compiler error, not a crash") {
  ir::Graph g = test::Locomotion();
  g.machines[1].transitions[0].condition = 9999;
  DiagnosticSink sink;
  CHECK_FALSE(codegen::CompileGraph(std::move(g), sink));
  REQUIRE(sink.error_count() >= 1);
  CHECK(sink.diagnostics()[0].code == "E900");
  CHECK(sink.diagnostics()[0].message.find("internal compiler error") == 0);
}

}  // namespace
}  // namespace anim
