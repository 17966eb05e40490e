// Program -> .animbc bytes, exactly as docs/bytecode.md lays them out: the 48-byte header, then
// the sections CODE CNST PARM CLIP CLCK SCOP MACH MASK BONE SNAP DEBG in that order, little-endian,
// with the FNV-1a 64 checksum of the body in the header.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "vm/bytecode/program.h"

namespace anim::codegen {

inline constexpr uint32_t kHeaderSize = 48;
inline constexpr uint32_t kSectionCount = 16;

// Names longer than 65535 bytes cannot be stored (codegen refuses such graphs); the writer keeps
// the first 65535 bytes.
std::vector<uint8_t> WriteProgram(const Program& program);

}  // namespace anim::codegen
