// The fuzz targets (docs/fuzzing.md): one function per target, each taking one input as libFuzzer
// gives it and driving the project's own entry points with bounded work. libFuzzer's main calls
// them (libfuzzer_main.cpp), and so does the normal suite's replay of the committed corpus and of
// every regression input (replay_test.cpp). Each returns 0; a bug is a crash, a sanitizer report,
// an uncaught exception or a failed invariant (abort).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace anim::fuzz {

// A graph document (YAML or JSON; assets resolve against samples/): ParseGraph, CompileGraph,
// the bytes written and loaded back (they must verify), a few frames of the program.
int FuzzGraphDocument(const uint8_t* data, std::size_t size);
// A scenario document read against each sample program, then a few frames of it.
int FuzzScenario(const uint8_t* data, std::size_t size);
// A skeleton document and a clip document (against the humanoid skeleton): ParseSkeleton, ParseClip.
int FuzzAssetDocument(const uint8_t* data, std::size_t size);
// A .gltf or .glb file: ImportGltf, at the source's rate and at a fixed one.
int FuzzGltf(const uint8_t* data, std::size_t size);
// A .animbc file: LoadVerifiedProgram, ProgramBinding::Bind to the sample assets, BuildTasks and
// ExecuteTaskList over a few frames with parameters from the input.
int FuzzBytecode(const uint8_t* data, std::size_t size);
// A .animbc file run through anim-dump's frame capture and every writer (text, JSON, SVG, DOT,
// trace, run report, disassembly).
int FuzzDumpWriters(const uint8_t* data, std::size_t size);
// An .animcap file: DecodeCapture, written back, and replayed (ReplayCapture) against the sample
// whose skeleton it names.
int FuzzCapture(const uint8_t* data, std::size_t size);

using FuzzFunction = int (*)(const uint8_t*, std::size_t);

struct FuzzTarget {
  std::string_view name;  // tests/fuzz/corpus/<name>, tests/fuzz/regressions/<name>, anim-fuzz-<name>
  FuzzFunction run;
};

inline constexpr FuzzTarget kFuzzTargets[] = {
    {"graph", FuzzGraphDocument}, {"scenario", FuzzScenario}, {"assets", FuzzAssetDocument},
    {"gltf", FuzzGltf},           {"bytecode", FuzzBytecode}, {"writers", FuzzDumpWriters},
    {"capture", FuzzCapture},
};

}  // namespace anim::fuzz
