// Target "bytecode": a .animbc file through the runtime's loader and verifier, bound to the samples'
// assets and run for a few frames. The file is tried as it is (the container checks), then with its
// header repaired (RepairBytecodeHeader) so that mutations reach the tables and the code.
#include <algorithm>
#include <span>

#include "compiler/codegen/disassembler.h"
#include "compiler/codegen/program_json.h"
#include "compiler/codegen/program_writer.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/fuzz_targets.h"
#include "vm/bytecode/program_loader.h"

namespace anim::fuzz {
namespace {

void Run(std::span<const uint8_t> bytes, uint64_t seed) {
  // Any program can be printed, verified or not (disassembler.h).
  const LoadResult unverified = LoadProgram(bytes);
  if (unverified.outcome != LoadOutcome::Error) (void)codegen::Disassemble(unverified.program);

  const LoadResult loaded = LoadVerifiedProgram(bytes);
  if (loaded.outcome == LoadOutcome::Error) return;
  if (loaded.ok()) {
    // The format has one way to write each program: what verifies is written back byte for byte.
    const std::vector<uint8_t> written = codegen::WriteProgram(loaded.program);
    if (!std::equal(written.begin(), written.end(), bytes.begin(), bytes.end()))
      InvariantFailed("a verified program is not written back as the bytes it was loaded from");
    (void)codegen::ProgramToJson(loaded.program);
  }
  const SampleProgram* assets = SampleBySkeletonHash(loaded.program.skeleton_hash);
  if (assets == nullptr) assets = &Humanoid();
  const BindResult bound = ProgramBinding::Bind(loaded.program, assets->graph.skeleton, assets->clips);
  if (!bound.binding) return;
  AnimInstance instance(loaded.program);
  const std::vector<uint8_t> script = PseudoRandomBytes(seed, 128);
  ByteStream stream(script);
  RunFrames(*bound.binding, instance, stream, 1 + stream.U8() % kMaxFrames);
}

}  // namespace

int FuzzBytecode(const uint8_t* data, std::size_t size) {
  const std::span<const uint8_t> input(data, size);
  const RepairedBytecode repaired = RepairBytecodeHeader(input);
  Run(input, repaired.seed);
  if (repaired.changed) Run(repaired.bytes, repaired.seed);
  return 0;
}

}  // namespace anim::fuzz
