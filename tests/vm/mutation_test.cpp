// Random corruption of a valid program, in its file form and in memory: every variant is refused
// with a message, or binds and runs through BuildTasks and ExecuteTaskList without reading out of
// bounds (run under the sanitizer build too).
#include <catch2/catch.hpp>

#include <random>

#include "executor/tasks/execute_task_list.h"
#include "tests/support/bytecode_edits.h"
#include "tests/vm/vm_test_rig.h"
#include "vm/build_tasks.h"
#include "vm/bytecode/program_loader.h"
#include "vm/bytecode/program_verifier.h"
#include "vm/instance/anim_instance.h"
#include "vm/program_binding.h"

namespace anim {
namespace {

struct Outcomes {
  int refused = 0;
  int version = 0;
  int unbound = 0;
  int ran = 0;
};

// Binds and runs a few frames, checking the recorded list's invariants each frame.
void RunIfBindable(const Program& program, const test::VmRig& rig, Outcomes& outcomes) {
  BindResult bound = ProgramBinding::Bind(program, rig.skeleton, rig.clip_table);
  if (!bound.binding) {
    CHECK_FALSE(bound.error.empty());
    ++outcomes.unbound;
    return;
  }
  AnimInstance instance(program);
  AnimTaskList list;
  std::vector<Mat4> skinning(static_cast<std::size_t>(rig.skeleton.bone_count()));
  for (int frame = 0; frame < 4; ++frame) {
    for (int p = 0; p < static_cast<int>(program.params.size()); ++p) {
      instance.SetFloat(p, 0.7f * static_cast<float>(frame));
      instance.SetVec3(p, 0.1f, 0.2f, 0.3f);
      instance.FireTrigger(p);
      instance.SetBool(p, frame % 2 == 0);
    }
    BuildTasks(*bound.binding, instance, 1.0f / 30.0f, list);
    REQUIRE(list.output_task >= 0);
    REQUIRE(list.output_task < static_cast<int>(list.tasks.size()));
    for (std::size_t i = 0; i < list.tasks.size(); ++i) {
      REQUIRE(list.tasks[i].dep_a < static_cast<int>(i));
      REQUIRE(list.tasks[i].dep_b < static_cast<int>(i));
    }
    ExecuteTaskList(list, ExecuteOutputs{skinning});
  }
  ++outcomes.ran;
}

TEST_CASE("2,400 byte mutations of a program file are refused or run cleanly", "[vm][mutation]") {
  test::VmRig rig;
  const std::vector<uint8_t> good = test::WriteProgramForTest(test::FullProgram(rig));
  std::mt19937 rng(20261130u);
  Outcomes outcomes;
  for (int i = 0; i < 2400; ++i) {
    std::vector<uint8_t> bytes = good;
    test::MutateBytes(bytes, rng);
    if (i % 4 != 0)
      test::ResealProgram(bytes);  // most variants get past the checksum, to reach the parser and verifier
    const LoadResult r = LoadVerifiedProgram(bytes);
    if (r.outcome == LoadOutcome::VersionMismatch) {
      ++outcomes.version;
      RunIfBindable(r.program, rig, outcomes);
    } else if (!r.ok()) {
      CHECK_FALSE(r.error.empty());
      ++outcomes.refused;
    } else {
      RunIfBindable(r.program, rig, outcomes);
    }
  }
  INFO("refused " << outcomes.refused << ", version " << outcomes.version << ", unbound " << outcomes.unbound
                  << ", ran " << outcomes.ran);
  CHECK(outcomes.refused > 500);
  CHECK(outcomes.ran > 50);
}

TEST_CASE("2,000 in-memory code and table mutations are refused by the verifier or run cleanly",
          "[vm][mutation]") {
  test::VmRig rig;
  const Program good = test::FullProgram(rig);
  std::mt19937 rng(7u);
  Outcomes outcomes;
  for (int i = 0; i < 2000; ++i) {
    Program p = good;
    const int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits; ++e) {
      const uint16_t value =
          rng() % 3 == 0 ? static_cast<uint16_t>(rng()) : static_cast<uint16_t>(rng() % 40);
      switch (rng() % 6) {
        case 0:
        case 1:
        case 2:
          p.code[rng() % p.code.size()] = value;
          break;
        case 3:
          p.machines[rng() % 2].transitions[rng() % 2].condition = value;
          break;
        case 4:
          p.clocks[rng() % p.clocks.size()].scope = value % 8;
          break;
        default:
          p.machines[rng() % 2].states[rng() % 2].pose = value % 24;
          break;
      }
    }
    if (!VerifyProgram(p).ok()) {
      ++outcomes.refused;
      continue;
    }
    RunIfBindable(p, rig, outcomes);
  }
  INFO("refused " << outcomes.refused << ", ran " << outcomes.ran);
  CHECK(outcomes.refused > 200);
  CHECK(outcomes.ran > 200);
}

}  // namespace
}  // namespace anim
