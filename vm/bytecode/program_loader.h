// Reads a bytecode file (docs/bytecode.md) into a Program. The loader checks the container: magic,
// version, header and body sizes, checksum, every section complete, in order, with nothing
// trailing. What the tables and code mean is checked by VerifyProgram (program_verifier.h);
// LoadVerifiedProgram does both, and is what a runtime calls.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "vm/bytecode/program.h"

namespace anim {

inline constexpr uint32_t kBytecodeHeaderSize = 48;
inline constexpr char kBytecodeMagic[4] = {'A', 'N', 'B', 'C'};

enum class LoadOutcome : uint8_t {
  Ok,
  // The file is bytecode of another version. `program` is header-only (just `version`: nothing
  // else of another version's layout is trusted), so the runtime can still bind it, warn once and
  // show the bind pose.
  VersionMismatch,
  Error,
};

struct LoadResult {
  LoadOutcome outcome = LoadOutcome::Error;
  std::string error;  // empty when Ok; for VersionMismatch it names both versions
  Program program;
  uint32_t file_version = 0;  // the version the file declares (0 when unreadable)

  bool ok() const { return outcome == LoadOutcome::Ok; }
};

// Parses `bytes` without verifying the program's meaning.
LoadResult LoadProgram(std::span<const uint8_t> bytes);

// Parses and verifies: an Ok result is safe to bind and run.
LoadResult LoadVerifiedProgram(std::span<const uint8_t> bytes);

}  // namespace anim
