// Robustness of the back end against broken IR: thousands of random mutations of valid graphs.
// Each either fails cleanly with an internal-error diagnostic (E900, or E901 for limits) or
// compiles to bytes the VM's loader and verifier accept and that compute the mutated graph. Run
// under the sanitizer build this also shows the back end never reads out of bounds.
#include <catch2/catch.hpp>

#include <random>

#include "compiler/codegen/compile.h"
#include "compiler/codegen/disassembler.h"
#include "compiler/passes/ir_printer.h"
#include "tests/backend/sample_graphs.h"
#include "tests/backend/symbolic_check.h"
#include "vm/bytecode/program_loader.h"

namespace anim {
namespace {

class Mutator {
 public:
  explicit Mutator(uint32_t seed) : rng_(seed) {}

  void Mutate(ir::Graph& g) {
    switch (Pick(6)) {
      case 0:
      case 1:
      case 2:
        MutateValue(g);
        break;
      case 3:
        MutateMachine(g);
        break;
      case 4:
        g.output = Pick(static_cast<int>(g.values.size()) + 2) - 1;
        break;
      default:
        ShrinkTable(g);
        break;
    }
  }

 private:
  int Pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  ir::ValueId AnyId(const ir::Graph& g) { return Pick(static_cast<int>(g.values.size()) + 3) - 2; }

  void MutateValue(ir::Graph& g) {
    ir::Value& v = g.values[static_cast<size_t>(Pick(static_cast<int>(g.values.size())))];
    switch (Pick(9)) {
      case 0:
        v.op = static_cast<ir::Op>(Pick(static_cast<int>(ir::Op::FootIK) + 1));
        break;
      case 1:
        v.type = static_cast<ir::Type>(Pick(5));
        break;
      case 2:
        if (!v.operands.empty())
          v.operands[static_cast<size_t>(Pick(static_cast<int>(v.operands.size())))] = AnyId(g);
        break;
      case 3:
        if (Pick(2) && !v.operands.empty()) {
          v.operands.pop_back();
        } else {
          v.operands.push_back(AnyId(g));
        }
        break;
      case 4:
        v.index = static_cast<uint16_t>(Pick(12));
        break;
      case 5:
        v.bones[Pick(3)] = static_cast<uint16_t>(Pick(8));
        break;
      case 6:
        v.flags = static_cast<uint8_t>(Pick(5));
        break;
      case 7:
        v.scope = static_cast<uint16_t>(Pick(8));
        break;
      default:
        v.iterations = static_cast<uint16_t>(Pick(3) * 40000);
        break;
    }
  }

  void MutateMachine(ir::Graph& g) {
    if (g.machines.empty()) return;
    ir::Machine& m = g.machines[static_cast<size_t>(Pick(static_cast<int>(g.machines.size())))];
    switch (Pick(6)) {
      case 0:
        m.value = AnyId(g);
        break;
      case 1:
        m.scope = static_cast<uint16_t>(Pick(8));
        break;
      case 2:
        m.initial_state = static_cast<uint16_t>(Pick(5));
        break;
      case 3:
        if (!m.transitions.empty()) m.transitions[0].condition = AnyId(g);
        break;
      case 4:
        if (!m.transitions.empty()) m.transitions[0].desc.to = static_cast<uint16_t>(Pick(5));
        break;
      default:
        if (!m.states.empty()) m.states[0].progress_clock = static_cast<uint16_t>(Pick(8));
        break;
    }
  }

  void ShrinkTable(ir::Graph& g) {
    switch (Pick(5)) {
      case 0:
        if (!g.clocks.empty()) g.clocks.pop_back();
        break;
      case 1:
        if (g.scopes.size() > 1) g.scopes.pop_back();
        break;
      case 2:
        if (!g.params.empty()) g.params.pop_back();
        break;
      case 3:
        if (!g.bones.empty()) g.bones.pop_back();
        break;
      default:
        g.root_bone = static_cast<uint16_t>(Pick(4));
        break;
    }
  }

  std::mt19937 rng_;
};

TEST_CASE("mutated IR is refused as an internal error or compiles to a verified, faithful program") {
  Mutator mutator(20261130);
  int refused = 0, compiled_count = 0;
  for (int i = 0; i < 3000; ++i) {
    ir::Graph g = i % 3 == 0 ? test::Locomotion() : i % 3 == 1 ? test::EveryOp() : test::BlendChain(6);
    const int mutations = 1 + i % 3;
    for (int k = 0; k < mutations; ++k)
      mutator.Mutate(g);
    DiagnosticSink sink;
    std::optional<codegen::CompiledProgram> compiled = codegen::CompileGraph(std::move(g), sink);
    if (!compiled) {
      ++refused;
      REQUIRE(sink.error_count() > 0);
      const std::string& code = sink.diagnostics()[0].code;
      CHECK((code == "E900" || code == "E901"));
      continue;
    }
    ++compiled_count;
    const LoadResult loaded = LoadVerifiedProgram(compiled->bytes);
    INFO("mutation round " << i << ": " << loaded.error << "\n" << ir::PrintGraph(compiled->graph));
    REQUIRE(loaded.ok());
    const std::vector<std::string> problems =
        test::CheckProgramMatchesGraph(compiled->graph, compiled->program);
    INFO((problems.empty() ? std::string()
                           : problems.front() + "\n" + ir::PrintGraph(compiled->graph) + "\n" +
                                 codegen::Disassemble(compiled->program)));
    REQUIRE(problems.empty());
  }
  // Both outcomes are exercised, or the test proves little.
  CHECK(refused > 100);
  CHECK(compiled_count > 100);
}

}  // namespace
}  // namespace anim
