// What the fuzz targets share: the samples compiled once per process (the assets bytecode binds to,
// the programs scenarios are read against), a byte stream for the parts of an input that drive
// frames, and the frame loop that runs a bound program under those inputs with bounded work.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/graph/load_graph.h"
#include "vm/bytecode/program.h"
#include "vm/instance/anim_instance.h"
#include "vm/program_binding.h"

namespace anim::fuzz {

// Most frames one input runs: enough for transitions, blends and snapshots to take effect, few
// enough that no input takes long.
inline constexpr int kMaxFrames = 6;

// The project's source folder and its samples/ folder (graphs' asset paths resolve against it).
std::string SourceDir();
std::string SamplesDir();

// A sample graph, compiled: its assets (skeleton, clips) and its program.
struct SampleProgram {
  std::string name;
  CompiledGraph graph;
  Program program;
  std::vector<uint8_t> bytes;
  std::vector<const Clip*> clips;  // into graph.clips
};

// locomotion, litmus and worked_example (the samples that need no third-party asset). Loaded on
// first use; aborts when one does not compile (the checkout is broken, not the input).
const std::vector<SampleProgram>& SamplePrograms();
// The sample whose skeleton has `hash`, or nullptr.
const SampleProgram* SampleBySkeletonHash(uint64_t hash);
// locomotion: humanoid skeleton, every humanoid clip.
const SampleProgram& Humanoid();

// Reads numbers from bytes; past the end every read is 0.
class ByteStream {
 public:
  explicit ByteStream(std::span<const uint8_t> bytes) : bytes_(bytes) {}
  uint8_t U8();
  uint16_t U16();
  uint32_t U32();
  float F32();  // any bit pattern: NaN, infinities and denormals included
  bool empty() const { return at_ >= bytes_.size(); }

 private:
  std::span<const uint8_t> bytes_;
  std::size_t at_ = 0;
};

// `count` bytes of a splitmix64 sequence from `seed`: frame inputs for targets whose input is a
// whole document, so each input still gets its own parameters.
std::vector<uint8_t> PseudoRandomBytes(uint64_t seed, std::size_t count);
uint64_t HashBytes(std::span<const uint8_t> bytes);

// A fuzzed .animbc with its header made consistent with its body, so that mutations of the tables
// and the code get past the container checks: header size 48, body size the rest of the input,
// 11 sections, the body's checksum, and a skeleton hash of a sample when it names none. `seed` is
// the checksum field as the input had it (8 bytes the fuzzer may change freely): what drives the
// frames. Inputs too short for a header, or without the magic, are left as they are.
struct RepairedBytecode {
  std::vector<uint8_t> bytes;
  bool changed = false;
  uint64_t seed = 0;
};
RepairedBytecode RepairBytecodeHeader(std::span<const uint8_t> input);

// Runs up to `frames` frames of BuildTasks + ExecuteTaskList: before each, the script sets
// parameters (any value, type or index, valid or not), fires triggers, moves the LOD cut and picks
// the time step (0, negative, NaN, huge included).
void RunFrames(const ProgramBinding& binding, AnimInstance& instance, ByteStream& script, int frames);

// Graph documents name asset files; paths into /dev, /proc and /sys (a FIFO, /dev/zero) would make
// the fuzzer measure the machine instead of the compiler. Such inputs are skipped.
bool NamesSystemFiles(std::string_view text);

// Assets written as documents (compiler/import/asset_writer.h) and read back are the same assets, as
// tests/import/asset_writer_test.cpp states it: names, parents, inverse binds, tracks, rates and
// translations and scales bit for bit; rotations within 2.5e-7, because the loader normalises every
// quaternion it reads again. Each returns the first difference, or "" when there is none.
std::string SkeletonDifference(const Skeleton& written, const Skeleton& read);
std::string ClipDifference(const Clip& written, const Clip& read);

// An invariant of the project failed on a fuzz input: prints `what` and aborts (a crash for the
// fuzzer, a failed test for the replay).
[[noreturn]] void InvariantFailed(const std::string& what);

}  // namespace anim::fuzz
